import { expect } from 'vitest';
import type { SeasonType } from '../../src/domain/constants';
import type { Agent, TestServer } from '../support/testServer';

const DAY = 86_400_000;

/** A valid POST /v1/season body starting in 30 days (entry open), its playoff dues in bracket order. */
export function seasonBody(name: string, overrides: Record<string, unknown> = {}) {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const s = start.getTime() + 30 * DAY;
  return {
    name,
    startDate: s,
    playoffWeeks: 4,
    entryFee: 20,
    prizePoolInfo: '€1,000 to the champions of each division',
    seasonInfo: 'Made by a test',
    published: true,
    round1DueBy: s + 35 * DAY,
    losers1DueBy: s + 37 * DAY,
    round2DueBy: s + 42 * DAY,
    losers2DueBy: s + 44 * DAY,
    winnersFinalDueBy: s + 49 * DAY,
    losers3DueBy: s + 51 * DAY,
    losersFinalDueBy: s + 56 * DAY,
    grandFinalDueBy: s + 63 * DAY,
    ...overrides,
  };
}

/** Creates a season as the admin and answers its id (from the answer, else from the admin list by name). */
export async function createSeason(admin: Agent, name: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post('/v1/season', seasonBody(name, overrides));
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  if (typeof res.body?.id === 'number') return res.body.id;
  const list = await admin.get(`/v1/season/all-seasons?pageNo=1&perPage=10&search=${encodeURIComponent(name)}`);
  const found = (list.body.results as { id: number; name: string }[]).find((s) => s.name === name);
  expect(found, `season ${name} in the admin list`).toBeTruthy();
  return found!.id;
}

export interface Captain {
  discordName: string;
  teamId: number;
}

/** Captains of the demo league's teams, `count` of them from `offset` on. */
export async function demoCaptains(server: TestServer, count: number, offset = 0): Promise<Captain[]> {
  const res = await server.agent().get('/v1/user?perPage=100');
  expect(res.status).toBe(200);
  const captains = (res.body.results as { discordName: string; teamId: number | null; teamRole: string | null }[]).filter(
    (u) => u.teamRole === 'CAPTAIN' && u.teamId !== null,
  );
  expect(captains.length).toBeGreaterThanOrEqual(offset + count);
  return captains.slice(offset, offset + count).map((c) => ({ discordName: c.discordName, teamId: c.teamId! }));
}

/** The captain joins the season for their team and pays with the local provider's succeeding test card. */
export async function joinAndPay(server: TestServer, seasonId: number, captain: Captain) {
  const agent = await server.agent().signIn(captain.discordName);
  const joined = await agent.post(`/v1/billing/join-season/${seasonId}/${captain.teamId}`, { termsAccepted: true });
  expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  const paid = await agent.post('/v1/billing/local/confirm', { clientSecret: joined.body.clientSecret, cardNumber: '4242 4242 4242 4242' });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
}

const STEPS: Record<SeasonType, string[]> = {
  OPEN: [],
  CLOSED: ['close-signups'],
  GROUP_STAGES: ['close-signups', 'division-splits', 'progress-playoffs'],
  PLAYOFFS: ['close-signups', 'division-splits', 'progress-playoffs', 'progress-double-elim'],
  COMPLETE: [],
};

/** A fresh season with `teams` paid entries, stepped through the API into `state` (not COMPLETE). */
export async function seasonIn(server: TestServer, admin: Agent, state: SeasonType, name: string, teams = 8, offset = 0): Promise<number> {
  const id = await createSeason(admin, name);
  for (const captain of await demoCaptains(server, teams, offset)) await joinAndPay(server, id, captain);
  for (const step of STEPS[state]) {
    const res =
      step === 'division-splits'
        ? await admin.patch(`/v1/season/${id}/division-splits`, { divisionSplits: [teams] })
        : await admin.post(`/v1/season/${id}/${step}`);
    expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  }
  return id;
}

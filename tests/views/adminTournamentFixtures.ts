import { expect } from 'vitest';
import type { Agent, TestServer } from '../support/testServer';

export interface Player {
  id: number;
  discordName: string;
}

/** Players of the demo league (role USER, not banned), `count` of them from `offset` on. */
export async function demoPlayers(server: TestServer, count: number, offset = 0): Promise<Player[]> {
  const res = await server.agent().get('/v1/user?perPage=100');
  expect(res.status).toBe(200);
  const players = (res.body.results as (Player & { role: string })[]).filter((u) => u.role === 'USER');
  return players.slice(offset, offset + count).map(({ id, discordName }) => ({ id, discordName }));
}

const DAY = 86_400_000;

/** Creates a tournament through the API as the signed-in admin and answers its id. */
export async function createTournament(admin: Agent, overrides: Record<string, unknown> = {}): Promise<number> {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const res = await admin.post('/v1/tournament', {
    title: `Fixture Cup ${Math.random().toString(36).slice(2, 8)}`,
    subTitle: 'A fixture',
    description: 'Made by a test',
    entryFee: 0,
    startDate: start.getTime() + DAY,
    startTime: '19:00',
    endDate: start.getTime() + DAY,
    signUpClose: start.getTime() + DAY,
    tournamentType: 'TOURNAMENT',
    teamLimit: 1,
    rules: 'https://clutch.gg/rules/fixture',
    prizePoolInfo: 'None',
    host: 'AdminAce',
    game: 'CODMW3',
    platforms: ['PC'],
    allowSignups: true,
    allowScoreSubmission: true,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** Signs each player in and joins the (free, solo or SWITCHEROO) tournament. */
export async function joinAll(server: TestServer, tournamentId: number, players: Player[]) {
  for (const p of players) {
    const agent = await server.agent().signIn(p.discordName);
    const res = await agent.post(`/v1/billing/join-tournament/${tournamentId}/${p.id}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** A signed-in admin agent. */
export const adminAgent = (server: TestServer, name = 'AdminAce') => server.agent().signIn(name);

interface MatchRow {
  id: number;
  entryAId: number | null;
  entryBId: number | null;
  entryAbye: boolean;
  entryBbye: boolean;
  winningEntry: string;
  live: boolean;
}

/** Sets maps and modes for every round and starts a CLOSED tournament through the API. */
export async function startViaApi(admin: Agent, id: number) {
  const t = (await admin.get(`/v1/tournament/${id}`)).body;
  const maps = (t.roundNames as string[]).map((roundName) => ({ roundName, value: 'Hardpoint on Vista' }));
  expect((await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: maps })).status).toBe(200);
  const started = await admin.post(`/v1/tournament/${id}/start`);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
}

/** Plays the bracket out through the admin score calls (side A wins 2–1) until the tournament completes. */
export async function playOut(admin: Agent, id: number) {
  for (let round = 0; round < 64; round++) {
    const matches = (await admin.get(`/v1/tournament/${id}/match`)).body as MatchRow[];
    const ready = matches.filter((m) => m.live && m.winningEntry === '' && m.entryAId && m.entryBId && !m.entryAbye && !m.entryBbye);
    if (ready.length === 0) break;
    const res = await admin.post(`/v1/tournament/${id}/match/${ready[0].id}/admin`, { entryAScore: 2, entryBScore: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  expect((await admin.get(`/v1/tournament/${id}`)).body.status).toBe('COMPLETED');
}

export type Status = 'OPEN' | 'CLOSED' | 'ACTIVE' | 'COMPLETED';

/** A 4-player solo tournament titled `title`, brought to `status` through the API. */
export async function tournamentIn(server: TestServer, status: Status, title: string, playerOffset = 60): Promise<number> {
  const admin = await adminAgent(server);
  const id = await createTournament(admin, { title });
  await joinAll(server, id, await demoPlayers(server, 4, playerOffset));
  if (status === 'OPEN') return id;
  expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
  if (status === 'CLOSED') return id;
  await startViaApi(admin, id);
  if (status === 'ACTIVE') return id;
  await playOut(admin, id);
  return id;
}

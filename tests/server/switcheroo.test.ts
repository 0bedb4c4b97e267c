import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestServer, type Agent } from '../support/testServer';
import { tournamentEntries } from '../../server/db/schema';
import { createTournament } from './tournaments.fixtures';
import { PAIRING, TOURNAMENT_ERRORS } from '../../src/domain/messages';

const server = useTestServer({ seed: true });
let admin: Agent;
let players: { id: number; discordName: string }[];

const DAY = 86_400_000;

async function createSwitcheroo(switcherooType: 'SINGLES' | 'DOUBLES', signUps: number, offset: number) {
  const res = await admin.post('/v1/tournament', {
    title: `Pairing ${switcherooType} ${offset}`,
    subTitle: 'Pairing test',
    description: 'Mixed partners',
    entryFee: 0,
    startDate: Date.now() + DAY,
    startTime: '20:00',
    endDate: Date.now() + DAY,
    signUpClose: Date.now() + DAY,
    tournamentType: 'SWITCHEROO',
    switcherooType,
    signUpLimit: 16,
    rules: 'https://clutch.gg/rules/switcheroo',
    prizePoolInfo: 'None',
    host: 'AdminAce',
    game: 'CODMW3',
    platforms: ['PC'],
  });
  expect(res.status).toBe(201);
  const id = res.body.id as number;
  const joined = players.slice(offset, offset + signUps);
  for (const p of joined) {
    const agent = await server.agent().signIn(p.discordName);
    expect((await agent.post(`/v1/billing/join-tournament/${id}/${p.id}`, {})).status).toBe(200);
  }
  return { id, joined };
}

/** A solo TOURNAMENT (team limit 1), OPEN; answers its id. */
const createSolo = (title: string) => createTournament(admin, { title, teamLimit: 1 });

const save = (id: number, teams: unknown[]) => admin.post(`/v1/tournament/${id}/switcheroo/teams`, { teams });

beforeAll(async () => {
  admin = await server.agent().signIn('AdminAce');
  const list = await admin.get('/v1/user?perPage=100');
  players = list.body.results.filter((u: { role: string }) => u.role === 'USER');
}, 120_000);

describe('POST /v1/tournament/{id}/switcheroo/teams', () => {
  it('is for staff only', async () => {
    const { id, joined } = await createSwitcheroo('SINGLES', 2, 0);
    expect((await server.agent().post(`/v1/tournament/${id}/switcheroo/teams`, { teams: [] })).status).toBe(401);
    const player = await server.agent().signIn(joined[0].discordName);
    expect((await player.post(`/v1/tournament/${id}/switcheroo/teams`, { teams: [] })).status).toBe(403);
  });

  it('pairs only a CLOSED SWITCHEROO', async () => {
    const { id, joined } = await createSwitcheroo('SINGLES', 2, 2);
    const open = await save(id, [{ name: 'Alpha', slots: [joined[0].id, null, null, null] }]);
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(PAIRING.notClosed);

    const regular = await createSolo('Not a switcheroo');
    expect((await admin.post(`/v1/tournament/${regular}/close`)).status).toBe(200);
    const notSwitcheroo = await admin.post(`/v1/tournament/${regular}/switcheroo/teams`, { teams: [] });
    expect(notSwitcheroo.status).toBe(409);
    expect(notSwitcheroo.body.message).toBe(TOURNAMENT_ERRORS.notSwitcheroo);
  });

  it('seats the players by slot, makes the first one captain, and answers the board', async () => {
    const { id, joined } = await createSwitcheroo('SINGLES', 6, 4);
    expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
    const [a, b, c, d, e, f] = joined.map((p) => p.id);

    const res = await save(id, [
      { name: 'Alpha', slots: [null, a, b, c] },
      { name: 'Bravo', slots: [d, null, null, null] },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.entries.map((en: { userId: number }) => en.userId).sort()).toEqual([e, f].sort());
    expect(res.body.freeSubstituteSlots).toBe(16 - 6);
    const alpha = res.body.teams.find((t: { name: string }) => t.name === 'Alpha');
    expect(alpha.users.map((u: { id: number }) => u.id).sort()).toEqual([a, b, c].sort());
    expect(alpha.users.find((u: { teamRole: string }) => u.teamRole === 'CAPTAIN').id).toBe(a);

    // Move d into Alpha's free slot A, drop Bravo (it has nobody left), add Charlie.
    const again = await save(id, [
      { id: alpha.id, name: 'Alpha Squad', slots: [d, a, b, c] },
      { id: res.body.teams.find((t: { name: string }) => t.name === 'Bravo').id, name: 'Bravo', slots: [null, null, null, null] },
      { name: 'Charlie', slots: [e, f, null, null] },
    ]);
    expect(again.status).toBe(200);
    expect(again.body.teams.map((t: { name: string }) => t.name)).toEqual(['Alpha Squad', 'Charlie']);
    expect(again.body.entries).toEqual([]);
    const detail = await admin.get(`/v1/tournament/temporary-team/${alpha.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.users.map((u: { id: number }) => u.id).sort()).toEqual([a, b, c, d].sort());
  });

  it('refuses a player seated twice, a player who did not sign up, too many slots and unknown teams', async () => {
    const { id, joined } = await createSwitcheroo('DOUBLES', 3, 10);
    expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
    const [a, b] = joined.map((p) => p.id);

    const twice = await save(id, [
      { name: 'One', slots: [a, b] },
      { name: 'Two', slots: [a, null] },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(PAIRING.seatedTwice(joined[0].discordName));

    const stranger = players[40].id;
    const notSignedUp = await save(id, [{ name: 'One', slots: [a, stranger] }]);
    expect(notSignedUp.status).toBe(409);
    expect(notSignedUp.body.message).toBe(PAIRING.notSignedUp);

    const tooMany = await save(id, [{ name: 'One', slots: [a, b, null] }]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(PAIRING.tooManySlots(2));

    const sameName = await save(id, [
      { name: 'One', slots: [a, null] },
      { name: 'one', slots: [b, null] },
    ]);
    expect(sameName.status).toBe(400);

    const blank = await save(id, [{ name: '  ', slots: [a, null] }]);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(PAIRING.teamName);

    const unknown = await save(id, [{ id: 999999, name: 'Ghost', slots: [a, null] }]);
    expect(unknown.status).toBe(404);

    // Nothing of the refused saves was written.
    const board = await admin.get(`/v1/tournament/${id}/entries/switcheroo`);
    expect(board.body.teams).toEqual([]);
    expect(board.body.entries).toHaveLength(3);
  });

  it('lets a paired SWITCHEROO start with its teams as the bracket entries', async () => {
    const { id, joined } = await createSwitcheroo('DOUBLES', 4, 14);
    expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
    const [a, b, c, d] = joined.map((p) => p.id);
    expect((await save(id, [{ name: 'Left', slots: [a, b] }, { name: 'Right', slots: [c, d] }])).status).toBe(200);

    const detail = (await admin.get(`/v1/tournament/${id}`)).body;
    const maps = (detail.roundNames as string[]).map((roundName) => ({ roundName, value: 'Hardpoint' }));
    expect((await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: maps })).status).toBe(200);
    const start = await admin.post(`/v1/tournament/${id}/start`);
    expect(start.status).toBe(200);
    const matches = (await admin.get(`/v1/tournament/${id}/match`)).body as { teamA: { name: string } | null; teamB: { name: string } | null }[];
    const names = matches.flatMap((m) => [m.teamA?.name, m.teamB?.name]).filter(Boolean);
    expect(new Set(names)).toEqual(new Set(['Left', 'Right']));
  });
});

describe('the admin entries list’s "playing" flag (the maps screen, seasons-and-admin §3)', () => {
  type Row = { discordName?: string; name?: string; playing?: boolean };
  const playing = async (id: number) =>
    Object.fromEntries(((await admin.get(`/v1/tournament/${id}/entries/admin?notPaginated=true`)).body.results as Row[]).map((e) => [e.discordName ?? e.name, e.playing]));

  it('marks a SWITCHEROO player playing once paired into a team, before and after the start; the team entries play', async () => {
    const { id, joined } = await createSwitcheroo('DOUBLES', 5, 20);
    expect((await admin.post(`/v1/tournament/${id}/close`)).status).toBe(200);
    const [a, b, c, d, spare] = joined;
    expect(Object.values(await playing(id))).toEqual([false, false, false, false, false]);
    expect((await save(id, [{ name: 'Dawn', slots: [a.id, b.id] }, { name: 'Dusk', slots: [c.id, d.id] }])).status).toBe(200);
    const before = await playing(id);
    expect([a, b, c, d].map((p) => before[p.discordName])).toEqual([true, true, true, true]);
    expect(before[spare.discordName]).toBe(false);

    const detail = (await admin.get(`/v1/tournament/${id}`)).body;
    const maps = (detail.roundNames as string[]).map((roundName) => ({ roundName, value: 'Hardpoint' }));
    expect((await admin.patch(`/v1/tournament/${id}`, { mapsAndModes: maps })).status).toBe(200);
    expect((await admin.post(`/v1/tournament/${id}/start`)).status).toBe(200);
    const after = await playing(id);
    expect([after.Dawn, after.Dusk, ...[a, b, c, d].map((p) => after[p.discordName])]).toEqual([true, true, true, true, true, true]);
    expect(after[spare.discordName]).toBe(false);
    // The public list does not carry the flag.
    expect((await server.agent().get(`/v1/tournament/${id}/entries`)).body.results[0].playing).toBeUndefined();
  });

  it('marks every entry of a solo tournament playing but a refunded one', async () => {
    const id = await createSolo('Playing flags');
    for (const p of players.slice(30, 33)) {
      expect((await (await server.agent().signIn(p.discordName)).post(`/v1/billing/join-tournament/${id}/${p.id}`, {})).status).toBe(200);
    }
    await server.db.update(tournamentEntries).set({ refunded: true }).where(and(eq(tournamentEntries.tournamentId, id), eq(tournamentEntries.userId, players[32].id)));
    const flags = await playing(id);
    expect(players.slice(30, 33).map((p) => flags[p.discordName])).toEqual([true, true, false]);
  });
});

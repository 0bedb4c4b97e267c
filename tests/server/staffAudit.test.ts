import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { auditLog, seasonEntries, teams, temporaryTeams, tournamentEntries, tournaments, users } from '../../server/db/schema';
import { useTestServer, type Agent, type Reply } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { ROUTE_TABLE } from '../support/routeTable';
import { assert } from 'superstruct';
import { AuditEntry } from '../../src/api/contract/audit';
import { Paged } from '../../src/api/contract/common';
import { createTournament as createTournamentApi, multipartFile, PNG, setStatus, startDiscordFake, tournamentBody, type DiscordFake } from './tournaments.fixtures';
import { bracketOf, createTournament as createBracket } from './bracketsKit';
import { createSeason, enterTeams, newTeam, seasonBody } from './seasons.fixtures';
import { seasonInGroupStages } from './seasonMatches.fixtures';

/**
 * Issue 26, finding 7: every staff action that changes someone's data writes an audit row, in its own transaction.
 * The staff write routes are those the authorization matrix lets staff through (`staff`, and `teamStaff` called as
 * staff), plus the calls where staff act on someone else (a transfer cancelled for a team, a player signed up on
 * their behalf). Each has a case here that makes the call succeed as staff; the test fails for a route without a case
 * and for a case whose call writes no audit row by the caller.
 */

type Call = { path: string; body?: unknown; upload?: boolean; as?: 'owner' };
type Case = { exempt: string } | ((ctx: Ctx) => Promise<Call>);

interface Ctx {
  admin: Agent;
  db: ReturnType<typeof useTestServer>['db'];
  agentOf(name: string): Promise<Agent>;
}

const CARD_OK = '4242 4242 4242 4242';
const score = { entryAScore: 2, entryBScore: 1 };

/** A team tournament (OPEN) with one temporary team: its captain and a member, and a free player. */
async function tournamentTeam(ctx: Ctx) {
  const tournament = await createTournamentApi(ctx.admin, { teamLimit: 4 });
  const [captain, member, player] = [await insertUser(ctx.db), await insertUser(ctx.db), await insertUser(ctx.db)];
  const joined = await (await ctx.agentOf(captain.discordName)).post(`/v1/billing/join-tournament/${tournament}/${captain.id}`, { name: `Audit ${tournament}` });
  expect(joined.body).toBe(true);
  const [team] = await ctx.db.select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, tournament));
  const added = await ctx.admin.post(`/v1/tournament/temporary-team/${team.id}/admin/members/${member.id}`);
  expect(added.status).toBeLessThan(300);
  return { tournament, team: team.id, captain, member, player };
}

/** A season whose type is `step`'s starting point, through the API. */
async function seasonAt(ctx: Ctx, server: ReturnType<typeof useTestServer>, state: 'OPEN' | 'CLOSED' | 'SPLIT' | 'GROUP_STAGES' | 'PLAYOFFS') {
  if (state === 'GROUP_STAGES' || state === 'PLAYOFFS') {
    const season = await seasonInGroupStages(server, ctx.admin, 4);
    if (state === 'PLAYOFFS') {
      for (const m of await season.groupMatches()) expect((await ctx.admin.post(`/v1/match/${m.id}/admin`, score)).status).toBe(200);
      expect((await ctx.admin.post(`/v1/season/${season.id}/progress-double-elim`)).status).toBe(200);
    }
    return season.id;
  }
  const id = await createSeason(ctx.admin);
  await enterTeams(server, id, 4);
  if (state === 'OPEN') return id;
  expect((await ctx.admin.post(`/v1/season/${id}/close-signups`)).status).toBe(200);
  if (state === 'SPLIT') expect((await ctx.admin.patch(`/v1/season/${id}/division-splits`, { divisionSplits: [4] })).status).toBe(200);
  return id;
}

describe('an audit row for every staff action', () => {
  let discord: DiscordFake;
  // Before the server: its configuration names the fake Discord.
  beforeAll(async () => {
    discord = await startDiscordFake();
  }, 30_000);
  const server = useTestServer(() => ({ config: { discordBot: { token: discord.token, guildId: discord.guildId, apiBase: discord.url } } }));
  let ctx: Ctx;
  let owner: Agent;
  let adminId = 0;
  let ownerId = 0;
  beforeAll(async () => {
    const admin = await insertUser(server.db, { role: 'ADMIN' });
    const ownerRow = await insertUser(server.db, { role: 'OWNER' });
    [adminId, ownerId] = [admin.id, ownerRow.id];
    ctx = { admin: await server.signIn(admin.discordName), db: server.db, agentOf: (name) => server.signIn(name) };
    owner = await server.signIn(ownerRow.discordName);
  });
  afterAll(() => discord?.close());

  const T = '/v1/tournament';
  const league = async () => newTeam(server, { players: 2 });
  const CASES: Record<string, Case> = {
    // ── users and staff
    'POST /v1/user/ban/:id': async ({ db }) => ({ path: `/v1/user/ban/${(await insertUser(db)).id}` }),
    'PATCH /v1/user/staff/:id': async ({ db }) => ({ path: `/v1/user/staff/${(await insertUser(db)).id}`, body: { role: 'ADMIN' }, as: 'owner' }),
    'PATCH /v1/user/:id': async ({ db }) => ({ path: `/v1/user/${(await insertUser(db)).id}`, body: { wins: 9 } }),
    // ── tournaments
    'POST /v1/tournament': async () => ({ path: T, body: tournamentBody() }),
    'PATCH /v1/tournament/:id': async ({ admin }) => ({ path: `${T}/${await createTournamentApi(admin)}`, body: { title: 'Renamed by staff' } }),
    'POST /v1/tournament/:id/logo': async ({ admin }) => ({ path: `${T}/${await createTournamentApi(admin)}/logo`, upload: true }),
    'DELETE /v1/tournament/:id': async ({ admin }) => ({ path: `${T}/${await createTournamentApi(admin)}` }),
    'POST /v1/tournament/:id/close': async ({ admin }) => ({ path: `${T}/${await createTournamentApi(admin)}/close` }),
    'POST /v1/tournament/:id/open': async ({ admin }) => {
      const id = await createTournamentApi(admin);
      await setStatus(server, id, 'CLOSED');
      return { path: `${T}/${id}/open` };
    },
    'POST /v1/tournament/:id/start': async ({ admin, db }) => {
      const f = await createBracket(db, { ranks: [2000, 1990, 1980, 1970], status: 'CLOSED', generate: false });
      const { roundNames } = (await admin.get(`${T}/${f.tournamentId}`)).body as { roundNames: string[] };
      await db.update(tournaments).set({ mapsAndModes: roundNames.map((roundName) => ({ roundName, value: 'Hardpoint' })) }).where(eq(tournaments.id, f.tournamentId));
      return { path: `${T}/${f.tournamentId}/start` };
    },
    'DELETE /v1/tournament/:id/discord': async ({ db }) => ({ path: `${T}/${(await createBracket(db, { ranks: [2000, 1990], status: 'COMPLETED' })).tournamentId}/discord` }),
    'DELETE /v1/tournament/:id/entries/:entryId': async (c) => {
      const id = await createTournamentApi(c.admin);
      const player = await insertUser(c.db);
      expect((await (await c.agentOf(player.discordName)).post(`/v1/billing/join-tournament/${id}/${player.id}`, {})).body).toBe(true);
      const [entry] = await c.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id));
      return { path: `${T}/${id}/entries/${entry.id}` };
    },
    'POST /v1/billing/refund-tournament-entry/:tournamentId/:entryId': async (c) => {
      const id = await createTournamentApi(c.admin, { entryFee: 5 });
      const player = await insertUser(c.db);
      const agent = await c.agentOf(player.discordName);
      const secret = (await agent.post(`/v1/billing/join-tournament/${id}/${player.id}`, {})).body.clientSecret as string;
      expect((await agent.post('/v1/billing/local/confirm', { clientSecret: secret, cardNumber: CARD_OK })).body.status).toBe('SUCCEEDED');
      const [entry] = await c.db.select().from(tournamentEntries).where(eq(tournamentEntries.tournamentId, id));
      return { path: `/v1/billing/refund-tournament-entry/${id}/${entry.id}` };
    },
    // Staff sign a player up on their behalf (free): someone else's data.
    'POST /v1/billing/join-tournament/:tournamentId/:teamOrUserId': async ({ admin, db }) => ({
      path: `/v1/billing/join-tournament/${await createTournamentApi(admin)}/${(await insertUser(db)).id}`,
      body: {},
    }),
    'POST /v1/tournament/:id/match/:matchId/admin': async ({ db }) => {
      const f = await createBracket(db, { ranks: [2000, 1990, 1980, 1970] });
      const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
      return { path: `${T}/${f.tournamentId}/match/${m.id}/admin`, body: score };
    },
    'PATCH /v1/tournament/:id/match/:matchId': async ({ db }) => {
      const f = await createBracket(db, { ranks: [2000, 1990, 1980, 1970] });
      const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(1);
      const other = f.entryIds.find((id) => id !== m.entryAId && id !== m.entryBId)!;
      return { path: `${T}/${f.tournamentId}/match/${m.id}`, body: { entryAId: other } };
    },
    'POST /v1/tournament/:id/reset': async ({ db }) => ({ path: `${T}/${(await createBracket(db, { ranks: [2000, 1990, 1980, 1970] })).tournamentId}/reset` }),
    'POST /v1/tournament/:id/switcheroo/teams': async (c) => {
      const id = await createTournamentApi(c.admin, { tournamentType: 'SWITCHEROO', switcherooType: 'SINGLES', signUpLimit: 16 });
      const players = [await insertUser(c.db), await insertUser(c.db)];
      for (const p of players) expect((await (await c.agentOf(p.discordName)).post(`/v1/billing/join-tournament/${id}/${p.id}`, {})).body).toBe(true);
      await setStatus(server, id, 'CLOSED');
      return { path: `${T}/${id}/switcheroo/teams`, body: { teams: [{ name: 'Alpha', slots: [players[0].id, players[1].id, null, null] }] } };
    },
    // ── tournament (temporary) teams
    'PATCH /v1/tournament/temporary-team/:id/admin': async (c) => ({ path: `${T}/temporary-team/${(await tournamentTeam(c)).team}/admin`, body: { name: 'Renamed by staff' } }),
    'POST /v1/tournament/temporary-team/:id/admin/members/:userId': async (c) => {
      const f = await tournamentTeam(c);
      return { path: `${T}/temporary-team/${f.team}/admin/members/${f.player.id}` };
    },
    'DELETE /v1/tournament/temporary-team/:id/admin/members/:userId': async (c) => {
      const f = await tournamentTeam(c);
      return { path: `${T}/temporary-team/${f.team}/admin/members/${f.member.id}` };
    },
    'PATCH /v1/tournament/temporary-team/:id/admin/members/:userId': async (c) => {
      const f = await tournamentTeam(c);
      return { path: `${T}/temporary-team/${f.team}/admin/members/${f.member.id}` };
    },
    'DELETE /v1/tournament/temporary-team/:id/logo': async (c) => {
      const f = await tournamentTeam(c);
      await c.db.update(temporaryTeams).set({ logoUrl: '/v1/images/999999' }).where(eq(temporaryTeams.id, f.team));
      return { path: `${T}/temporary-team/${f.team}/logo` };
    },
    'DELETE /v1/tournament/temporary-team/:id': async (c) => ({ path: `${T}/temporary-team/${(await tournamentTeam(c)).team}` }),
    // ── seasons
    'POST /v1/season': async () => ({ path: '/v1/season', body: seasonBody() }),
    'PATCH /v1/season/:id': async ({ admin }) => ({ path: `/v1/season/${await createSeason(admin)}`, body: seasonBody({ name: 'Renamed Season' }) }),
    'DELETE /v1/season/:id': async ({ admin }) => ({ path: `/v1/season/${await createSeason(admin)}` }),
    'POST /v1/season/:id/close-signups': async (c) => ({ path: `/v1/season/${await seasonAt(c, server, 'OPEN')}/close-signups` }),
    'POST /v1/season/:id/reopen-signups': async (c) => ({ path: `/v1/season/${await seasonAt(c, server, 'CLOSED')}/reopen-signups` }),
    'PATCH /v1/season/:id/division-splits': async (c) => ({ path: `/v1/season/${await seasonAt(c, server, 'CLOSED')}/division-splits`, body: { divisionSplits: [4] } }),
    'POST /v1/season/:id/progress-playoffs': async (c) => ({ path: `/v1/season/${await seasonAt(c, server, 'SPLIT')}/progress-playoffs` }),
    'POST /v1/season/:id/reset-group-stages': async (c) => ({ path: `/v1/season/${await seasonAt(c, server, 'GROUP_STAGES')}/reset-group-stages` }),
    'POST /v1/season/:id/progress-double-elim': async (c) => ({ path: `/v1/season/${await seasonAt(c, server, 'GROUP_STAGES')}/progress-double-elim` }),
    'POST /v1/season/:id/revert-to-group-stages': async (c) => ({ path: `/v1/season/${await seasonAt(c, server, 'PLAYOFFS')}/revert-to-group-stages` }),
    'POST /v1/season/:id/reset-double-elim/:divisionId': async (c) => {
      const id = await seasonAt(c, server, 'PLAYOFFS');
      const [entry] = await c.db.select().from(seasonEntries).where(eq(seasonEntries.seasonId, id)).orderBy(asc(seasonEntries.id));
      return { path: `/v1/season/${id}/reset-double-elim/${entry.divisionId}` };
    },
    'DELETE /v1/billing/remove-team/:seasonId/:teamId': async (c) => {
      const id = await seasonAt(c, server, 'OPEN');
      const [entry] = await c.db.select().from(seasonEntries).where(eq(seasonEntries.seasonId, id));
      return { path: `/v1/billing/remove-team/${id}/${entry.teamId}` };
    },
    'POST /v1/billing/refund-entry/:seasonId/:teamId': async (c) => {
      const id = await createSeason(c.admin, { entryFee: 5 });
      const { team, agent } = await newTeam(server, { players: 3 });
      const secret = (await agent.post(`/v1/billing/join-season/${id}/${team.id}`, { termsAccepted: true })).body.clientSecret as string;
      expect((await agent.post('/v1/billing/local/confirm', { clientSecret: secret, cardNumber: CARD_OK })).body.status).toBe('SUCCEEDED');
      return { path: `/v1/billing/refund-entry/${id}/${team.id}` };
    },
    'POST /v1/match/:id/admin': async (c) => {
      const season = await seasonInGroupStages(server, c.admin, 4);
      const [match] = await season.groupMatches();
      return { path: `/v1/match/${match.id}/admin`, body: score };
    },
    'PUT /v1/match/test-increase': { exempt: 'Test Elo computes a rating and changes nothing' },
    'PUT /v1/match/test-decrease': { exempt: 'Test Elo computes a rating and changes nothing' },
    // ── league teams
    'PATCH /v1/team/:id': async () => ({ path: `/v1/team/${(await league()).team.id}`, body: { name: `Staff Renamed ${Date.now()}` } }),
    'DELETE /v1/team/:id/logo': async ({ db }) => {
      const { team } = await league();
      await db.update(teams).set({ logoUrl: '/v1/images/999999' }).where(eq(teams.id, team.id));
      return { path: `/v1/team/${team.id}/logo` };
    },
    'POST /v1/team/:id/admin/members/:userId': async ({ db }) => ({ path: `/v1/team/${(await league()).team.id}/admin/members/${(await insertUser(db)).id}` }),
    'DELETE /v1/team/:id/admin/members/:userId': async () => {
      const { team, members } = await league();
      return { path: `/v1/team/${team.id}/admin/members/${members[0].id}` };
    },
    'PATCH /v1/team/:id/admin/members/:userId': async () => {
      const { team, members } = await league();
      return { path: `/v1/team/${team.id}/admin/members/${members[0].id}` };
    },
    'PATCH /v1/team/:id/admin': async () => ({ path: `/v1/team/${(await league()).team.id}/admin`, body: { wins: 12 } }),
    // ── site images and player cards
    ...Object.fromEntries(
      ['homepage', 'season-image', 'tournament-image', 'league-info-image', 'title-logo', 'logo'].map((slot) => [
        `POST /v1/admin/${slot}`,
        async () => ({ path: `/v1/admin/${slot}`, upload: true }),
      ]),
    ),
    'POST /v1/admin/player-card': async () => ({ path: '/v1/admin/player-card', body: { name: 'Audit Card', rank: 3, twitterHandle: 'auditcard' } }),
    'PATCH /v1/admin/player-card/:id/image': async ({ admin }) => {
      const { id } = (await admin.post('/v1/admin/player-card', { name: 'Card For Image', rank: 4, twitterHandle: 'cardimg' })).body as { id: number };
      return { path: `/v1/admin/player-card/${id}/image`, upload: true };
    },
    'DELETE /v1/admin/player-card/:id': async ({ admin }) => {
      const { id } = (await admin.post('/v1/admin/player-card', { name: 'Card To Delete', rank: 5, twitterHandle: 'carddel' })).body as { id: number };
      return { path: `/v1/admin/player-card/${id}` };
    },
    // ── Discord announcements (issue 25): setting a webhook is audited; a test message changes nobody's data.
    'PUT /v1/tournament/:id/announcements': async ({ admin }) => ({
      path: `/v1/tournament/${await createTournamentApi(admin)}/announcements`,
      body: { webhookUrl: 'https://discord.com/api/webhooks/123456789012345678/audit-token-0123456789abcdef' },
    }),
    'POST /v1/tournament/:id/announcements/test': { exempt: 'queues a test message to the webhook staff set; changes nobody’s data' },
    'PUT /v1/season/:id/announcements': async ({ admin }) => ({
      path: `/v1/season/${await createSeason(admin)}/announcements`,
      body: { webhookUrl: 'https://discord.com/api/webhooks/123456789012345678/audit-token-0123456789abcdef' },
    }),
    'POST /v1/season/:id/announcements/test': { exempt: 'queues a test message to the webhook staff set; changes nobody’s data' },
    // ── transfers
    'PATCH /v1/transfer/:id': async () => {
      const { team, members, agent } = await league();
      await server.db.update(teams).set({ transferMode: true }).where(eq(teams.id, team.id));
      const asked = await agent.post(`/v1/transfer/${team.id}/${members[0].id}`);
      return { path: `/v1/transfer/${asked.body.transfer.id}`, body: { approved: true } };
    },
    // Staff withdraw a team's request (someone else's data).
    'DELETE /v1/transfer/:teamId/:userId': async () => {
      const { team, members, agent } = await league();
      await server.db.update(teams).set({ transferMode: true }).where(eq(teams.id, team.id));
      expect((await agent.post(`/v1/transfer/${team.id}/${members[0].id}`)).status).toBe(200);
      return { path: `/v1/transfer/${team.id}/${members[0].id}` };
    },
  };

  /** The staff write routes: what the authorization matrix lets staff through, and the calls staff make for others. */
  const STAFF_ON_OTHERS = ['POST /v1/billing/join-tournament/:tournamentId/:teamOrUserId', 'DELETE /v1/transfer/:teamId/:userId'];
  const staffWriteRoutes = () =>
    server.app.registeredRoutes.filter((route) => {
      const row = ROUTE_TABLE[route];
      if (route.startsWith('GET ') || !row) return false;
      return row.access === 'staff' || row.access === 'teamStaff' || STAFF_ON_OTHERS.includes(route);
    });

  it('has a case for every staff write route, and none for a route that is gone', () => {
    const routes = staffWriteRoutes();
    expect(routes.filter((r) => !(r in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((r) => !routes.includes(r))).toEqual([]);
  });

  const send = async (agent: Agent, method: string, call: Call): Promise<Reply> => {
    if (call.upload) {
      const file = multipartFile(PNG);
      return agent.raw({ method: method as 'POST', url: call.path, payload: file.payload, headers: { 'content-type': file.contentType, 'x-csrf-token': await agent.csrfToken() } });
    }
    return agent.send(method as 'POST', call.path, call.body);
  };
  const lastAuditId = async () => (await server.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]?.id ?? 0;

  it('writes an audit row, by the staff member who called, for every staff write route that succeeds', async () => {
    const silent: string[] = [];
    const refused: string[] = [];
    for (const route of staffWriteRoutes()) {
      const entry = CASES[route];
      if (!entry || 'exempt' in entry) continue;
      const call = await entry(ctx);
      const [method] = route.split(' ');
      const since = await lastAuditId();
      const res = await send(call.as === 'owner' ? owner : ctx.admin, method, call);
      if (res.status >= 300) {
        refused.push(`${route}: ${res.status} ${JSON.stringify(res.body)}`);
        continue;
      }
      const rows = await server.db.select().from(auditLog).where(and(eq(auditLog.actorId, call.as === 'owner' ? ownerId : adminId)));
      if (!rows.some((r) => r.id > since)) silent.push(route);
    }
    expect(refused).toEqual([]);
    expect(silent).toEqual([]);
    // Every row reads back through the audit log's contract (plain values, known actions and targets).
    const log = await owner.get('/v1/admin/audit?perPage=100');
    expect(log.status).toBe(200);
    assert(log.body, Paged(AuditEntry));
    expect(log.body.total).toBeGreaterThanOrEqual(staffWriteRoutes().length - 2);
  }, 600_000);

  it('writes no row for a staff call that is refused, and none for a captain doing the same on their own team', async () => {
    const since = await lastAuditId();
    expect((await ctx.admin.delete('/v1/season/999999')).status).toBe(404);
    expect((await ctx.admin.post(`${T}/999999/close`)).status).toBe(404);
    const { team, agent } = await newTeam(server, { players: 2 });
    await server.db.update(teams).set({ logoUrl: '/v1/images/999999' }).where(eq(teams.id, team.id));
    expect((await agent.delete(`/v1/team/${team.id}/logo`)).status).toBe(204);
    expect(await lastAuditId()).toBe(since);
    const [u] = await server.db.select().from(users).where(eq(users.id, ownerId));
    expect(u.role).toBe('OWNER');
  });
});

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestServer, type Agent, type TestServerHandle } from '../support/testServer';
import { SseClient } from '../support/sseClient';
import { seasons, tournamentMatches, users } from '../../server/db/schema';
import { STREAM_LIMIT_MESSAGES } from '../../server/http/liveStreamLimits';
import { seasonInGroupStages } from './seasonMatches.fixtures';
import { createAdmin, createTournament, createUser } from './bracketsKit';

/** Issue 26, findings 1 and 3: live streams are limited in number and follow the access they were opened with. */

const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Opens streams against one server; closes them after each test. */
function streams(server: TestServerHandle) {
  let base = '';
  const clients: SseClient[] = [];
  beforeAll(async () => {
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  return async (path: string, headers: Record<string, string> = {}) => {
    const client = await SseClient.open(`${base}${path}`, headers);
    clients.push(client);
    return client;
  };
}

describe('open live streams are limited per client address and in total', () => {
  // trustProxy: X-Forwarded-For names the client, so one test machine can be several addresses.
  const server = useTestServer({ config: { liveStreamsPerClient: 3, liveStreamsMax: 5, trustProxy: true } });
  const open = streams(server);
  let tournament = 0;
  beforeAll(async () => {
    tournament = (await createTournament(server.db, { ranks: [2000, 1990, 1980, 1970] })).tournamentId;
  });
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it('counts a plain request (no Accept: text/event-stream) only while it is answered', async () => {
    const path = `/v1/tournament/${tournament}/events`;
    for (let i = 0; i < 10; i++) expect((await server.agent().raw({ method: 'GET', url: path, headers: from('10.0.2.1') })).status).toBe(200);
  });

  it('refuses a fourth stream from one address with 429 and Retry-After, and takes it once one of the three closed', async () => {
    const path = `/v1/tournament/${tournament}/events`;
    const three = [await open(path, from('10.0.0.1')), await open(path, from('10.0.0.1')), await open(path, from('10.0.0.1'))];
    for (const c of three) {
      expect(c.status).toBe(200);
      await c.next('ready');
    }

    const fourth = await open(path, from('10.0.0.1'));
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    // What a client reads: the reason, in words.
    const refused = await server.agent().raw({ method: 'GET', url: path, headers: { accept: 'text/event-stream', ...from('10.0.0.1') } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: STREAM_LIMIT_MESSAGES.client });
    // Another address is not held back by the first one's streams.
    expect((await open(path, from('10.0.0.2'))).status).toBe(200);

    // Streams are counted while open, not per request: closing one frees its place (once the server sees it closed).
    three[0].close();
    let again: SseClient | null = null;
    for (let tries = 0; tries < 50; tries++) {
      again = await open(path, from('10.0.0.1'));
      if (again.status === 200) break;
      await new Promise((r) => setTimeout(r, 40));
    }
    expect(again?.status).toBe(200);
  });

  it('refuses a stream over the instance-wide total with 429, whatever its address', async () => {
    const path = `/v1/tournament/${tournament}/events`;
    const opened = [];
    // The previous test's streams may still be closing on the server: wait for their places.
    for (const address of ['10.0.1.1', '10.0.1.1', '10.0.1.2', '10.0.1.2', '10.0.1.3']) {
      let client = await open(path, from(address));
      for (let tries = 0; client.status === 429 && tries < 50; tries++) {
        await new Promise((r) => setTimeout(r, 40));
        client = await open(path, from(address));
      }
      opened.push(client);
    }
    expect(opened.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);

    const over = await open(path, from('10.0.1.4'));
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const refused = await server.agent().raw({ method: 'GET', url: path, headers: { accept: 'text/event-stream', ...from('10.0.1.5') } });
    expect(refused.body).toEqual({ message: STREAM_LIMIT_MESSAGES.total });
  });
});

describe('open live streams end when the access they were opened with goes', () => {
  const server = useTestServer();
  const open = streams(server);
  let owner: Agent;
  beforeAll(async () => {
    owner = await server.signIn(await createAdmin(server.db, 'OWNER'));
  });

  /** A fresh admin, signed in, with the queue stream open. */
  const adminWithQueue = async () => {
    const name = await createAdmin(server.db);
    const [row] = await server.db.select().from(users).where(eq(users.discordName, name));
    const agent = await server.signIn(name);
    const queue = await open('/v1/match/events', { cookie: cookieOf(agent) });
    expect(queue.status).toBe(200);
    await queue.next('ready');
    return { row, agent, queue };
  };
  /** A change of a match: the queue streams hear of it. */
  const changeAMatch = async () => {
    const f = await createTournament(server.db, { ranks: [2000, 1990] });
    const [m] = await server.db.select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, f.tournamentId));
    await server.db.update(tournamentMatches).set({ dueByDate: 123 }).where(eq(tournamentMatches.id, m.id));
    await server.app.live.settled();
  };

  it('ends the staff queue of an admin demoted to USER, and she hears no later change', async () => {
    const demoted = await adminWithQueue();
    const bystander = await adminWithQueue();

    expect((await owner.patch(`/v1/user/staff/${demoted.row.id}`, { role: 'USER' })).status).toBe(200);

    expect(await demoted.queue.endsWithin(2_000)).toBe(true);
    await changeAMatch();
    expect(demoted.queue.rest().filter((e) => e.event === 'queue')).toEqual([]);
    // Another admin's stream goes on.
    await bystander.queue.next('queue', 2_000);
    expect(bystander.queue.ended).toBe(false);
    // Reconnecting is authorized again, and refused.
    expect((await open('/v1/match/events', { cookie: cookieOf(demoted.agent) })).status).toBe(403);
  });

  it('ends the staff queue opened under a sign-in that logged out, and leaves her other sign-ins alone', async () => {
    const first = await adminWithQueue();
    const second = await server.signIn(first.row.discordName);
    const otherQueue = await open('/v1/match/events', { cookie: cookieOf(second) });
    await otherQueue.next('ready');

    expect((await first.agent.post('/v1/auth/logout')).status).toBeLessThan(300);

    expect(await first.queue.endsWithin(2_000)).toBe(true);
    await changeAMatch();
    await otherQueue.next('queue', 2_000);
    expect(otherQueue.ended).toBe(false);
  });

  it('ends every stream of a banned user, public ones included', async () => {
    const staffMember = await adminWithQueue();
    const f = await createTournament(server.db, { ranks: [2000, 1990, 1980, 1970] });
    const bracket = await open(`/v1/tournament/${f.tournamentId}/events`, { cookie: cookieOf(staffMember.agent) });
    await bracket.next('ready');
    const guestBracket = await open(`/v1/tournament/${f.tournamentId}/events`);
    await guestBracket.next('ready');

    expect((await owner.post(`/v1/user/ban/${staffMember.row.id}`)).status).toBe(200);

    expect(await staffMember.queue.endsWithin(2_000)).toBe(true);
    expect(await bracket.endsWithin(2_000)).toBe(true);
    expect(guestBracket.ended).toBe(false);
  });

  it("ends a guest's and a player's division stream when its season is unpublished, and keeps staff's", async () => {
    const admin = await server.signIn(await createAdmin(server.db));
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    const path = `/v1/season/division/${match.divisionId}/events`;
    const guest = await open(path);
    const player = await server.signIn(await createUser(server.db));
    const playerStream = await open(path, { cookie: cookieOf(player) });
    const staffStream = await open(path, { cookie: cookieOf(admin) });
    for (const s of [guest, playerStream, staffStream]) await s.next('ready');

    await server.db.update(seasons).set({ published: false }).where(eq(seasons.id, season.id));

    expect(await guest.endsWithin(2_000)).toBe(true);
    expect(await playerStream.endsWithin(2_000)).toBe(true);
    // The plain read and a reconnect agree: the season does not exist for them.
    expect((await open(path)).status).toBe(404);
    // Staff still see the unpublished season: their stream goes on and carries the next change.
    const res = await admin.post(`/v1/match/${match.id}/admin`, { entryAScore: 2, entryBScore: 1 });
    expect(res.status).toBe(200);
    await staffStream.next('matches', 2_000);
    expect(guest.rest().filter((e) => e.event === 'matches')).toEqual([]);
  });

  it('ends the division streams of a season that is deleted', async () => {
    const admin = await server.signIn(await createAdmin(server.db));
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    const staffStream = await open(`/v1/season/division/${match.divisionId}/events`, { cookie: cookieOf(admin) });
    await staffStream.next('ready');

    expect((await admin.delete(`/v1/season/${season.id}`)).status).toBe(204);

    expect(await staffStream.endsWithin(2_000)).toBe(true);
  });
});


import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { testDatabaseKind, useTestServer, type Agent } from '../support/testServer';
import { SseClient } from '../support/sseClient';
import { tournamentMatches } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { DRAIN_RETRY_MS, drainWindowMs } from '../../server/routes/liveEvents';
import { openDatabase, type Database } from '../../server/db/client';
import { generateTournamentBracket } from '../../server/services/brackets';
import { createLiveHub, type LiveEvent } from '../../server/services/liveEvents';
import { seasonInGroupStages } from './seasonMatches.fixtures';
import { bracketOf, createAdmin, createTournament, playerOf, type Fixture } from './bracketsKit';

/** Live updates (issue 15): committed match changes reach the SSE clients of every server instance. */
describe('live events', () => {
  const server = useTestServer();
  let base = '';
  let admin: Agent;
  let adminCookie = '';
  const clients: SseClient[] = [];

  beforeAll(async () => {
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await server.agent().signIn(await createAdmin(server.db));
    adminCookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  const open = async (path: string, headers: Record<string, string> = {}, origin = base) => {
    const client = await SseClient.open(`${origin}${path}`, headers);
    clients.push(client);
    return client;
  };
  const ranks = (n: number) => Array.from({ length: n }, (_, i) => 2000 - i * 10);
  const report = async (f: Fixture, matchNumber: number, a: number, b: number) => {
    const m = (await bracketOf(server.agent(), f.tournamentId)).byNumber(matchNumber);
    const res = await (await playerOf(server, f, m.entryAId)).post(`/v1/tournament/${f.tournamentId}/match/${m.id}`, { entryAScore: a, entryBScore: b });
    expect(res.status).toBe(200);
    return m;
  };

  it('sends a reported score to the clients of the tournament, as a stream with retry and event ids', async () => {
    const f = await createTournament(server.db, { ranks: ranks(8) });
    const other = await createTournament(server.db, { ranks: ranks(4) });
    const client = await open(`/v1/tournament/${f.tournamentId}/events`);
    const bystander = await open(`/v1/tournament/${other.tournamentId}/events`);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    await client.next('ready');
    await bystander.next('ready');
    expect(client.retry).toBe(3000);

    const m = await report(f, 1, 3, 1);

    const event = await client.next('matches', 1_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(client.rest()).toEqual([]);
    expect(event.id).toMatch(/^\d+$/);
    expect(event.data.matches).toEqual([expect.objectContaining({ id: m.id, entryAScoreA: 3, entryAScoreB: 1, winningEntry: '' })]);
    // Another tournament's clients hear nothing of it.
    await new Promise((r) => setTimeout(r, 100));
    expect(bystander.rest()).toEqual([]);
  });

  it('publishes nothing for a change that was rolled back', async () => {
    const f = await createTournament(server.db, { ranks: ranks(4) });
    const [row] = await server.db.select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, f.tournamentId)).limit(1);
    const client = await open(`/v1/tournament/${f.tournamentId}/events`);
    await client.next('ready');

    await expect(
      server.db.transaction(async (tx) => {
        await tx.update(tournamentMatches).set({ dueByDate: 111 }).where(eq(tournamentMatches.id, row.id));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await server.db.update(tournamentMatches).set({ dueByDate: 222 }).where(eq(tournamentMatches.id, row.id));

    // The first event is the committed change: the rolled-back one never left the database.
    const event = await client.next('matches', 1_000);
    expect(event.data.matches).toEqual([expect.objectContaining({ id: row.id, dueByDate: 222 })]);
    expect(client.rest()).toEqual([]);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID, and says reset when it cannot know', async () => {
    const f = await createTournament(server.db, { ranks: ranks(8) });
    const first = await open(`/v1/tournament/${f.tournamentId}/events`);
    const ready = await first.next('ready');
    first.close();
    // A client that stays: once it has both changes, the server has published them (with PostgreSQL the
    // notifications arrive on a connection of their own, maybe after the reports returned).
    const watcher = await open(`/v1/tournament/${f.tournamentId}/events`);
    await watcher.next('ready');

    const m1 = await report(f, 1, 3, 0);
    const m2 = await report(f, 2, 2, 3);
    await watcher.next('matches', 2_000);
    await watcher.next('matches', 2_000);

    const again = await open(`/v1/tournament/${f.tournamentId}/events`, { 'last-event-id': ready.id });
    const replayed = [await again.next('matches'), await again.next('matches')];
    expect(replayed.map((e) => e.data.matches[0].id)).toEqual([m1.id, m2.id]);
    expect(Number(replayed[1].id)).toBeGreaterThan(Number(replayed[0].id));
    const head = await again.next('ready');
    expect(head.id).toBe(replayed[1].id);

    // From the middle: only what came after.
    const middle = await open(`/v1/tournament/${f.tournamentId}/events`, { 'last-event-id': replayed[0].id });
    expect((await middle.next('matches')).data.matches[0].id).toBe(m2.id);
    await middle.next('ready');
    expect(middle.rest()).toEqual([]);

    // An id this instance never gave out (too old, or another instance's marker): read everything again.
    const stale = await open(`/v1/tournament/${f.tournamentId}/events`, { 'last-event-id': '1' });
    await stale.next('reset');
    await stale.next('ready');
  });

  it('tells clients to read the bracket again when its matches are created, and sends a reset bracket whole', async () => {
    const f = await createTournament(server.db, { ranks: ranks(4), generate: false });
    const client = await open(`/v1/tournament/${f.tournamentId}/events`);
    await client.next('ready');
    await server.db.transaction((tx) => generateTournamentBracket(tx, f.tournamentId));
    await client.next('reset', 1_000);

    await report(f, 1, 3, 1);
    await client.next('matches', 1_000);
    expect((await admin.post(`/v1/tournament/${f.tournamentId}/reset`)).status).toBe(204);
    // One transaction, one event: every match of the bracket as it now stands.
    const reset = await client.next('matches', 1_000);
    expect(reset.data.matches).toHaveLength((await bracketOf(server.agent(), f.tournamentId)).list.length);
    expect(reset.data.matches.every((m: any) => m.entryAScoreA === null && m.winningEntry === '')).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    expect(client.rest()).toEqual([]);
  });

  it('streams every match change to staff for the queues, and refuses everyone else', async () => {
    expect((await open('/v1/match/events')).status).toBe(401);
    const player = await server.agent().signIn((await createTournament(server.db, { ranks: ranks(2) })).players[0][0].discordName);
    const playerCookie = [...player.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await open('/v1/match/events', { cookie: playerCookie })).status).toBe(403);

    const staff = await open('/v1/match/events', { cookie: adminCookie });
    expect(staff.status).toBe(200);
    await staff.next('ready');
    const f = await createTournament(server.db, { ranks: ranks(4) });
    await staff.next('queue');
    const m = await report(f, 1, 3, 1);
    const event = await staff.next('queue', 1_000);
    expect(event.data).toEqual({ topic: `tournament:${f.tournamentId}`, ids: [m.id] });
  });

  it("sends a captain's league report to the clients of the division", async () => {
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    const client = await open(`/v1/season/division/${match.divisionId}/events`);
    expect(client.status).toBe(200);
    await client.next('ready');
    const res = await season.captainOf(match.teamAId!).post(`/v1/match/${match.id}`, { entryAScore: 2, entryBScore: 1 });
    expect(res.status).toBe(200);
    const event = await client.next('matches', 1_000);
    expect(event.data.matches).toEqual([expect.objectContaining({ id: match.id, divisionId: match.divisionId, teamAScoreA: 2, teamAScoreB: 1 })]);
  });

  it('sends a division bracket reset to the clients of the division: every playoff match as it now stands', async () => {
    const season = await seasonInGroupStages(server, admin, 8);
    expect((await admin.post(`/v1/season/${season.id}/progress-double-elim`)).status).toBe(200);
    const [m1] = await season.playoffMatches();
    expect((await admin.post(`/v1/match/${m1.id}/admin`, { entryAScore: 3, entryBScore: 1 })).status).toBe(200);
    const client = await open(`/v1/season/division/${m1.divisionId}/events`);
    await client.next('ready');
    expect((await admin.post(`/v1/season/${season.id}/reset-double-elim/${m1.divisionId}`)).status).toBe(200);
    const event = await client.next('matches', 1_000);
    expect(event.data.matches.length).toBeGreaterThan(0);
    expect(event.data.matches.every((m: any) => m.divisionId === m1.divisionId && m.winningTeam === null && m.scoreA === null)).toBe(true);
    expect(event.data.matches.map((m: any) => m.id)).toContain(m1.id);
  });

  it('answers 404 for an unknown tournament or division, and a plain request gets the head and an end', async () => {
    expect((await open('/v1/tournament/999999/events')).status).toBe(404);
    expect((await open('/v1/season/division/999999/events')).status).toBe(404);
    const f = await createTournament(server.db, { ranks: ranks(4) });
    const plain = await server.agent().get(`/v1/tournament/${f.tournamentId}/events`);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatch(/^retry: 3000\n\nid: \w+\nevent: ready\ndata: \{\}\n\n$/);
  });

  it('reads the changes that arrived together once for all of them, and still sends each event only its own matches', async () => {
    const f = await createTournament(server.db, { ranks: ranks(8) });
    const rows = await server.db
      .select({ id: tournamentMatches.id })
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, f.tournamentId))
      .orderBy(tournamentMatches.matchNumber)
      .limit(3);
    // A hub of its own, on this database: its reads are counted, its notifications are handed to it here.
    let reads = 0;
    const db = new Proxy(server.db, {
      get: (target, key, receiver) => {
        if (key === 'select') reads++;
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    let notify: (payload: string) => void = () => {};
    const database = { db, listen: async (_channel: string, onPayload: (payload: string) => void) => ((notify = onPayload), async () => {}) } as unknown as Database;
    const hub = createLiveHub(database);
    await hub.start();
    const got: LiveEvent[] = [];
    hub.subscribe(`tournament:${f.tournamentId}`, undefined, (e) => got.push(e));

    // Three commits' notices arrive while the hub is busy (an instance that fell behind): they form one batch.
    rows.forEach((row, k) => notify(JSON.stringify({ seq: 100 + k, tx: 200 + k, topic: `tournament:${f.tournamentId}`, ids: [row.id] })));
    await hub.settled();

    expect(got.map((e) => [e.id, e.event])).toEqual([['100', 'matches'], ['101', 'matches'], ['102', 'matches']]);
    expect(got.map((e) => (JSON.parse(e.data) as { matches: { id: number }[] }).matches.map((m) => m.id))).toEqual(rows.map((r) => [r.id]));
    // One read of the three changed matches (the matches, then their entries), not one per notice.
    expect(reads).toBe(2);
    await hub.close();
  });

  describe.runIf(testDatabaseKind() === 'postgres')('two instances on one PostgreSQL', () => {
    let second: { app: FastifyInstance; database: Database; base: string };
    beforeAll(async () => {
      const database = await openDatabase({ databaseUrl: server.databaseUrl, dataDir: 'memory://' });
      const app = await buildApp({ config: server.config, database });
      second = { app, database, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
    });
    afterAll(async () => {
      await second.app.close();
      await second.database.close();
    });

    it('delivers a score reported through instance A to a client of instance B within 1 s', async () => {
      const f = await createTournament(server.db, { ranks: ranks(8) });
      const onB = await open(`/v1/tournament/${f.tournamentId}/events`, {}, second.base);
      const onA = await open(`/v1/tournament/${f.tournamentId}/events`);
      await onB.next('ready');
      await onA.next('ready');
      const started = performance.now();
      const m = await report(f, 1, 3, 2);
      const event = await onB.next('matches', 1_000);
      expect(event.at - started).toBeLessThan(1_000);
      expect(event.data.matches).toEqual([expect.objectContaining({ id: m.id, entryAScoreA: 3, entryAScoreB: 2 })]);

      // A client of A that reconnects to B resumes after A's event id: ids are the database's, alike on every instance.
      const seenOnA = await onA.next('matches', 1_000);
      expect(seenOnA.id).toBe(event.id);
      onA.close();
      const m2 = await report(f, 2, 3, 0);
      await onB.next('matches', 1_000);
      const movedToB = await open(`/v1/tournament/${f.tournamentId}/events`, { 'last-event-id': seenOnA.id }, second.base);
      expect((await movedToB.next('matches')).data.matches[0].id).toBe(m2.id);
    });

    it('tells its clients to read again when its LISTEN connection drops, and keeps delivering after reconnecting', async () => {
      const f = await createTournament(server.db, { ranks: ranks(8) });
      const onB = await open(`/v1/tournament/${f.tournamentId}/events`, {}, second.base);
      await onB.next('ready');
      // A PostgreSQL restart or an admin's pg_terminate_backend, as both instances' LISTEN connections see it.
      const listeners = sql`from pg_stat_activity where query = 'LISTEN "clutch_live"' and datname = current_database()`;
      await server.db.execute(sql`select pg_terminate_backend(pid) ${listeners}`);
      await onB.next('reset', 2_000);
      // Both instances reconnect with backoff; then a later report arrives again.
      const listening = async () => {
        const result = (await server.db.execute(sql`select count(*)::int as n ${listeners}`)) as unknown as { rows: { n: number }[] };
        return Number(result.rows[0].n);
      };
      for (let tries = 0; (await listening()) < 2 && tries < 100; tries++) await new Promise((r) => setTimeout(r, 50));
      const m = await report(f, 1, 3, 1);
      expect((await onB.next('matches', 2_000)).data.matches[0].id).toBe(m.id);
    });
  });

  describe('an instance with many streams', () => {
    // One test machine is one address: the per-address cap (issue 26) would refuse all but 20 of the streams.
    const many = useTestServer({ config: { liveStreamsPerClient: 1000, liveStreamsMax: 1000 } });
    let manyBase = '';
    beforeAll(async () => {
      manyBase = await many.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('sends an event to every stream; on shutdown ends them a few at a time, still sending events to the rest', async () => {
      const f = await createTournament(many.db, { ranks: ranks(8) });
      const streams: SseClient[] = [];
      for (let i = 0; i < 800; i += 100) {
        streams.push(...(await Promise.all(Array.from({ length: 100 }, () => SseClient.open(`${manyBase}/v1/tournament/${f.tournamentId}/events`)))));
      }
      try {
        await Promise.all(streams.map((s) => s.next('ready', 5_000)));
        const [match] = await many.db.select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, f.tournamentId)).limit(1);
        await many.db.update(tournamentMatches).set({ dueByDate: 1 }).where(eq(tournamentMatches.id, match.id));
        const events = await Promise.all(streams.map((s) => s.next('matches', 5_000)));
        expect(new Set(events.map((e) => e.id)).size).toBe(1);

        // A request under way (its headers not finished) when the shutdown begins.
        const { port } = new URL(manyBase);
        const lateRequest = connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => lateRequest.once('connect', resolve));
        lateRequest.write(`GET /v1/tournament/${f.tournamentId}/events HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n`);
        const lateAnswer = new Promise<string>((resolve) => {
          let text = '';
          lateRequest.on('data', (chunk: Buffer) => (text += chunk.toString()));
          lateRequest.on('close', () => resolve(text));
        });

        const started = performance.now();
        const closing = many.app.close();
        const ended = Promise.all(
          streams.map(async (s) => {
            expect(await s.endsWithin(10_000)).toBe(true);
            return performance.now() - started;
          }),
        );
        // A change committed while the instance shuts down still reaches the streams not yet ended.
        await many.db.update(tournamentMatches).set({ dueByDate: 2 }).where(eq(tournamentMatches.id, match.id));
        // Once the drain has begun, a stream whose request was already under way is ended at once, not left open.
        await Promise.race(streams.map((s) => s.endsWithin(10_000)));
        // (write, not end: a client that half-closes its side has its request aborted by Node's server)
        lateRequest.write('\r\n');
        expect(await lateAnswer).toMatch(/event: ready[\s\S]*retry: 250\n\n/);
        const endedAt = await ended;
        await closing;
        // Each is told to come back soon (to another instance): the server spreads the ends, not the browsers' waits.
        expect(new Set(streams.map((s) => s.retry))).toEqual(new Set([DRAIN_RETRY_MS]));
        // 800 streams end over ~1.6 s, not at once; never longer than half the shutdown deadline.
        expect(drainWindowMs(800)).toBe(1_600);
        expect(drainWindowMs(100_000, 10_000)).toBe(5_000);
        expect(Math.max(...endedAt) - Math.min(...endedAt)).toBeGreaterThan(800);
        expect(streams.filter((s) => s.events.some((e) => e.event === 'matches' && e.data.matches[0]?.dueByDate === 2)).length).toBeGreaterThan(0);
      } finally {
        for (const s of streams) s.close();
      }
    });
  });
});


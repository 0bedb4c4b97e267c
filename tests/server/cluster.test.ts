import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { createPostgresDatabase, testDatabaseKind } from '../support/testServer';
import { SseClient } from '../support/sseClient';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../support/throwawayPostgres';
import { testConfig } from '../../server/config';
import { startInstance, type Instance } from '../../server/instance';
import { tournamentMatches, users } from '../../server/db/schema';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { createTournament } from './bracketsKit';

/** Issue 24, PostgreSQL: instances that boot together, and that survive the database restarting. */

const journal = JSON.parse(readFileSync(new URL('../../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };
const instanceConfig = (databaseUrl: string, seedDemo = false) => testConfig({ databaseUrl, seedDemo, port: 0, host: '127.0.0.1' });
const ready = (instance: Instance) => fetch(`${instance.url}/v1/health/ready`).then(async (r) => ({ status: r.status, body: await r.json() }));

describe.runIf(testDatabaseKind() === 'postgres')('instances on one PostgreSQL', () => {
  it('boots three instances at once on an empty database: all ready, migrated once, the demo seeded once', async () => {
    const database = await createPostgresDatabase();
    const instances: Instance[] = [];
    try {
      const started = await Promise.allSettled([0, 1, 2].map(() => startInstance(instanceConfig(database.url, true))));
      for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
      expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual(['started', 'started', 'started']);
      for (const instance of instances) expect(await ready(instance)).toMatchObject({ status: 200, body: { status: 'ready' } });

      const { db } = instances[0].database;
      const migrations = (await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
      expect(migrations.rows[0].n).toBe(journal.entries.length);
      const [owners] = await db.select({ n: count() }).from(users).where(eq(users.discordName, DEMO_ACCOUNTS.owner));
      expect(owners.n).toBe(1);
      const [all] = await db.select({ n: count() }).from(users);
      expect(all.n).toBe(124);
    } finally {
      await Promise.all(instances.map((i) => i.stop()));
      await database.drop();
    }
  }, 180_000);

  describe('PostgreSQL restarting under traffic', () => {
    let pg: ThrowawayPostgres;
    const instances: Instance[] = [];
    beforeAll(async () => {
      pg = await startThrowawayPostgres();
      // One after the other: the first migrates (booting together is the test above).
      for (let i = 0; i < 2; i++) instances.push(await startInstance(instanceConfig(pg.url)));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(instances.map((i) => i.stop()));
      pg?.destroy();
    });

    it('answers 503 quickly while it is down, then reconnects, LISTENs again and delivers every later change', async () => {
      const [a, b] = instances;
      const f = await createTournament(a.database.db, { ranks: [1500, 1400, 1300, 1200] });
      const [match] = await a.database.db.select().from(tournamentMatches).where(eq(tournamentMatches.tournamentId, f.tournamentId)).limit(1);
      const stream = `/v1/tournament/${f.tournamentId}/events`;
      const onA = await SseClient.open(`${a.url}${stream}`);
      const onB = await SseClient.open(`${b.url}${stream}`);
      // A client that leaves before the restart and comes back after it, to the other instance.
      const away = await SseClient.open(`${a.url}${stream}`);
      try {
        await onA.next('ready');
        await onB.next('ready');
        const awayId = (await away.next('ready')).id;
        away.close();

        // Steady traffic on both instances throughout: every request gets an answer, none hangs.
        let phase: 'before' | 'down' | 'after' = 'before';
        const answers: { phase: string; status: number; ms: number }[] = [];
        let traffic = true;
        const load = async (instance: Instance) => {
          while (traffic) {
            const at = phase;
            const started = performance.now();
            const status = await fetch(`${instance.url}/v1/user?perPage=1`).then((r) => r.status, () => 0);
            // A request counts in a phase when it started and ended in it.
            answers.push({ phase: at === phase ? at : 'between', status, ms: performance.now() - started });
            await new Promise((r) => setTimeout(r, 25));
          }
        };
        const loads = [load(a), load(b)];
        await new Promise((r) => setTimeout(r, 300));

        pg.stop();
        phase = 'down';
        const downStarted = performance.now();
        const call = await fetch(`${a.url}/v1/user?perPage=1`);
        expect(performance.now() - downStarted).toBeLessThan(2_000);
        expect(call.status).toBe(503);
        expect(await call.json()).toEqual({ message: 'The database is not answering' });
        expect((await fetch(`${b.url}/v1/health`)).status).toBe(503);
        for (let i = 0; i < 100 && (await ready(b)).body.checks?.listening !== false; i++) await new Promise((r) => setTimeout(r, 20));
        expect(await ready(b)).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { listening: false, database: false } } });
        await new Promise((r) => setTimeout(r, 500));

        pg.start();
        phase = 'after';
        // A change made as soon as the database is back, likely before the instances LISTEN again: its
        // notification is lost, so each client must be told to read again after it.
        let writtenAt = 0;
        for (let i = 0; i < 100 && !writtenAt; i++) {
          await a.database.db
            .update(tournamentMatches)
            .set({ dueByDate: 777 })
            .where(eq(tournamentMatches.id, match.id))
            .then(() => (writtenAt = performance.now()), () => new Promise((r) => setTimeout(r, 20)));
        }
        for (const instance of instances) {
          for (let i = 0; i < 200 && (await ready(instance)).status !== 200; i++) await new Promise((r) => setTimeout(r, 50));
          expect(await ready(instance)).toMatchObject({ status: 200, body: { status: 'ready' } });
        }
        await new Promise((r) => setTimeout(r, 200));
        traffic = false;
        await Promise.all(loads);

        // Live clients stayed connected: told to read again once their instance LISTENs again, then every change.
        expect(onA.ended || onB.ended).toBe(false);
        for (const client of [onA, onB]) {
          const told = () =>
            client.events.some(
              (e) => e.at > writtenAt && (e.event === 'reset' || (e.event === 'matches' && e.data.matches.some((m: { id: number }) => m.id === match.id))),
            );
          for (let i = 0; i < 100 && !told(); i++) await new Promise((r) => setTimeout(r, 20));
          expect(told()).toBe(true);
        }
        await a.database.db.update(tournamentMatches).set({ dueByDate: 4242 }).where(eq(tournamentMatches.id, match.id));
        for (const client of [onA, onB]) {
          const delivered = () =>
            client.events.some((e) => e.event === 'matches' && e.data.matches.some((m: { id: number; dueByDate: number }) => m.id === match.id && m.dueByDate === 4242));
          for (let i = 0; i < 100 && !delivered(); i++) await new Promise((r) => setTimeout(r, 20));
          expect(delivered()).toBe(true);
        }
        // The client that was away resumes on the other instance with its Last-Event-ID: it cannot have missed
        // anything silently (this instance never saw its id since the restart, so it reads again).
        const back = await SseClient.open(`${b.url}${stream}`, { 'last-event-id': awayId });
        try {
          expect((await back.next('ready')).id).not.toBe(awayId);
          expect(back.events[0].event).toBe('reset');
        } finally {
          back.close();
        }

        const down = answers.filter((x) => x.phase === 'down');
        expect(down.length).toBeGreaterThan(0);
        expect(new Set(down.map((x) => x.status))).toEqual(new Set([503]));
        expect(Math.max(...down.map((x) => x.ms))).toBeLessThan(3_500);
        expect(answers.filter((x) => x.phase === 'before').every((x) => x.status === 200)).toBe(true);
        const after = answers.filter((x) => x.phase === 'after');
        // Once ready again, every request succeeds.
        expect(after.slice(-4).map((x) => x.status)).toEqual([200, 200, 200, 200]);
        expect(answers.every((x) => x.status === 200 || x.status === 503)).toBe(true);
      } finally {
        onA.close();
        onB.close();
        away.close();
      }
    }, 180_000);
  });
});

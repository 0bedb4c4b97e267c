import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { testDatabaseKind } from '../support/testServer';
import { SseClient } from '../support/sseClient';
import { call, signInHeaders, spawnServer, type Answer } from '../support/serverProcess';
import { openDatabase } from '../../server/db/client';
import { tournaments, users } from '../../server/db/schema';
import { DRAIN_RETRY_MS } from '../../server/routes/liveEvents';
import { restoreDataDir } from '../../server/ops/backup';
import { tournamentBody } from './tournaments.fixtures';

/**
 * Issue 24, the embedded database (PGlite in DATA_DIR) under the real server process: SIGTERM during traffic,
 * repeated kill -9 during acknowledged writes, and backups taken while serving.
 */

const ADMIN = 'OpsAdmin';
/** Each test starts server processes (a few seconds each on a quiet machine, much more on a busy one). */
const PROCESS_TEST_MS = 240_000;
/** The scripts run as on a machine with the embedded database: DATABASE_URL (set for the PostgreSQL pass) left out. */
const withoutDatabaseUrl = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Titles of the tournaments that exist in the (stopped) server's data directory, among `titles`. */
async function titlesIn(dataDir: string, titles: string[]): Promise<Set<string>> {
  const database = await openDatabase({ dataDir });
  try {
    if (titles.length === 0) return new Set();
    const rows = await database.db.select({ title: tournaments.title }).from(tournaments).where(inArray(tournaments.title, titles));
    return new Set(rows.map((r) => r.title));
  } finally {
    await database.close();
  }
}

interface Write {
  title: string;
  answer: Answer;
  answeredAt: number;
}

/** Writers creating tournaments (one row each, acknowledged by 201) until `stop()`, or until the server is gone. */
function writers(url: string, headers: Record<string, string>, n: number, agent?: Agent) {
  const writes: Write[] = [];
  let going = true;
  let serial = 0;
  const one = async (tag: string, via: Agent | false | undefined = agent) => {
    const title = `Ops ${tag} ${Date.now().toString(36)} ${serial++}`;
    const answer = await call(url, 'POST', '/v1/tournament', { headers, body: tournamentBody({ title }), agent: via });
    writes.push({ title, answer, answeredAt: performance.now() });
    return answer;
  };
  const loops = Array.from({ length: n }, async (_, i) => {
    while (going) {
      const answer = await one(`w${i}`);
      if ('error' in answer && answer.error === 'ECONNREFUSED') break;
    }
  });
  return {
    writes,
    one,
    async stop() {
      going = false;
      await Promise.all(loops);
    },
  };
}

/** Waits until `n` writes were acknowledged (the machine may be slow), then `ms` longer. */
async function afterAcknowledged(writes: Write[], n: number, ms: number) {
  for (let i = 0; i < 600 && acknowledged(writes).length < n; i++) await sleep(50);
  await sleep(ms);
}

const acknowledged = (writes: Write[]) => writes.filter((w) => 'status' in w.answer && w.answer.status === 201).map((w) => w.title);

describe.runIf(testDatabaseKind() === 'pglite')('the embedded database under the real server process', () => {
  const dirs: string[] = [];
  let template = '';
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'clutch-ops-'));
    dirs.push(dir);
    rmSync(dir, { recursive: true });
    cpSync(template, dir, { recursive: true });
    return dir;
  };

  beforeAll(async () => {
    template = mkdtempSync(join(tmpdir(), 'clutch-ops-template-'));
    dirs.push(template);
    const database = await openDatabase({ dataDir: template });
    await database.migrate();
    await database.db.insert(users).values({ discordName: ADMIN, role: 'ADMIN' });
    await database.close();
    writeFileSync(join(template, 'session-secret'), 'ops-test-secret');
  }, PROCESS_TEST_MS);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shuts down on SIGTERM during traffic: in-flight requests finish, no accepted request fails, streams are told to reconnect, the data opens again', async () => {
    const dir = dataDir();
    const server = await spawnServer({ DATA_DIR: dir });
    const auth = await signInHeaders(server.url, ADMIN);
    const created = await call(server.url, 'POST', '/v1/tournament', { headers: auth, body: tournamentBody() });
    expect(created).toMatchObject({ status: 201 });
    const tournamentId = JSON.parse((created as { body: string }).body).id as number;
    const stream = await SseClient.open(`${server.url}/v1/tournament/${tournamentId}/events`);
    await stream.next('ready');

    // Kept-alive connections, as a balancer keeps them: requests keep arriving on them while the server closes.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const load = writers(server.url, auth, 3, agent);
    const reads: Answer[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const answer = await call(server.url, 'GET', `/v1/tournament/${tournamentId}`, { agent });
        reads.push(answer);
        if ('error' in answer && answer.error === 'ECONNREFUSED') break;
      }
    })();
    await afterAcknowledged(load.writes, 6, 100);
    // A burst the server is busy with when SIGTERM arrives (each on a connection of its own; PGlite writes one at a
    // time, so some are still waiting for it).
    const burst = Promise.all(Array.from({ length: 40 }, () => load.one('burst', false)));
    await sleep(30);
    const sigtermAt = performance.now();
    server.child.kill('SIGTERM');
    await burst;
    const exit = await server.exited;
    reading = false;
    await Promise.all([load.stop(), reader]);
    agent.destroy();

    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    // The stream was ended with a short retry, so the browser comes back at once (to another instance).
    expect(stream.ended).toBe(true);
    expect(stream.retry).toBe(DRAIN_RETRY_MS);

    // Every answer given was a success; a call that got no answer was never taken in (its write is not there).
    const answered = [...load.writes.map((w) => w.answer), ...reads].filter((a) => 'status' in a) as { status: number; body: string }[];
    expect(answered.filter((a) => a.status >= 300).map((a) => `${a.status} ${a.body}`)).toEqual([]);
    const failed = load.writes.filter((w) => 'error' in w.answer);
    for (const w of [...failed.map((f) => f.answer), ...reads.filter((a) => 'error' in a)]) {
      expect(['ECONNREFUSED', 'ECONNRESET']).toContain((w as { error: string }).error);
    }
    expect(load.writes.filter((w) => 'status' in w.answer && w.answeredAt > sigtermAt).length, 'requests in flight at SIGTERM').toBeGreaterThan(0);

    const titles = load.writes.map((w) => w.title);
    const present = await titlesIn(dir, titles);
    expect(acknowledged(load.writes).filter((t) => !present.has(t)), 'acknowledged writes missing').toEqual([]);
    expect(failed.map((w) => w.title).filter((t) => present.has(t)), 'writes applied but answered with an error').toEqual([]);
  }, PROCESS_TEST_MS);

  it('keeps every acknowledged write through repeated kill -9 and restarts', async () => {
    const dir = dataDir();
    const all: Write[] = [];
    // Each round restarts on what the last kill left (the first on a fresh copy).
    for (let round = 0; round < 3; round++) {
      const server = await spawnServer({ DATA_DIR: dir });
      const load = writers(server.url, await signInHeaders(server.url, ADMIN), 4);
      await afterAcknowledged(load.writes, 8, 150);
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      await load.stop();
      expect(acknowledged(load.writes).length, `round ${round}: acknowledged writes`).toBeGreaterThan(0);
      all.push(...load.writes);
    }
    const present = await titlesIn(dir, all.map((w) => w.title));
    expect(acknowledged(all).filter((t) => !present.has(t))).toEqual([]);
  }, PROCESS_TEST_MS);

  it('backs up while serving (npm run db:backup) and restores into a fresh data directory (npm run db:restore)', async () => {
    const dir = dataDir();
    const server = await spawnServer({ DATA_DIR: dir });
    const auth = await signInHeaders(server.url, ADMIN);
    const load = writers(server.url, auth, 2);
    await afterAcknowledged(load.writes, 3, 0);
    const before = acknowledged(load.writes);
    const work = mkdtempSync(join(tmpdir(), 'clutch-ops-backup-'));
    dirs.push(work);
    const file = join(work, 'backup.tar.gz');
    const script = (args: string[], env: Record<string, string>) => {
      const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db.ts', ...args], { env: { ...withoutDatabaseUrl(), ...env }, encoding: 'utf8' });
      return { code: res.status, out: `${res.stdout}${res.stderr}` };
    };
    const backup = script(['backup', file], { DATA_DIR: dir });
    await load.stop();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain('from the running server');
    expect(before.length).toBeGreaterThan(0);
    // A restore never writes into a data directory a server is using.
    await expect(restoreDataDir(readFileSync(file), dir, { replace: true })).rejects.toThrow(/Another Clutch server is using/);
    server.child.kill('SIGTERM');
    await server.exited;

    const fresh = join(work, 'restored');
    const restore = script(['restore', file], { DATA_DIR: fresh });
    expect(restore.code, restore.out).toBe(0);
    expect(restore.out).toMatch(/Restored .*: 1 user\./);
    const present = await titlesIn(fresh, load.writes.map((w) => w.title));
    expect(before.filter((t) => !present.has(t)), 'writes acknowledged before the backup').toEqual([]);
    // The session secret comes along (sessions stay valid), and a full directory is never overwritten silently.
    expect(readFileSync(join(fresh, 'session-secret'), 'utf8')).toBe('ops-test-secret');
    await expect(restoreDataDir(readFileSync(file), fresh)).rejects.toThrow(/is not empty: pass --replace/);
  }, PROCESS_TEST_MS);
});

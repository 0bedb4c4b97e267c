import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Agent, get, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, round } from './stats';

/*
 * Live updates benchmark (npm run bench:live, issue 15): N server-sent event clients on one server instance
 * (loopback), one result every 100 ms through the API (an admin sets a round-1 result of a 1,024-entry bracket),
 * for a fixed time. Measures, per result and client, the delay from sending the result to the event's arrival,
 * and the server's CPU and memory (the server runs in a child process: the real `buildApp`, in-memory PGlite or
 * DATABASE_URL). Writes bench/results/live.md.
 *
 * Environment: BENCH_CLIENTS=1000  BENCH_SECONDS=30  BENCH_INTERVAL_MS=100  BENCH_WRITE=sql|api  BENCH_OUT=bench/results
 * DATABASE_URL=…  (then bench/results/live-postgres.md; BENCH_WRITE=api writes live-api.md).
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 100);
const OUT = resolve(process.env.BENCH_OUT ?? resolve(here, 'results'));
const ENTRANTS = 1024;
/**
 * How a result is written: `sql` updates the match row's reported score in the server process (one committed
 * statement: the live path alone), `api` sets the result through POST …/admin (the whole write path as well).
 */
const WRITE = process.env.BENCH_WRITE === 'api' ? 'api' : 'sql';

interface Usage {
  cpuMicros: number;
  rss: number;
  heapUsed: number;
  clients: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Server side (child process)

async function serve() {
  const { openDatabase } = await import('../server/db/client');
  const { buildApp } = await import('../server/app');
  const { testConfig } = await import('../server/config');
  const schema = await import('../server/db/schema');
  const { generateTournamentBracket } = await import('../server/services/brackets');
  const { eq } = await import('drizzle-orm');

  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  const db = database.db;
  const DAY = 86_400_000;
  const now = Date.now();
  await db.insert(schema.users).values({ discordName: 'BenchAdmin', role: 'ADMIN' });
  const [t] = await db
    .insert(schema.tournaments)
    .values({ title: 'Live Bench', startDate: now - DAY, endDate: now + 7 * DAY, signUpClose: now - 2 * DAY, game: 'CODMW3', status: 'ACTIVE', allowSignups: false })
    .returning();
  const players = await db
    .insert(schema.users)
    .values(Array.from({ length: ENTRANTS }, (_, i) => ({ discordName: `live_${i}`, katanaRank: 1000 + ((i * 7919) % 2000) })))
    .returning({ id: schema.users.id });
  await db.insert(schema.tournamentEntries).values(players.map((p, i) => ({ tournamentId: t.id, userId: p.id, createdAt: now + i })));
  await db.transaction((tx) => generateTournamentBracket(tx, t.id));

  // Every client is on loopback: one address, so the per-address stream limit (issue 26) is lifted for the bench.
  const app = await buildApp({ config: testConfig({ rateLimitMax: 10_000_000, liveStreamsPerClient: 1_000_000, liveStreamsMax: 1_000_000 }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let cpu = process.cpuUsage();
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'usage') {
      global.gc?.();
      const used = process.cpuUsage(cpu);
      cpu = process.cpuUsage();
      const mem = process.memoryUsage();
      const usage: Usage = { cpuMicros: used.user + used.system, rss: mem.rss, heapUsed: mem.heapUsed, clients: app.live.clients };
      process.send?.({ usage });
    } else if (msg.cmd.startsWith('write:')) {
      const id = Number(msg.cmd.slice(6));
      void db
        .update(schema.tournamentMatches)
        .set({ entryAScoreA: 3, entryAScoreB: 1, updatedAt: Date.now() })
        .where(eq(schema.tournamentMatches.id, id))
        .then(() => process.send?.({ written: id }));
    } else if (msg.cmd === 'stop') {
      void app.close().then(() => database.close()).then(() => process.exit(0));
    }
  });
  process.send?.({ ready: { port, tournamentId: t.id } });
}

// ---------------------------------------------------------------------------------------------------------------
// Client side

function ask<T>(child: ChildProcess, cmd: string, key: string): Promise<T> {
  return new Promise((done) => {
    const on = (msg: Record<string, T>) => {
      if (!(key in msg)) return;
      child.off('message', on);
      done(msg[key]);
    };
    child.on('message', on);
    child.send({ cmd });
  });
}

function call(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((done, fail) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: keepAlive, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', fail);
    req.end(payload);
  });
}
const keepAlive = new Agent({ keepAlive: true, maxSockets: 4 });

async function signIn(port: number) {
  const jar = new Map<string, string>();
  const keep = (set: string | string[] | undefined) => {
    for (const line of ([] as string[]).concat(set ?? [])) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep((await call(port, 'GET', '/v1/auth/discord?as=BenchAdmin')).headers['set-cookie']);
  const csrf = await call(port, 'GET', '/v1/auth/csrf', { cookie: cookie() });
  keep(csrf.headers['set-cookie']);
  return { cookie: cookie(), 'x-csrf-token': JSON.parse(csrf.body).token as string };
}

/** One SSE client: calls `onMatch(id, at)` for each match of each `matches` event. */
function openStream(port: number, path: string, onMatch: (id: number, at: number) => void): Promise<() => void> {
  return new Promise((ready, fail) => {
    const req = get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return fail(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      let opened = false;
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!opened && block.includes('event: ready')) {
            opened = true;
            ready(() => req.destroy());
          }
          if (!block.includes('event: matches')) continue;
          const data = block.split('\n').find((l) => l.startsWith('data: '))!.slice(6);
          for (const m of (JSON.parse(data) as { matches: { id: number }[] }).matches) onMatch(m.id, at);
        }
      });
    });
    req.on('error', fail);
  });
}


async function runLiveBench() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: 'inherit' });
  const { port, tournamentId } = await new Promise<{ port: number; tournamentId: number }>((done) =>
    child.on('message', (msg: { ready?: { port: number; tournamentId: number } }) => msg.ready && done(msg.ready)),
  );
  const session = await signIn(port);
  const bracket = JSON.parse((await call(port, 'GET', `/v1/tournament/${tournamentId}/match`)).body) as {
    id: number;
    roundName: string;
    entryAId: number | null;
    entryBId: number | null;
  }[];
  const playable = bracket.filter((m) => m.roundName === 'Round 1' && m.entryAId && m.entryBId);

  const sentAt = new Map<number, number>();
  const answeredAt = new Map<number, number>();
  const arrivals = new Map<number, number[]>();
  let received = 0;
  const onMatch = (id: number, at: number) => {
    if (!sentAt.has(id)) return;
    received++;
    const list = arrivals.get(id) ?? [];
    list.push(at);
    arrivals.set(id, list);
  };

  const closers: (() => void)[] = [];
  const connect = async (n: number) => {
    for (let i = 0; i < n; i += 50) {
      closers.push(...(await Promise.all(Array.from({ length: Math.min(50, n - i) }, () => openStream(port, `/v1/tournament/${tournamentId}/events`, onMatch)))));
    }
  };
  // Memory per client: the growth from the first half of the clients to all of them (the setup's garbage and the
  // first connection's one-off costs stay out of it).
  const connectStarted = performance.now();
  const half = Math.floor(CLIENTS / 2);
  await connect(half);
  const before = await ask<Usage>(child, 'usage', 'usage');
  await connect(CLIENTS - half);
  const connectMs = performance.now() - connectStarted;
  const connected = await ask<Usage>(child, 'usage', 'usage');
  console.log(`${connected.clients} clients connected in ${Math.round(connectMs)} ms`);

  const results = Math.min(playable.length, Math.floor((SECONDS * 1000) / INTERVAL_MS));
  const statuses: Record<number, number> = {};
  const posts: Promise<void>[] = [];
  const runStarted = performance.now();
  for (let i = 0; i < results; i++) {
    const m = playable[i];
    const due = runStarted + i * INTERVAL_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sentAt.set(m.id, performance.now());
    if (WRITE === 'sql') {
      posts.push(
        new Promise<void>((done) => {
          const on = (msg: { written?: number }) => {
            if (msg.written !== m.id) return;
            child.off('message', on);
            answeredAt.set(m.id, performance.now());
            statuses[200] = (statuses[200] ?? 0) + 1;
            done();
          };
          child.on('message', on);
          child.send({ cmd: `write:${m.id}` });
        }),
      );
      continue;
    }
    posts.push(
      call(port, 'POST', `/v1/tournament/${tournamentId}/match/${m.id}/admin`, session, { entryAScore: 3, entryBScore: 1 }).then((res) => {
        answeredAt.set(m.id, performance.now());
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }),
    );
  }
  await Promise.all(posts);
  // Let the last events arrive.
  const deadline = performance.now() + 5_000;
  while (received < results * CLIENTS && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const runMs = performance.now() - runStarted;
  const after = await ask<Usage>(child, 'usage', 'usage');
  for (const close of closers) close();
  child.send({ cmd: 'stop' });

  // From sending the result, and from its answer (the transaction committed: what fan-out alone costs; an event may
  // arrive before the answer, which counts as 0).
  const delays: number[] = [];
  const fanout: number[] = [];
  const answers: number[] = [];
  for (const [id, list] of arrivals) {
    const sent = sentAt.get(id)!;
    const answered = answeredAt.get(id) ?? sent;
    answers.push(answered - sent);
    for (const at of list) {
      delays.push(at - sent);
      fanout.push(Math.max(0, at - answered));
    }
  }
  for (const list of [delays, fanout, answers]) list.sort((a, b) => a - b);
  const summary = {
    when: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()[0].toFixed(1)} at the end (shared machine)`,
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in-memory, in the server process)',
    write: WRITE,
    clients: connected.clients,
    connectMs: Math.round(connectMs),
    results,
    statuses,
    expected: results * CLIENTS,
    received,
    p50: round(percentile(delays, 50)),
    p95: round(percentile(delays, 95)),
    p99: round(percentile(delays, 99)),
    max: round(delays.at(-1) ?? NaN),
    answer: { p50: round(percentile(answers, 50)), p95: round(percentile(answers, 95)), p99: round(percentile(answers, 99)) },
    afterAnswer: { p50: round(percentile(fanout, 50)), p95: round(percentile(fanout, 95)), p99: round(percentile(fanout, 99)) },
    cpuPercent: round((after.cpuMicros / 1000 / runMs) * 100),
    rssPerClientKB: round((connected.rss - before.rss) / 1024 / (CLIENTS - half)),
    heapPerClientKB: round((connected.heapUsed - before.heapUsed) / 1024 / (CLIENTS - half)),
    rssMB: { before: round(before.rss / 2 ** 20), connected: round(connected.rss / 2 ** 20), after: round(after.rss / 2 ** 20) },
  };
  console.log(JSON.stringify(summary, null, 2));
  writeResults(summary);
}

type Pct = { p50: number; p95: number; p99: number };
function writeResults(s: Record<string, unknown> & { rssMB: Record<string, number>; answer: Pct; afterAnswer: Pct }) {
  mkdirSync(OUT, { recursive: true });
  const lines = [
    '# Live updates benchmark (npm run bench:live)',
    '',
    `${s.when}; ${s.machine}; ${s.database}.`,
    '',
    `One server instance (child process, the real \`buildApp\`), ${s.clients} SSE clients of one 1,024-entry tournament`,
    `on loopback (connected in ${s.connectMs} ms), one result every ${INTERVAL_MS} ms (${s.results} results), written ${
      s.write === 'api'
        ? 'through POST /v1/tournament/{id}/match/{matchId}/admin (the whole write path)'
        : "as one committed UPDATE of the match's reported score in the server process (the live path alone)"
    }.`,
    "Delivery latency: from sending the result to each client's event (the write, NOTIFY, the one read of the",
    'changed matches, the fan-out, the client parsing).',
    'Targets (issue 15): p95 ≤ 100 ms, ≤ 64 KB memory per client.',
    '',
    '| measure | value |',
    '| --- | --- |',
    `| events delivered | ${s.received} of ${s.expected} (result answers: ${JSON.stringify(s.statuses)}) |`,
    `| delivery latency from sending the result, p50 / p95 / p99 / max | ${s.p50} / ${s.p95} / ${s.p99} / ${s.max} ms |`,
    `| the result's answer (its transaction), p50 / p95 / p99 | ${s.answer.p50} / ${s.answer.p95} / ${s.answer.p99} ms |`,
    `| delivery after the answer (fan-out alone), p50 / p95 / p99 | ${s.afterAnswer.p50} / ${s.afterAnswer.p95} / ${s.afterAnswer.p99} ms |`,
    `| server CPU during the run | ${s.cpuPercent} % of one core |`,
    `| server memory per client (growth from half to all clients) | ${s.rssPerClientKB} KB RSS, ${s.heapPerClientKB} KB heap (after GC) |`,
    `| server RSS before / connected / after | ${s.rssMB.before} / ${s.rssMB.connected} / ${s.rssMB.after} MB |`,
    '',
    'The client (this process) and the server share the machine; on the 2-core machine shared by other work the',
    'latency includes waiting for a core. BENCH_CLIENTS, BENCH_SECONDS, BENCH_INTERVAL_MS change the run.',
    'Memory per client is the heap growth (after a forced GC) from half the clients to all of them; RSS also',
    'follows what the allocator returns to the system after the setup, so at this scale it is noise (it may shrink).',
    '',
  ];
  // One file per database, so a PostgreSQL run does not replace the PGlite one.
  const name = `${s.write === 'api' ? 'live-api' : 'live'}${process.env.DATABASE_URL ? '-postgres' : ''}`;
  writeFileSync(resolve(OUT, `${name}.md`), `${lines.join('\n')}\n`);
  writeFileSync(resolve(OUT, `${name}.json`), `${JSON.stringify(s, null, 2)}\n`);
  console.log(`wrote ${resolve(OUT, `${name}.md`)}`);
}

if (process.argv.includes('--serve')) await serve();
else await runLiveBench();

import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/*
 * API benchmark (npm run bench:api): the bracket read and the server's responsiveness around it (issue 10).
 * The server runs in a child process (the real `buildApp`, on 127.0.0.1, in-memory PGlite or DATABASE_URL) with
 * a 1,024- and a 4,096-entry bracket and a CLOSED 4,096-entry tournament to start; this process is the client: a
 * bounded loop of N workers, one keep-alive connection each, for a fixed time per scenario.
 * Writes bench/results/api.json (one run per label) and bench/results/api.md (every label side by side).
 *
 * Environment: BENCH_LABEL=after  BENCH_SECONDS=4  BENCH_CONNECTIONS=10  BENCH_OUT=bench/results  DATABASE_URL=…
 * BENCH_ONLY=start runs only the scenarios whose name contains it and prints them without writing any result file.
 * BENCH_SET=league runs only the public league and list reads (issue 26: the demo league, seeded into the server, and
 * the 1,024-entry tournament's entries), `bracket` only the bracket scenarios of issue 10; default both.
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const LABEL = process.env.BENCH_LABEL ?? 'after';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const OUT = resolve(process.env.BENCH_OUT ?? resolve(here, 'results'));
const ONLY = process.env.BENCH_ONLY;
const SIZES = { big: 1024, huge: 4096 } as const;
const SET = (process.env.BENCH_SET ?? 'all') as 'all' | 'league' | 'bracket';
const BRACKETS = SET !== 'league';
const LEAGUE = SET !== 'bracket';

/** The demo league's rows the league scenarios read (ids looked up by the seed's names). */
interface LeagueFixtures {
  /** Season 3 (GROUP_STAGES): its first division and that division's Group A. */
  season: number;
  groupDivision: number;
  group: number;
  /** Season 2 (PLAYOFFS): a division with its playoff bracket. */
  playoffDivision: number;
  team: number;
}

interface Fixtures {
  port: number;
  big: number;
  huge: number;
  toStart: number;
  admin: string;
  league: LeagueFixtures | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Server side (child process)

async function serve() {
  const { openDatabase } = await import('../server/db/client');
  const { buildApp } = await import('../server/app');
  const { testConfig } = await import('../server/config');
  const schema = await import('../server/db/schema');
  const { insertBenchTournament } = await import('./benchTournament');

  const { seedIfEmpty } = await import('../server/db/seed');
  const { and, asc, eq } = await import('drizzle-orm');

  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  const db = database.db;
  // The league scenarios read the demo league (24 teams, five seasons in every state), as a visitor of the site would.
  if (LEAGUE) await seedIfEmpty(db);
  const [admin] = await db.insert(schema.users).values({ discordName: 'BenchAdmin', role: 'ADMIN' }).returning();
  const tournament = (title: string, entrants: number, status: 'ACTIVE' | 'CLOSED') => insertBenchTournament(db, title, entrants, status);

  const big = await tournament('Bench 1024', SIZES.big, 'ACTIVE');
  const huge = BRACKETS ? await tournament('Bench 4096', SIZES.huge, 'ACTIVE') : 0;
  const toStart = BRACKETS ? await tournament('Bench Start 4096', SIZES.huge, 'CLOSED') : 0;

  let league: LeagueFixtures | null = null;
  if (LEAGUE) {
    const seasonNamed = async (type: 'GROUP_STAGES' | 'PLAYOFFS') => {
      const [row] = await db.select().from(schema.seasons).where(eq(schema.seasons.seasonType, type)).orderBy(asc(schema.seasons.id)).limit(1);
      const [division] = await db.select().from(schema.seasonDivisions).where(eq(schema.seasonDivisions.seasonId, row.id)).orderBy(asc(schema.seasonDivisions.position)).limit(1);
      return { season: row.id, division: division.id };
    };
    const groups = await seasonNamed('GROUP_STAGES');
    const playoffs = await seasonNamed('PLAYOFFS');
    const [group] = await db
      .select()
      .from(schema.seasonGroups)
      .where(and(eq(schema.seasonGroups.divisionId, groups.division), eq(schema.seasonGroups.name, 'Group A')));
    const [entry] = await db.select().from(schema.seasonEntries).where(eq(schema.seasonEntries.divisionId, groups.division)).limit(1);
    league = { season: groups.season, groupDivision: groups.division, group: group.id, playoffDivision: playoffs.division, team: entry.teamId };
  }

  const app = await buildApp({ config: testConfig({ rateLimitMax: 10_000_000 }), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  // The server's own event-loop delay, read per scenario.
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'eld-reset') {
      eld.reset();
      process.send?.({ eld: null });
    } else if (msg.cmd === 'eld-read') {
      process.send?.({ eld: { max: eld.max / 1e6, p99: eld.percentile(99) / 1e6 } });
    } else if (msg.cmd === 'stop') {
      void app.close().then(() => database.close()).then(() => process.exit(0));
    }
  });
  const fixtures: Fixtures = { port, big, huge, toStart, admin: admin.discordName, league };
  process.send?.({ fixtures });
}

// ---------------------------------------------------------------------------------------------------------------
// Client side

interface Res {
  status: number;
  bytes: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function call(agent: Agent, port: number, method: string, path: string, headers: Record<string, string> = {}, keep = false): Promise<Res> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const parts: Buffer[] = [];
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (keep) parts.push(chunk);
      });
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes, headers: res.headers, body: keep ? Buffer.concat(parts).toString() : '' }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

interface Stats {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  bytes: number;
  eldMax?: number;
}

function summarize(latencies: number[], seconds: number, statuses: Record<string, number>, bytes: number): Stats {
  const sorted = latencies.slice().sort((a, b) => a - b);
  const at = (q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    requests: sorted.length,
    rps: round(sorted.length / seconds),
    p50: round(at(0.5)),
    p95: round(at(0.95)),
    p99: round(at(0.99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    statuses,
    bytes,
  };
}

/** `connections` workers, each requesting `path` back to back on its own connection until `until()` is false. */
async function load(port: number, path: string, opts: { connections: number; until: () => boolean; headers?: Record<string, string>; pauseMs?: number }) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let bytes = 0;
  const started = performance.now();
  const worker = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    while (opts.until()) {
      const t0 = performance.now();
      // As a browser does: the bracket may answer gzipped.
      const res = await call(agent, port, 'GET', path, { 'accept-encoding': 'gzip', ...opts.headers });
      latencies.push(performance.now() - t0);
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      bytes = res.bytes || bytes;
      if (opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  return summarize(latencies, (performance.now() - started) / 1000, statuses, bytes);
}

const forSeconds = (s: number) => {
  const end = performance.now() + s * 1000;
  return () => performance.now() < end;
};

function ask(child: ChildProcess, cmd: string): Promise<{ max: number; p99: number } | null> {
  return new Promise((done) => {
    const onMessage = (msg: { eld?: { max: number; p99: number } | null }) => {
      if (!('eld' in msg)) return;
      child.off('message', onMessage);
      done(msg.eld ?? null);
    };
    child.on('message', onMessage);
    child.send({ cmd });
  });
}

async function signIn(port: number, name: string): Promise<{ cookie: string; csrf: string }> {
  const agent = new Agent({ keepAlive: false });
  const jar = new Map<string, string>();
  const keep = (res: Res) => {
    for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await call(agent, port, 'GET', `/v1/auth/discord?as=${encodeURIComponent(name)}`));
  const csrf = await call(agent, port, 'GET', '/v1/auth/csrf', { cookie: cookie() }, true);
  keep(csrf);
  return { cookie: cookie(), csrf: (JSON.parse(csrf.body) as { token: string }).token };
}

/** The 1-minute load average when the run started (the machine may be shared: results are compared under like load). */
const loadAtStart = loadavg()[0];

export async function runApiBench() {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const setupStarted = performance.now();
  const fx = await new Promise<Fixtures>((done, fail) => {
    child.on('message', (msg: { fixtures?: Fixtures }) => msg.fixtures && done(msg.fixtures));
    child.on('exit', (code) => fail(new Error(`bench server exited with ${code}`)));
  });
  console.log(`server ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s on port ${fx.port}`);
  const port = fx.port;
  const results: Record<string, Stats> = {};

  const wanted = (name: string) => !ONLY || name.includes(ONLY);
  const scenario = async (name: string, run: () => Promise<Stats>) => {
    if (!wanted(name)) return;
    await ask(child, 'eld-reset');
    const stats = await run();
    stats.eldMax = Math.round(((await ask(child, 'eld-read'))?.max ?? NaN) * 10) / 10;
    results[name] = stats;
    console.log(`${name}: ${JSON.stringify(stats)}`);
  };
  const bracket = (id: number) => `/v1/tournament/${id}/match`;
  const etagOf = async (id: number) => (await call(new Agent(), port, 'GET', bracket(id))).headers.etag as string;

  const lg = fx.league;
  /** The public reads of the league and the lists (issue 26: p95 ≤ 20 ms each at 10 connections), as a guest reads them. */
  const leagueReads: [string, string][] = lg
    ? [
        ['season list (page 1)', '/v1/season?pageNo=1&perPage=10'],
        ['latest season', '/v1/season/latest'],
        ['season page (group stages)', `/v1/season/${lg.season}`],
        ['division page (group stages)', `/v1/season/divisions/${lg.groupDivision}`],
        ['division page (playoffs)', `/v1/season/divisions/${lg.playoffDivision}`],
        ['division matches (group stages)', `/v1/match/division/${lg.groupDivision}`],
        ['division matches (playoffs)', `/v1/match/division/${lg.playoffDivision}`],
        ['group matches', `/v1/match/group/${lg.group}`],
        ['team list (page 1)', '/v1/team?pageNo=1&perPage=25'],
        ['team page', `/v1/team/${lg.team}`],
        ['tournament list: active (page 1)', '/v1/tournament/active?pageNo=1&perPage=10'],
        ['tournament list: upcoming', '/v1/tournament/upcoming'],
        ['tournament list: featured', '/v1/tournament/featured'],
        ['tournament list: hall of fame', '/v1/tournament/hall-of-fame'],
      ]
    : [];
  const entriesPage = `/v1/tournament/${fx.big}/entries?pageNo=3&perPage=25`;

  // Warm-up: every route once (JIT, first build).
  const warm = BRACKETS ? [bracket(fx.big), bracket(fx.huge), '/v1/tournament?pageNo=1&perPage=25'] : [];
  for (const path of [...warm, '/v1/health', entriesPage, ...leagueReads.map(([, p]) => p)]) {
    await call(new Agent(), port, 'GET', path);
  }

  if (LEAGUE) {
    // Warm-up under load, not measured: the first seconds after the seed (JIT, the collector) would fall on the first rows.
    for (const [, path] of leagueReads) await load(port, path, { connections: CONNECTIONS, until: forSeconds(0.5) });
    for (const [name, path] of [...leagueReads, ['entries page 3 of the 1,024', entriesPage] as [string, string]]) {
      await scenario(`league: ${name} (${CONNECTIONS} connections)`, () => load(port, path, { connections: CONNECTIONS, until: forSeconds(SECONDS) }));
      // A reload of a page the browser has: 304 where the server sends an ETag.
      const tag = (await call(new Agent(), port, 'GET', path)).headers.etag as string | undefined;
      if (tag) {
        await scenario(`league: ${name}, revalidated (${CONNECTIONS} connections)`, () =>
          load(port, path, { connections: CONNECTIONS, until: forSeconds(SECONDS), headers: { 'if-none-match': tag } }),
        );
      }
    }
  }
  if (!BRACKETS) {
    child.send({ cmd: 'stop' });
    if (!ONLY) writeResults(results);
    return;
  }

  await scenario('health, idle (1 connection)', () => load(port, '/v1/health', { connections: 1, until: forSeconds(SECONDS / 2) }));
  await scenario(`1,024-entry bracket 200 (${CONNECTIONS} connections)`, () =>
    load(port, bracket(fx.big), { connections: CONNECTIONS, until: forSeconds(SECONDS) }),
  );
  const bigTag = await etagOf(fx.big);
  await scenario(`1,024-entry bracket 304 (1 connection)`, () =>
    load(port, bracket(fx.big), { connections: 1, until: forSeconds(SECONDS / 2), headers: { 'if-none-match': bigTag } }),
  );
  await scenario(`1,024-entry bracket 304 (${CONNECTIONS} connections)`, () =>
    load(port, bracket(fx.big), { connections: CONNECTIONS, until: forSeconds(SECONDS), headers: { 'if-none-match': bigTag } }),
  );
  await scenario(`4,096-entry bracket 200 (${CONNECTIONS} connections)`, () =>
    load(port, bracket(fx.huge), { connections: CONNECTIONS, until: forSeconds(SECONDS) }),
  );
  const hugeTag = await etagOf(fx.huge);
  await scenario(`4,096-entry bracket 304 (${CONNECTIONS} connections)`, () =>
    load(port, bracket(fx.huge), { connections: CONNECTIONS, until: forSeconds(SECONDS), headers: { 'if-none-match': hugeTag } }),
  );
  await scenario(`paged list: entries page 3 of the 1,024 (${CONNECTIONS} connections)`, () =>
    load(port, entriesPage, { connections: CONNECTIONS, until: forSeconds(SECONDS) }),
  );

  // /v1/health probed every 5 ms by one client while the 1,024-entry bracket is read at N connections.
  if (wanted('health while the 1,024-entry bracket is read')) {
    let reading = true;
    await ask(child, 'eld-reset');
    const readers = load(port, bracket(fx.big), { connections: CONNECTIONS, until: () => reading });
    const health = await load(port, '/v1/health', { connections: 1, until: forSeconds(SECONDS), pauseMs: 5 });
    reading = false;
    await readers;
    health.eldMax = Math.round(((await ask(child, 'eld-read'))?.max ?? NaN) * 10) / 10;
    results[`health while the 1,024-entry bracket is read at ${CONNECTIONS} connections`] = health;
    console.log(`health while reading: ${JSON.stringify(health)}`);
  }

  // /v1/health probed every 5 ms while an admin starts the CLOSED 4,096-entry tournament (bracket generation), and
  // the tournament list (a read that needs the database; signed in) by another client at the same pace.
  if (wanted('started')) {
    const session = await signIn(port, fx.admin);
    await ask(child, 'eld-reset');
    let starting = true;
    const t0 = performance.now();
    const start = call(new Agent(), port, 'POST', `/v1/tournament/${fx.toStart}/start`, { cookie: session.cookie, 'x-csrf-token': session.csrf }).then(
      (res) => {
        starting = false;
        return { status: res.status, ms: Math.round(performance.now() - t0) };
      },
    );
    const [health, list] = await Promise.all([
      load(port, '/v1/health', { connections: 1, until: () => starting, pauseMs: 5 }),
      load(port, '/v1/tournament?pageNo=1&perPage=25', { connections: 1, until: () => starting, pauseMs: 5, headers: { cookie: session.cookie } }),
    ]);
    const started = await start;
    health.eldMax = list.eldMax = Math.round(((await ask(child, 'eld-read'))?.max ?? NaN) * 10) / 10;
    const during = `while a 4,096-entry bracket is started (start: ${started.status} in ${started.ms} ms)`;
    results[`health ${during}`] = health;
    results[`tournament list (page 1) ${during}`] = list;
    console.log(`health while starting (${started.status}, ${started.ms} ms): ${JSON.stringify(health)}`);
    console.log(`tournament list while starting: ${JSON.stringify(list)}`);

    // The first read of the new bracket builds its cached body: the rows are read and serialized once.
    await ask(child, 'eld-reset');
    let reading = true;
    const t1 = performance.now();
    const read = call(new Agent(), port, 'GET', bracket(fx.toStart), { 'accept-encoding': 'gzip' }).then((res) => {
      reading = false;
      return { status: res.status, ms: Math.round(performance.now() - t1) };
    });
    const healthRead = await load(port, '/v1/health', { connections: 1, until: () => reading, pauseMs: 5 });
    const firstRead = await read;
    healthRead.eldMax = Math.round(((await ask(child, 'eld-read'))?.max ?? NaN) * 10) / 10;
    results[`health while the new 4,096-entry bracket is read the first time (read: ${firstRead.status} in ${firstRead.ms} ms)`] = healthRead;
    console.log(`health while the first read (${firstRead.status}, ${firstRead.ms} ms): ${JSON.stringify(healthRead)}`);
  }

  child.send({ cmd: 'stop' });
  if (!ONLY) writeResults(results);
}

// ---------------------------------------------------------------------------------------------------------------
// Results

/** Records this run's `results` under BENCH_LABEL (none: only re-renders api.md from api.json) and writes api.md. */
function writeResults(results: Record<string, Stats> | null) {
  mkdirSync(OUT, { recursive: true });
  const jsonPath = resolve(OUT, 'api.json');
  const all: Record<string, { when: string; machine: string; database: string; load?: string; results: Record<string, Stats> }> = existsSync(jsonPath)
    ? JSON.parse(readFileSync(jsonPath, 'utf8'))
    : {};
  if (results) all[LABEL] = {
    when: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in-memory, in the server process)',
    load: `load average ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0].toFixed(2)} at the end (1 min)`,
    results,
  };
  writeFileSync(jsonPath, `${JSON.stringify(all, null, 2)}\n`);

  const labels = Object.keys(all);
  const names = [...new Set(labels.flatMap((l) => Object.keys(all[l].results)))];
  const cell = (s: Stats | undefined) =>
    s ? `${s.p50} / ${s.p95} / ${s.p99} ms, ${s.rps} req/s (${Object.entries(s.statuses).map(([k, v]) => `${v}×${k}`).join(', ')}), loop max ${s.eldMax} ms` : '—';
  const lines = [
    '# API benchmark (npm run bench:api)',
    '',
    `Loopback, ${CONNECTIONS} keep-alive connections unless noted, ${SECONDS} s per scenario. Cells: p50 / p95 / p99 latency, requests/s,`,
    'status counts, and the server\'s longest event-loop stall during the scenario ("loop max"). Targets (issue 10): 1,024-entry',
    'bracket p95 ≤ 20 ms at 10 connections, 304 ≤ 2 ms, /v1/health p99 ≤ 50 ms throughout. Issue 26: every public read of',
    'the league and the lists ("league: …" rows, `BENCH_SET=league`) p95 ≤ 20 ms at 10 connections, with ETag/304 where cacheable.',
    '',
    ...labels.map((l) => `- **${l}**: ${all[l].when}, ${all[l].machine}, ${all[l].database}${all[l].load ? `, ${all[l].load}` : ''}`),
    '',
    `| scenario | ${labels.join(' | ')} |`,
    `| --- | ${labels.map(() => '---').join(' | ')} |`,
    ...names.map((n) => {
      // Start timings differ per run: match the scenario by its stem.
      const stem = n.replace(/ \((start|read):.*\)$/, '');
      const find = (l: string) => Object.entries(all[l].results).find(([k]) => k.replace(/ \((start|read):.*\)$/, '') === stem);
      const cells = labels.map((l) => {
        const f = find(l);
        return `${cell(f?.[1])}${f && f[0] !== stem ? ` — ${f[0].slice(stem.length + 2, -1)}` : ''}`;
      });
      return `| ${stem} | ${cells.join(' | ')} |`;
    }).filter((row, i, rows) => rows.indexOf(row) === i),
    '',
    'Bytes on the wire per 200 (the client sends `accept-encoding: gzip` as a browser does; only the new server gzips): ' +
      names
        .filter((n) => n.includes('bracket 200'))
        .map((n) => `${n.split(' (')[0]}: ${labels.map((l) => `${l} ${Math.round((all[l].results[n]?.bytes ?? 0) / 1e3)} kB`).join(', ')}`)
        .join('; ') +
      '.',
    '',
    'With PGlite the database is one connection in the server process: a request that queries it (the tournament list)',
    'waits for any open transaction, such as the one that starts a tournament, however often that transaction yields the',
    'event loop. `/v1/health` no longer waits behind it (before the "start yielding" runs it did: it ran `select 1`): it',
    'answers from its last database check while a check is waiting (docs/decisions.md, Hardening). The machine is shared:',
    'compare columns only with the load each was measured under (`uptime`, noted in docs/decisions.md).',
    '',
    'The "league" rows (issue 26, `BENCH_SET=league`) read the seeded demo league as a guest; a warm-up of half a second per',
    'read under load comes first. Each label names the 1-minute load average it ran under (a shared 2-core machine): compare',
    '"before (same load as after)" with "after" on each database. The p95 target (20 ms) is for a quiet machine.',
    '',
  ];
  writeFileSync(resolve(OUT, 'api.md'), `${lines.join('\n')}\n`);
  console.log(`wrote ${resolve(OUT, 'api.md')}`);
}

if (process.argv.includes('--serve')) await serve();
else if (process.argv.includes('--report')) writeResults(null);
else await runApiBench();

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSpa, startPlatform } from '../scripts/startPlatform';
import { percentile, round } from './stats';

/*
 * Page benchmark (npm run bench:pages, issue 25): the HTML of page URLs as a browser or a link-preview crawler asks
 * for it (accept-encoding br, gzip), from the real server on the seeded demo (startPlatform, as the browser tests):
 * the site's page (precompressed once), pages with a link preview of their own (one read, rendered and compressed
 * per request), an unknown id (a read, then the site's page) and a revalidation (304). N keep-alive connections,
 * S seconds per page. Writes bench/results/pages.json (one run per label) and pages.md (labels side by side).
 *
 * Environment: BENCH_LABEL=after  BENCH_SECONDS=3  BENCH_CONNECTIONS=4  BENCH_SKIP_BUILD=1
 *   BENCH_APP_DIR=path  measure another checkout (its server and its dist/), e.g. the commit before issue 25:
 *     git worktree add /tmp/clutch-before 234af69 && ln -s "$PWD/node_modules" /tmp/clutch-before/node_modules
 *     BENCH_APP_DIR=/tmp/clutch-before BENCH_LABEL=before npm run bench:pages
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const LABEL = process.env.BENCH_LABEL ?? 'after';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const APP_DIR = process.env.BENCH_APP_DIR ? resolve(process.env.BENCH_APP_DIR) : undefined;
const OUT = resolve(here, 'results');
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' };

/** Seeded demo ids (server/db/seed.ts): Winter Major is tournament 7, Season 3 is published, player 3 is AdminNova. */
const PAGES: { name: string; path: string; revalidate?: boolean }[] = [
  { name: 'site page /', path: '/' },
  { name: 'site page /league (history fallback)', path: '/league' },
  { name: 'unknown tournament /tournaments/999999', path: '/tournaments/999999' },
  { name: 'tournament /tournaments/7/details', path: '/tournaments/7/details' },
  { name: 'bracket /tournaments/7', path: '/tournaments/7' },
  { name: 'season /seasons/3', path: '/seasons/3' },
  { name: 'league match /match/5', path: '/match/5' },
  { name: 'player /players/3', path: '/players/3' },
  { name: 'tournament, revalidated (If-None-Match)', path: '/tournaments/7/details', revalidate: true },
];

interface Res {
  status: number;
  bytes: number;
  etag: string | undefined;
}

function get(agent: Agent, base: URL, path: string, headers: Record<string, string>): Promise<Res> {
  return new Promise((done, fail) => {
    const req = request({ host: base.hostname, port: base.port, path, agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes, etag: res.headers.etag }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function measure(base: URL, page: (typeof PAGES)[number]) {
  const first = await get(new Agent(), base, page.path, ACCEPT);
  const headers = page.revalidate && first.etag ? { ...ACCEPT, 'if-none-match': first.etag } : ACCEPT;
  const times: number[] = [];
  const statuses: Record<number, number> = {};
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (Date.now() < until) {
        const started = performance.now();
        const res = await get(agent, base, page.path, headers);
        times.push(performance.now() - started);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
      agent.destroy();
    }),
  );
  times.sort((a, b) => a - b);
  const status = Object.entries(statuses).map(([code, n]) => `${n}×${code}`).join(' ');
  return `${round(percentile(times, 50), 2)} / ${round(percentile(times, 95), 2)} / ${round(percentile(times, 99), 2)} ms, ${round(times.length / SECONDS)} req/s (${status}), ${first.bytes} B`;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') buildSpa(APP_DIR);
  const load = loadavg()[0];
  const platform = await startPlatform({ cwd: APP_DIR });
  const cells: Record<string, string> = {};
  try {
    const base = new URL(platform.baseURL);
    for (const page of PAGES) {
      await measure(base, { ...page }); // warm-up: JIT, first compression
      cells[page.name] = await measure(base, page);
      console.log(`${page.name}: ${cells[page.name]}`);
    }
  } finally {
    await platform.stop();
  }
  const run = {
    label: LABEL,
    at: new Date().toISOString(),
    machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${round(load, 2)} before, ${round(loadavg()[0], 2)} after`,
    cells,
  };
  mkdirSync(OUT, { recursive: true });
  const jsonFile = resolve(OUT, 'pages.json');
  const runs: (typeof run)[] = existsSync(jsonFile) ? JSON.parse(readFileSync(jsonFile, 'utf8')) : [];
  const all = [...runs.filter((r) => r.label !== LABEL), run];
  writeFileSync(jsonFile, `${JSON.stringify(all, null, 2)}\n`);
  const md = [
    '# Page benchmark (npm run bench:pages)',
    '',
    `Page HTML from the real server on the seeded demo (PGlite), loopback, ${CONNECTIONS} keep-alive connections, ${SECONDS} s per page,`,
    'asked as Discord\'s crawler asks (accept-encoding gzip, deflate, br). Cells: p50 / p95 / p99 latency, requests/s, statuses,',
    'bytes of one answer on the wire. Timings on a shared machine: read them beside the load average of each run.',
    '',
    ...all.map((r) => `- **${r.label}**: ${r.at}, ${r.machine}`),
    '',
    `| page | ${all.map((r) => r.label).join(' | ')} |`,
    `| --- | ${all.map(() => '---').join(' | ')} |`,
    ...PAGES.map((p) => `| ${p.name} | ${all.map((r) => r.cells[p.name] ?? '—').join(' | ')} |`),
    '',
  ].join('\n');
  writeFileSync(resolve(OUT, 'pages.md'), md);
}

await main();

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSpa, startPlatform, type Platform } from '../scripts/startPlatform';

/*
 * Lighthouse (npm run bench:lighthouse): lighthouse@12.2.3 (pinned: the last one that runs on Node 20) in Debian
 * Chromium against the built app on the real server (server/main.ts serving dist/, a fresh seeded PGlite), the
 * public pages of issue 27 with the mobile preset (Lighthouse's default: a mid-range phone, slow 4G, 4× CPU, simulated)
 * and the desktop preset, /admin signed in with the desktop preset. Median of BENCH_REPEAT runs per page and preset.
 * Over HTTPS with HTTP/2 by default, as every deployment is (a throw-away self-signed certificate; Chromium told to
 * ignore certificate errors), or plain HTTP/1.1 with BENCH_TRANSPORT=http1.
 * Each run is a Lighthouse CLI process of its own with a time limit (its Chromium is killed with it) and retries, so
 * a page that never settles costs a retry, not the benchmark.
 * Writes bench/results/lighthouse.json (every label) and lighthouse.md (the labels side by side).
 *
 * Environment:
 *   BENCH_LABEL=after        names the run ("before", "after"); a label measured again is replaced page by page
 *   BENCH_APP_DIR=path       measure another checkout (its server and its dist/), e.g. the "before" commit:
 *                              git worktree add /tmp/clutch-before 9c90e4f
 *                              ln -s "$PWD/node_modules" /tmp/clutch-before/node_modules
 *                              BENCH_APP_DIR=/tmp/clutch-before BENCH_LABEL=before npm run bench:lighthouse
 *   BENCH_TRANSPORT=h2       h2: HTTPS with HTTP/2 (TLS_CERT_FILE, TLS_KEY_FILE); http1: plain HTTP/1.1 (the only choice
 *                              for a checkout from before HTTPS support, such as 9c90e4f)
 *   BENCH_COMMIT=9c90e4f     the commit to print for a checkout that is not a git work tree (git archive)
 *   BENCH_DIST=path          serve this built dist/ (STATIC_DIR) with the measured checkout's server; skips the build
 *   BENCH_SKIP_BUILD=1       reuse the checkout's dist/
 *   BENCH_REPEAT=3           runs per page and preset (the median is reported)
 *   BENCH_PAGES=home,team    only these pages (names in PAGES below); BENCH_PRESETS=mobile,desktop
 *   BENCH_TIMEOUT_S=180      limit of one Lighthouse run; BENCH_RETRIES=2 tries more for a run that failed or timed out
 *   BENCH_REPORT_ONLY=1      rewrite the .md from the .json, measuring nothing
 *   BENCH_KEEP_REPORTS=dir   also keep every run's full Lighthouse report there (<label>-<page>-<preset>-<n>.json)
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(here, '..');
const OUT = resolve(here, 'results');
const LABEL = process.env.BENCH_LABEL ?? 'after';
const APP_DIR = resolve(process.env.BENCH_APP_DIR ?? ROOT);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const TIMEOUT_S = Number(process.env.BENCH_TIMEOUT_S ?? 180);
const RETRIES = Number(process.env.BENCH_RETRIES ?? 2);
const ONLY_PAGES = process.env.BENCH_PAGES?.split(',').filter(Boolean);
const PRESETS = (process.env.BENCH_PRESETS ?? 'mobile,desktop').split(',').filter(Boolean) as Preset[];
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_CLI = resolve(ROOT, 'node_modules/lighthouse/cli/index.js');
const KEEP_REPORTS = process.env.BENCH_KEEP_REPORTS ? resolve(process.env.BENCH_KEEP_REPORTS) : null;
const TRANSPORT = (process.env.BENCH_TRANSPORT ?? 'h2') as Transport;
if (TRANSPORT !== 'h2' && TRANSPORT !== 'http1') throw new Error(`BENCH_TRANSPORT must be h2 or http1, got "${TRANSPORT}"`);

type Preset = 'mobile' | 'desktop';
/** h2: HTTPS with HTTP/2 (HTTP/1.1 over TLS allowed); http1: plain HTTP/1.1. */
type Transport = 'h2' | 'http1';
const TARGETS = {
  mobile: { performance: 90, lcp: 2500, tbt: 200, cls: 0.05 },
  desktop: { performance: 98 },
  accessibility: 100,
  bestPractices: 100,
};

interface Page {
  name: string;
  title: string;
  /** The path, or how to find it in the seeded demo through the public API. */
  path: string | ((api: (path: string) => Promise<any>) => Promise<string>);
  presets: Preset[];
  signInAs?: string;
}

const PAGES: Page[] = [
  { name: 'home', title: 'Home', path: '/', presets: ['mobile', 'desktop'] },
  { name: 'tournaments', title: 'Tournaments', path: '/tournaments', presets: ['mobile', 'desktop'] },
  { name: 'tournament-7', title: 'Winter Major (64): bracket', path: '/tournaments/7', presets: ['mobile', 'desktop'] },
  { name: 'tournament-7-details', title: 'Winter Major: details', path: '/tournaments/7/details', presets: ['mobile', 'desktop'] },
  { name: 'bracket-1024', title: 'Open Qualifier 1024: bracket', path: '/tournaments/8', presets: ['mobile', 'desktop'] },
  { name: 'season-3', title: 'Season 3', path: '/seasons/3', presets: ['mobile', 'desktop'] },
  {
    name: 'division',
    title: 'Season 3, first division',
    path: async (api) => `/seasons/3/${(await api('/v1/season/3')).divisions[0].id}`,
    presets: ['mobile', 'desktop'],
  },
  {
    name: 'league-match',
    title: 'A league match (Season 3)',
    path: async (api) => {
      const division = (await api('/v1/season/3')).divisions[0].id;
      const matches = await api(`/v1/match/division/${division}`);
      const list: { id: number }[] = Array.isArray(matches) ? matches : (matches.results ?? matches.matches ?? []);
      return `/match/${list[0].id}`;
    },
    presets: ['mobile', 'desktop'],
  },
  { name: 'players', title: 'Player ranks', path: '/players', presets: ['mobile', 'desktop'] },
  { name: 'team', title: 'A team (the first of the ranks)', path: async (api) => `/teams/${(await api('/v1/team')).results[0].id}`, presets: ['mobile', 'desktop'] },
  { name: 'admin', title: 'Admin portal (AdminAce)', path: '/admin', presets: ['desktop'], signInAs: 'AdminAce' },
];

interface RunResult {
  scores: { performance: number; accessibility: number; bestPractices: number };
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Lighthouse's opportunities of this run, largest estimated saving first. */
  opportunities: { id: string; title: string; ms: number; bytes: number }[];
  /** Accessibility and best-practice audits that did not pass. */
  failing: { id: string; title: string; category: string }[];
  consoleErrors: string[];
  failedRequests: string[];
  requests: number;
  transferKB: number;
  /** The protocols the page's requests to the server went over (h2, http/1.1), as Chromium reported them. */
  protocols?: string[];
}

interface PageResult {
  path: string;
  runs: number;
  tries: number;
  loadAverage: { before: number; after: number };
  median?: RunResult & { runsPerformance: number[] };
  error?: string;
}

interface LabelResult {
  date: string;
  commit: string;
  appDir: string;
  dist: string;
  chromium: string;
  lighthouse: string;
  cpus: string;
  /** What the server was measured over; absent in labels from before it was recorded: http1. */
  transport?: Transport;
  pages: Record<string, Partial<Record<Preset, PageResult>>>;
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One Lighthouse run in a process group of its own, killed (with its Chromium) when it runs past the limit. */
function lighthouseOnce(url: string, preset: Preset, cookie: string | null): Promise<{ ok: true; report: any } | { ok: false; error: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'clutch-lh-'));
  const out = join(dir, 'report.json');
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
    '--only-categories=performance,accessibility,best-practices',
    // The self-signed certificate of an https run (BENCH_TRANSPORT=h2) is accepted: the page is still a secure context.
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage${url.startsWith('https:') ? ' --ignore-certificate-errors' : ''}`,
    '--max-wait-for-load=45000',
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CHROME_PATH: CHROME } });
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-2000)));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, TIMEOUT_S * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const done = (r: { ok: true; report: any } | { ok: false; error: string }) => {
        rmSync(dir, { recursive: true, force: true });
        resolvePromise(r);
      };
      if (signal === 'SIGKILL') return done({ ok: false, error: `timed out after ${TIMEOUT_S} s` });
      if (code !== 0 || !existsSync(out)) return done({ ok: false, error: `lighthouse exited ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}` });
      const report = JSON.parse(readFileSync(out, 'utf8'));
      if (report.runtimeError) return done({ ok: false, error: `${report.runtimeError.code}: ${report.runtimeError.message}` });
      if (report.categories.performance.score === null) return done({ ok: false, error: 'no performance score' });
      done({ ok: true, report });
    });
  });
}

function summarize(report: any): RunResult {
  const a = report.audits;
  const score = (id: string) => round((report.categories[id]?.score ?? 0) * 100);
  const requests: any[] = a['network-requests']?.details?.items ?? [];
  const failing = Object.entries(report.categories)
    .filter(([id]) => id !== 'performance')
    .flatMap(([category, c]: [string, any]) =>
      c.auditRefs
        .map((ref: any) => a[ref.id])
        .filter((audit: any) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
        .map((audit: any) => ({ id: audit.id, title: audit.title, category })),
    );
  return {
    scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices') },
    metrics: {
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      si: a['speed-index'].numericValue,
    },
    opportunities: Object.values<any>(a)
      .filter((x) => x.details?.type === 'opportunity' && (x.details.overallSavingsMs > 0 || x.details.overallSavingsBytes > 0))
      .map((x) => ({ id: x.id, title: x.title, ms: round(x.details.overallSavingsMs ?? 0), bytes: round(x.details.overallSavingsBytes ?? 0) }))
      .sort((x, y) => y.ms - x.ms || y.bytes - x.bytes)
      .slice(0, 5),
    failing,
    consoleErrors: (a['errors-in-console']?.details?.items ?? []).map((i: any) => String(i.description ?? '').slice(0, 160)),
    failedRequests: requests.filter((r) => r.statusCode >= 400 || r.statusCode === -1 || r.statusCode === 0 && !r.url.startsWith('data:')).map((r) => `${r.statusCode} ${new URL(r.url).pathname}`),
    requests: requests.length,
    transferKB: round(requests.reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024, 1),
    protocols: [...new Set(requests.filter((r) => r.url.startsWith(new URL(report.requestedUrl).origin)).map((r) => String(r.protocol)))].sort(),
  };
}

/** Median of each metric and score; opportunities and failing audits from the run with the median performance. */
function combine(runs: RunResult[]): RunResult & { runsPerformance: number[] } {
  const byPerformance = [...runs].sort((x, y) => x.scores.performance - y.scores.performance);
  const mid = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
  const med = <K extends 'scores' | 'metrics'>(k: K, f: keyof RunResult[K]) => median(runs.map((r) => r[k][f] as number));
  return {
    ...mid,
    scores: { performance: med('scores', 'performance'), accessibility: med('scores', 'accessibility'), bestPractices: med('scores', 'bestPractices') },
    metrics: { fcp: med('metrics', 'fcp'), lcp: med('metrics', 'lcp'), tbt: med('metrics', 'tbt'), cls: med('metrics', 'cls'), si: med('metrics', 'si') },
    runsPerformance: runs.map((r) => r.scores.performance),
  };
}

/** Signs in through the local sign-in (?as=) and answers the session's cookies as one Cookie header. */
async function signInCookie(platform: Platform, name: string): Promise<string> {
  const res = await platform.get(`/v1/auth/discord?as=${encodeURIComponent(name)}`);
  const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c.startsWith('clutch_at='))) throw new Error(`could not sign in as ${name} (${res.status})`);
  return cookies.join('; ');
}

function readStore(): Record<string, LabelResult> {
  const file = resolve(OUT, 'lighthouse.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, LabelResult>) : {};
}

const ms = (n: number | undefined) => (n === undefined ? '–' : n >= 1000 ? `${round(n / 1000, 1)} s` : `${round(n)} ms`);
const mark = (ok: boolean) => (ok ? '' : ' ✗');

function meetsMobile(r: RunResult) {
  const t = TARGETS.mobile;
  return r.scores.performance >= t.performance && r.metrics.lcp <= t.lcp && r.metrics.tbt <= t.tbt && r.metrics.cls <= t.cls;
}

function writeReport(store: Record<string, LabelResult>) {
  const labels = Object.keys(store);
  const lines: string[] = [
    '# Lighthouse',
    '',
    '`npm run bench:lighthouse` (bench/lighthouse.ts): lighthouse@12.2.3 in Debian Chromium (headless, `--disable-gpu`: WebGL on SwiftShader) against the built app on the real server',
    '(`server/main.ts` serving `dist/`, a fresh seeded PGlite database), cold, as a new visitor: Lighthouse clears the cache and storage before each run.',
    'Mobile: Lighthouse\'s default profile (a mid-range phone, 412×823, slow 4G: 150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown; simulated throttling). Desktop: `--preset=desktop`.',
    `Median of each figure over the runs (opportunities and failing audits: the run with the median performance score). Targets: mobile performance ≥ ${TARGETS.mobile.performance}, LCP ≤ ${TARGETS.mobile.lcp / 1000} s, TBT ≤ ${TARGETS.mobile.tbt} ms, CLS ≤ ${TARGETS.mobile.cls}; desktop performance ≥ ${TARGETS.desktop.performance}; accessibility ${TARGETS.accessibility}, best practices ${TARGETS.bestPractices}. ✗ marks a missed target.`,
    'Lighthouse\'s simulated timings scale with the CPU time the page took: on a busy machine (high load average) they read worse. Compare labels measured at a similar load.',
    '',
    '## Labels',
    '',
    'Transport: `h2` is HTTPS with HTTP/2 (a self-signed certificate, `--ignore-certificate-errors`), as a deployment serves it; `http1` is plain HTTP/1.1 (six connections per host).',
    '',
    '| label | date | commit | transport | Chromium | Lighthouse | CPUs |',
    '|---|---|---|---|---|---|---|',
    ...labels.map((l) => {
      const s = store[l];
      return `| ${l} | ${s.date} | ${s.commit} | ${s.transport ?? 'http1'} | ${s.chromium} | ${s.lighthouse} | ${s.cpus} |`;
    }),
    '',
    '## Summary',
    '',
    '| page | preset | label | performance | accessibility | best practices | FCP | LCP | TBT | CLS | SI | requests | KB | runs (performance) | load avg |',
    '|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const page of PAGES) {
    for (const preset of ['mobile', 'desktop'] as Preset[]) {
      for (const label of labels) {
        const r = store[label].pages[page.name]?.[preset];
        if (!r) continue;
        const head = `| ${page.title} \`${r.path}\` | ${preset} | ${label} |`;
        const load = `${r.loadAverage.before.toFixed(1)}–${r.loadAverage.after.toFixed(1)}`;
        if (!r.median) {
          lines.push(`${head} failed: ${r.error ?? '?'} | | | | | | | | | | | | ${load} |`);
          continue;
        }
        const m = r.median;
        const mobile = preset === 'mobile';
        const perfOk = m.scores.performance >= (mobile ? TARGETS.mobile.performance : TARGETS.desktop.performance);
        lines.push(
          `${head} ${m.scores.performance}${mark(perfOk)} | ${m.scores.accessibility}${mark(m.scores.accessibility >= TARGETS.accessibility)} | ${m.scores.bestPractices}${mark(m.scores.bestPractices >= TARGETS.bestPractices)} | ` +
            `${ms(m.metrics.fcp)} | ${ms(m.metrics.lcp)}${mark(!mobile || m.metrics.lcp <= TARGETS.mobile.lcp)} | ${ms(m.metrics.tbt)}${mark(!mobile || m.metrics.tbt <= TARGETS.mobile.tbt)} | ` +
            `${round(m.metrics.cls, 3)}${mark(!mobile || m.metrics.cls <= TARGETS.mobile.cls)} | ${ms(m.metrics.si)} | ${m.requests} | ${m.transferKB} | ${r.runs} of ${r.tries} tries (${m.runsPerformance.join(', ')}) | ${load} |`,
        );
      }
    }
  }
  lines.push('', '## What Lighthouse would still change', '');
  for (const label of labels) {
    lines.push(`### ${label}`, '');
    for (const page of PAGES) {
      for (const preset of ['mobile', 'desktop'] as Preset[]) {
        const m = store[label].pages[page.name]?.[preset]?.median;
        if (!m) continue;
        const opps = m.opportunities.slice(0, 3).map((o) => `${o.id} (${ms(o.ms)}${o.bytes ? `, ${round(o.bytes / 1024)} KiB` : ''})`);
        const notes = [
          opps.length ? `opportunities: ${opps.join(', ')}` : 'no opportunities',
          m.failing.length ? `failing: ${m.failing.map((f) => `${f.category}/${f.id}`).join(', ')}` : '',
          m.consoleErrors.length ? `console errors: ${m.consoleErrors.length} (${m.consoleErrors.slice(0, 2).join(' | ')})` : '',
          m.failedRequests.length ? `failed requests: ${m.failedRequests.join(', ')}` : '',
          preset === 'mobile' && !meetsMobile(m) ? 'mobile target missed' : '',
        ].filter(Boolean);
        lines.push(`- ${page.title} (${preset}): ${notes.join('; ')}`);
      }
    }
    lines.push('');
  }
  writeFileSync(resolve(OUT, 'lighthouse.md'), `${lines.join('\n')}\n`);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  if (process.env.BENCH_REPORT_ONLY === '1') {
    writeReport(readStore());
    return;
  }
  const dist = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : resolve(APP_DIR, 'dist');
  if (!process.env.BENCH_DIST && process.env.BENCH_SKIP_BUILD !== '1') buildSpa(APP_DIR);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no built app in ${dist}`);
  const commit = process.env.BENCH_COMMIT ?? (spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: APP_DIR, encoding: 'utf8' }).stdout.trim() || '?');
  const chromium = spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/ built on.*/, '');
  const lighthouseVersion = JSON.parse(readFileSync(resolve(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')).version as string;
  if (TRANSPORT === 'h2' && !readFileSync(join(APP_DIR, 'server/config.ts'), 'utf8').includes('TLS_CERT_FILE')) {
    throw new Error(`${APP_DIR} cannot serve HTTPS (its server has no TLS_CERT_FILE): measure it with BENCH_TRANSPORT=http1`);
  }
  const platform = await startPlatform({ cwd: APP_DIR, env: { STATIC_DIR: dist }, https: TRANSPORT === 'h2' });
  const store = readStore();
  // A label measured again over another transport starts afresh: its pages would otherwise mix the two.
  const previous = (store[LABEL]?.transport ?? 'http1') === TRANSPORT ? store[LABEL] : undefined;
  if (store[LABEL] && !previous) console.log(`label ${LABEL} was measured over ${store[LABEL].transport ?? 'http1'}: its pages are replaced by this ${TRANSPORT} run`);
  const result: LabelResult = {
    date: new Date().toISOString(),
    commit,
    appDir: APP_DIR === ROOT ? '.' : APP_DIR,
    dist: dist === resolve(APP_DIR, 'dist') ? 'dist/' : dist,
    chromium,
    lighthouse: lighthouseVersion,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
    transport: TRANSPORT,
    pages: { ...(previous?.pages ?? {}) },
  };
  try {
    const api = async (path: string) => {
      const res = await platform.get(path);
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return JSON.parse(res.body);
    };
    for (const page of PAGES.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.name))) {
      const path = typeof page.path === 'string' ? page.path : await page.path(api);
      for (const preset of page.presets.filter((p) => PRESETS.includes(p))) {
        const before = loadavg()[0];
        const runs: RunResult[] = [];
        let tries = 0;
        let lastError = '';
        while (runs.length < REPEAT && tries < REPEAT + RETRIES) {
          tries++;
          // A fresh sign-in per run: Lighthouse's storage reset does not touch the Cookie header it is given.
          const cookie = page.signInAs ? await signInCookie(platform, page.signInAs) : null;
          const started = Date.now();
          const outcome = await lighthouseOnce(`${platform.baseURL}${path}`, preset, cookie);
          const took = round((Date.now() - started) / 1000, 1);
          if (outcome.ok) {
            const r = summarize(outcome.report);
            runs.push(r);
            if (KEEP_REPORTS) {
              mkdirSync(KEEP_REPORTS, { recursive: true });
              writeFileSync(join(KEEP_REPORTS, `${LABEL}-${page.name}-${preset}-${runs.length}.json`), JSON.stringify(outcome.report));
            }
            console.log(`${page.name} ${preset} run ${runs.length}: performance ${r.scores.performance}, LCP ${ms(r.metrics.lcp)}, TBT ${ms(r.metrics.tbt)}, CLS ${round(r.metrics.cls, 3)} over ${r.protocols?.join(', ')} (${took} s, load ${loadavg()[0].toFixed(1)})`);
          } else {
            lastError = outcome.error;
            console.log(`${page.name} ${preset} try ${tries} failed: ${outcome.error} (${took} s)`);
          }
        }
        result.pages[page.name] = {
          ...result.pages[page.name],
          [preset]: {
            path,
            runs: runs.length,
            tries,
            loadAverage: { before, after: loadavg()[0] },
            ...(runs.length ? { median: combine(runs) } : { error: lastError }),
          },
        };
        store[LABEL] = result;
        writeFileSync(resolve(OUT, 'lighthouse.json'), `${JSON.stringify(store, null, 2)}\n`);
        writeReport(store);
      }
    }
  } finally {
    await platform.stop();
  }
  console.log(`wrote ${resolve(OUT, 'lighthouse.md')}`);
}

await main();

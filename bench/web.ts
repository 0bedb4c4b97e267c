import { cpus, loadavg } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildSpa, startPlatform } from '../scripts/startPlatform';

/*
 * Web benchmark (npm run bench:web). Builds the SPA, starts the real server on a free loopback port (as the
 * browser tests do) and measures in Debian Chromium:
 * - the JavaScript and CSS each page pulls in (every script and stylesheet response until the network is idle,
 *   lazy chunks included), raw and gzip (zlib level 6, what a compressing server or CDN would send);
 * - first contentful paint and time to interactive of `/` with 4× CPU throttling and the slow-4G profile
 *   (Chrome DevTools Protocol emulation), median of BENCH_RUNS (5) cold loads.
 * Writes bench/results/web.md (and web.json). Environment: BENCH_RUNS=5  BENCH_LABEL="after"  BENCH_SKIP_BUILD=1
 * BENCH_VERBOSE=1 (every file of every page)
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const PAGES: { path: string; as?: string }[] = [{ path: '/' }, { path: '/tournaments' }, { path: '/tournaments/8' }, { path: '/admin', as: 'AdminAce' }];
/** Lighthouse's slow 4G (DevTools throttling): 562.5 ms round trip, 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up. */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };
const CPU_SLOWDOWN = 4;
/** TTI as Lighthouse defines it: the end of the last long task before a 5 s window without long tasks and with at most 2 requests in flight. */
const QUIET_MS = 5000;

interface Transfer {
  path: string;
  jsFiles: number;
  jsRaw: number;
  jsGzip: number;
  cssFiles: number;
  cssRaw: number;
  cssGzip: number;
}

async function signIn(page: Page, name: string) {
  await page.goto(`/v1/auth/discord?as=${encodeURIComponent(name)}`);
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForLoadState('networkidle');
}

/** Loads `path` with the browser cache off and adds up every script and stylesheet it fetched. */
async function measureTransfer(browser: Browser, baseURL: string, path: string, as?: string): Promise<Transfer> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    if (as) await signIn(page, as);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bodies: Promise<{ kind: 'js' | 'css'; url: string; body: Buffer } | null>[] = [];
    page.on('response', (res) => {
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      // A response still arriving when the page is closed is not counted (network idle means none should be).
      bodies.push(res.body().then((body) => ({ kind: type === 'script' ? ('js' as const) : ('css' as const), url: res.url(), body }), () => null));
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} ended on ${page.url()}`);
    const files = (await Promise.all(bodies)).filter((f) => f !== null);
    const sum = (kind: 'js' | 'css', f: (b: Buffer) => number) => files.filter((x) => x.kind === kind).reduce((n, x) => n + f(x.body), 0);
    const gz = (b: Buffer) => gzipSync(b, { level: 6 }).length;
    if (VERBOSE) for (const f of files) console.log(`  ${path} ${(gz(f.body) / 1024).toFixed(1).padStart(6)} KB gzip  ${new URL(f.url).pathname}`);
    return {
      path: as ? `${path} (signed in as ${as})` : path,
      jsFiles: files.filter((x) => x.kind === 'js').length,
      jsRaw: sum('js', (b) => b.length),
      jsGzip: sum('js', gz),
      cssFiles: files.filter((x) => x.kind === 'css').length,
      cssRaw: sum('css', (b) => b.length),
      cssGzip: sum('css', gz),
    };
  } finally {
    await context.close();
  }
}

type Timeline = { fcp: number; dcl: number; now: number; longTasks: [number, number][]; requests: [number, number][] };

/** Lighthouse's TTI from the page's own timeline, or null while no quiet window has been seen yet. */
function interactiveAt(t: Timeline): number | null {
  const busy = (from: number, to: number) => {
    if (t.longTasks.some(([s, e]) => s < to && e > from)) return true;
    // Request counts change only at request starts and ends: check the window's start and each such point in it.
    const points = [from, ...t.requests.flat().filter((x) => x > from && x < to)];
    return points.some((p) => t.requests.filter(([s, e]) => s <= p && e > p).length > 2);
  };
  const starts = [t.fcp, ...t.longTasks.map(([, e]) => e), ...t.requests.map(([, e]) => e)].filter((x) => x >= t.fcp).sort((a, b) => a - b);
  for (const start of starts) {
    if (start + QUIET_MS > t.now) return null;
    if (!busy(start, start + QUIET_MS)) {
      const lastTask = Math.max(t.fcp, ...t.longTasks.filter(([, e]) => e <= start).map(([, e]) => e));
      return Math.max(lastTask, t.dcl);
    }
  }
  return null;
}

async function measurePaint(browser: Browser, baseURL: string): Promise<{ fcp: number; tti: number }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: [number, number][] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.startTime + e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto('/', { waitUntil: 'load', timeout: 120_000 });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const timeline = await page.evaluate((): Timeline => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        return {
          fcp: paint ? paint.startTime : Infinity,
          dcl: nav.domContentLoadedEventEnd,
          now: performance.now(),
          longTasks: (window as unknown as { __longTasks: [number, number][] }).__longTasks,
          requests: [[nav.startTime, nav.responseEnd], ...resources.map((r): [number, number] => [r.startTime, r.responseEnd])],
        };
      });
      const tti = Number.isFinite(timeline.fcp) ? interactiveAt(timeline) : null;
      if (tti !== null) return { fcp: timeline.fcp, tti };
      if (Date.now() > deadline) throw new Error('no quiet window within 120 s');
      await page.waitForTimeout(500);
    }
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const kb = (n: number) => (n / 1024).toFixed(1);

export async function runWebBench(): Promise<void> {
  const loadBefore = loadavg()[0];
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    console.log('web bench: building the SPA…');
    buildSpa();
  }
  const platform = await startPlatform();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const transfers: Transfer[] = [];
  const paints: { fcp: number; tti: number }[] = [];
  try {
    for (const p of PAGES) {
      const t = await measureTransfer(browser, platform.baseURL, p.path, p.as);
      transfers.push(t);
      console.log(`${t.path}: JS ${kb(t.jsGzip)} KB gzip (${t.jsFiles} files), CSS ${kb(t.cssGzip)} KB gzip (${t.cssFiles} files)`);
    }
    for (let i = 0; i < RUNS; i++) {
      const p = await measurePaint(browser, platform.baseURL);
      paints.push(p);
      console.log(`/ run ${i + 1}: FCP ${p.fcp.toFixed(0)} ms, TTI ${p.tti.toFixed(0)} ms`);
    }
  } finally {
    await browser.close();
    await platform.stop();
  }
  const meta = {
    date: new Date().toISOString(),
    label: process.env.BENCH_LABEL ?? '',
    chromium: browser.version(),
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    runs: RUNS,
  };
  const result = { meta, transfers, paint: { fcpMs: median(paints.map((p) => p.fcp)), ttiMs: median(paints.map((p) => p.tti)), runs: paints } };
  const outDir = resolve(here, 'results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(resolve(outDir, 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
  const section = [
    `## ${meta.label || 'Run'}: ${meta.date}`,
    '',
    `Chromium ${meta.chromium} headless, ${meta.cpu} (1-minute load average ${meta.loadAverage.before.toFixed(1)} before, ${meta.loadAverage.after.toFixed(1)} after: the machine is shared).`,
    '',
    '| page | JS files | JS raw (KB) | JS gzip (KB) | CSS files | CSS raw (KB) | CSS gzip (KB) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...transfers.map((t) => `| \`${t.path}\` | ${t.jsFiles} | ${kb(t.jsRaw)} | ${kb(t.jsGzip)} | ${t.cssFiles} | ${kb(t.cssRaw)} | ${kb(t.cssGzip)} |`),
    '',
    `\`/\` with ${CPU_SLOWDOWN}× CPU throttling and slow 4G, median of ${RUNS} cold loads: first contentful paint **${result.paint.fcpMs.toFixed(0)} ms**, time to interactive **${result.paint.ttiMs.toFixed(0)} ms** (runs: ${paints.map((p) => `${p.fcp.toFixed(0)}/${p.tti.toFixed(0)}`).join(', ')} ms FCP/TTI).`,
    '',
  ].join('\n');
  const file = resolve(outDir, 'web.md');
  const header = [
    '# Web benchmark',
    '',
    '`npm run bench:web`: builds the SPA, serves it with the real server (`server/main.ts`, fresh seeded PGlite) on a loopback port and loads each page in Debian Chromium with the cache off.',
    'JS and CSS: every script and stylesheet the page fetched until the network was idle (lazy chunks included); gzip = zlib level 6 of each file, what a compressing proxy sends (the server itself sends files uncompressed, so the throttled load below transfers the raw sizes).',
    `FCP and TTI: \`/\`, ${CPU_SLOWDOWN}× CPU throttling (\`Emulation.setCPUThrottlingRate\`) and slow 4G (\`Network.emulateNetworkConditions\`: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up), cold cache; TTI as Lighthouse defines it (end of the last long task before 5 s with no long task and at most 2 requests in flight). Target for \`/\`: ≤ 150 KB gzip JS, ≤ 40 KB gzip CSS.`,
    '',
  ].join('\n');
  // Runs accumulate under the header, newest first, so a before/after pair stays side by side; a hand-written
  // "## Summary" section stays on top.
  let summary = '';
  let previous = '';
  try {
    const old = readFileSync(file, 'utf8');
    previous = old.includes('\n## ') ? old.slice(old.indexOf('\n## ') + 1) : '';
    if (previous.startsWith('## Summary')) {
      const end = previous.indexOf('\n## ', 1);
      summary = end < 0 ? previous : previous.slice(0, end + 1);
      previous = end < 0 ? '' : previous.slice(end + 1);
    }
  } catch {
    // first run
  }
  writeFileSync(file, `${header}\n${summary}${section}\n${previous}`.trimEnd() + '\n');
  console.log(`\n${section}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runWebBench().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

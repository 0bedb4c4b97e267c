import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildSpa, startPlatform } from '../scripts/startPlatform';
import { BASE_ARGS, CHROMIUM, CONFIGS } from './bracket';
import { insertBenchTournament } from './benchTournament';

/*
 * Time to bracket (npm run bench:time-to-bracket): from a click on BRACKET on a tournament's page to the first frame
 * of its canvas, against the real server (`server/main.ts` serving the production build of dist/, the seeded demo
 * database plus a 4,096-entry tournament), in Debian Chromium in both configurations of bench:bracket.
 * Each step comes from the page's own timeline: request and transfer from Resource Timing of the bracket's GET,
 * the others from the `bracket:*` marks the SPA leaves (src/bracket/timing.ts). Cold: a fresh browser context
 * (nothing cached but the page the click starts from); warm: back to the tournament page and BRACKET again (the GET
 * revalidates with If-None-Match and gets 304).
 * Writes bench/results/time-to-bracket.json (one run per label) and time-to-bracket.md (labels side by side).
 *
 * Environment: BENCH_LABEL=after  BENCH_REPEAT=3  BENCH_CONFIGS=default,swiftshader  BENCH_SKIP_BUILD=1
 * BENCH_REPORT_ONLY=1 (rewrite the .md from the .json, measuring nothing)
 */

const here = fileURLToPath(new URL('.', import.meta.url));
const LABEL = process.env.BENCH_LABEL ?? 'after';
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3);
const ONLY = process.env.BENCH_CONFIGS?.split(',');
const OUT = resolve(here, 'results');
/** The seeded brackets (server/db/seed.ts) and the one this benchmark adds. */
const BRACKETS = [
  { entries: 64, title: 'Winter Major' },
  { entries: 1024, title: 'Open Qualifier 1024' },
  { entries: 4096, title: 'Bench Open 4096' },
] as const;
const TARGETS: Record<number, number> = { 1024: 250, 4096: 400 };
const WARM_TARGET = 150;
const STEPS = ['request', 'transfer', 'parse', 'convert', 'layout', 'firstFrame', 'other', 'total'] as const;
type Step = (typeof STEPS)[number];
/**
 * Not steps: `sent` click → the bracket's GET leaves (route chunk, React, the page's machine), `renderer` click → the
 * canvas's renderer is up (a track beside the steps).
 */
type Sample = Record<Step, number> & { bytes: number; raw?: number; sent?: number; renderer: number };

/** The 4,096-entry tournament, written to the DATA_DIR before the server starts (the demo league is seeded too). */
async function prepare(dataDir: string) {
  const { openDatabase } = await import('../server/db/client');
  const { seedIfEmpty } = await import('../server/db/seed');
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedIfEmpty(database.db);
    await insertBenchTournament(database.db, BRACKETS[2].title, BRACKETS[2].entries, 'ACTIVE');
  } finally {
    await database.close();
  }
}

/** Clicks BRACKET on the tournament page (already open) and reads the steps once the first frame is drawn. */
async function clickToBracket(page: Page, id: number): Promise<Sample> {
  await page.evaluate((href) => {
    performance.clearMarks();
    performance.clearMeasures();
    performance.clearResourceTimings();
    performance.mark('bracket:click');
    const link = [...document.querySelectorAll('a')].find((a) => a.getAttribute('href') === href && a.textContent?.trim() === 'BRACKET');
    if (!link) throw new Error('no BRACKET link');
    link.click();
  }, `/tournaments/${id}`);
  await page.waitForFunction(() => performance.getEntriesByName('bracket:first-frame').length > 0, null, { timeout: 60_000, polling: 50 });
  // No named inner functions: tsx's keepNames would wrap them in a helper the page does not have.
  return page.evaluate((tid) => {
    const [clickMark, dataMark, convertMeasure, layout, frameMark, rendererMark] = [
      'bracket:click',
      'bracket:data',
      'bracket:convert',
      'bracket:layout',
      'bracket:first-frame',
      'bracket:renderer-ready',
    ].map((name) => performance.getEntriesByName(name)[0]);
    const click = clickMark.startTime;
    const res = performance
      .getEntriesByType('resource')
      .find((r) => /\/v1\/tournament\/\d+\/(match|bracket)$/.test(new URL(r.name).pathname) && r.name.includes(`/tournament/${tid}/`)) as PerformanceResourceTiming;
    const data = dataMark.startTime;
    const convert = convertMeasure.duration;
    const frame = frameMark.startTime;
    const sample = {
      request: res.responseStart - click,
      transfer: res.responseEnd - res.responseStart,
      parse: data - res.responseEnd,
      convert,
      layout: layout.duration,
      firstFrame: frame - (layout.startTime + layout.duration),
      total: frame - click,
      bytes: res.transferSize,
      raw: res.decodedBodySize,
      sent: res.startTime - click,
      renderer: rendererMark ? rendererMark.startTime - click : NaN,
      other: 0,
    };
    sample.other = sample.total - sample.request - sample.transfer - sample.parse - sample.convert - sample.layout - sample.firstFrame;
    return sample;
  }, id);
}

async function tournamentIds(page: Page): Promise<Map<number, number>> {
  const res = await page.request.get('/v1/tournament/active?perPage=100');
  const list = (await res.json()).results as { id: number; title: string }[];
  return new Map(
    BRACKETS.map((b) => {
      const t = list.find((x) => x.title === b.title);
      if (!t) throw new Error(`no tournament "${b.title}"`);
      return [b.entries, t.id];
    }),
  );
}

/** One cold and one warm visit in a fresh context. */
async function visit(browser: Browser, baseURL: string, id: number): Promise<{ cold: Sample; warm: Sample }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const details = async () => {
      await page.goto(`/tournaments/${id}/details`);
      await page.getByRole('link', { name: 'BRACKET' }).waitFor();
      await page.waitForLoadState('networkidle');
    };
    await details();
    const cold = await clickToBracket(page, id);
    await page.waitForLoadState('networkidle');
    await page.goBack();
    await page.getByRole('link', { name: 'BRACKET' }).waitFor();
    await page.waitForLoadState('networkidle');
    const warm = await clickToBracket(page, id);
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** The median of the finite values (NaN when there are none: a figure an older run did not record). */
const median = (xs: (number | undefined)[]) => {
  const finite = xs.filter((x): x is number => Number.isFinite(x)).sort((a, b) => a - b);
  return finite.length ? finite[Math.floor((finite.length - 1) / 2)] : NaN;
};
const medianSample = (runs: Sample[]): Sample =>
  Object.fromEntries([...STEPS, 'bytes', 'raw', 'sent', 'renderer'].map((k) => [k, median(runs.map((r) => r[k as Step]))])) as Sample;

interface Row {
  config: string;
  entries: number;
  cold: Sample;
  warm: Sample;
  runs: { cold: Sample; warm: Sample }[];
}
interface Run {
  label: string;
  date: string;
  chromium: string;
  cpus: string;
  loadAverage: { before: number; after: number };
  repeat: number;
  rows: Row[];
}

function report(runs: Run[]): string {
  const f = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '–' : n.toFixed(0));
  const lines = [
    '# Time to bracket',
    '',
    '`npm run bench:time-to-bracket`: the production build served by the real server (`server/main.ts`, the seeded demo',
    'database plus a 4,096-entry tournament), Debian Chromium headless at 1280×900; from a click on BRACKET on the',
    "tournament's page to the first frame of the canvas. Cold: a fresh browser context; warm: back and BRACKET again",
    '(the bracket GET revalidates: 304). Each cell: the median of every visit of the runs of that label, in ms.',
    `Targets: 1,024 entries ≤ ${TARGETS[1024]} ms, 4,096 ≤ ${TARGETS[4096]} ms, warm ≤ ${WARM_TARGET} ms.`,
    '',
    'Steps: **request** click → first byte of the bracket (route change, React, the request itself and server time);',
    '**transfer** first → last byte; **parse** last byte → data parsed and validated on the main thread (JSON,',
    'contract, a worker round trip when one is used); **convert** to the canvas matches; **layout** the engine taking',
    'the data (layout, packing); **first frame** to the first frame drawn; **other** what is left (the lazy canvas',
    'chunk and Pixi start-up when they are on the critical path, React rendering). Not steps: **sent** click → the GET',
    "leaves (part of request: the page's chunk, React, its machine); **renderer** click → the canvas's renderer is up",
    '(beside the steps since the canvas mounts while the bracket loads). "–": a figure that run did not record.',
    '',
  ];
  for (const run of runs) {
    lines.push(
      `- **${run.label}** (${run.date}): Chromium ${run.chromium}, ${run.cpus}, 1-minute load average ${run.loadAverage.before.toFixed(1)} before and ${run.loadAverage.after.toFixed(1)} after (the machine is shared), ${run.repeat} repeats.`,
    );
  }
  lines.push('');
  // Runs of one label ("after", "after #2") are pooled: each cell is the median of every visit of those runs.
  const groups = new Map<string, Row[]>();
  for (const run of runs) {
    const label = run.label.replace(/ #\d+$/, '');
    const rows = groups.get(label) ?? [];
    for (const row of run.rows) {
      const same = rows.find((r) => r.config === row.config && r.entries === row.entries);
      if (same) same.runs = [...same.runs, ...row.runs];
      else rows.push({ ...row, runs: [...row.runs] });
    }
    groups.set(label, rows);
  }
  for (const rows of groups.values()) {
    for (const row of rows) {
      row.cold = medianSample(row.runs.map((r) => r.cold));
      row.warm = medianSample(row.runs.map((r) => r.warm));
    }
  }
  const labels = [...groups.keys()];
  const pooled = [...groups.entries()].map(([label, rows]) => ({ label, rows }));
  for (const config of CONFIGS) {
    if (!runs.some((r) => r.rows.some((x) => x.config === config.name))) continue;
    lines.push(`## ${config.name}: ${config.label}`, '');
    lines.push(`| entries | visit | ${STEPS.map((s) => `${s === 'firstFrame' ? 'first frame' : s} (${labels.join(' → ')})`).join(' | ')} | sent (${labels.join(' → ')}) | renderer (${labels.join(' → ')}) | bytes: wire / body (${labels.join(' → ')}) |`);
    lines.push(`|---:|---|${STEPS.map(() => '---:').join('|')}|---:|---:|---:|`);
    for (const b of BRACKETS) {
      for (const visitKind of ['cold', 'warm'] as const) {
        const cells = pooled.map((r) => r.rows.find((x) => x.config === config.name && x.entries === b.entries)?.[visitKind]);
        lines.push(
          `| ${b.entries.toLocaleString('en')} | ${visitKind} | ${STEPS.map((s) => {
            const text = cells.map((c) => f(c?.[s])).join(' → ');
            return s === 'total' ? `**${text}**` : text;
          }).join(' | ')} | ${cells.map((c) => f(c?.sent)).join(' → ')} | ${cells.map((c) => f(c?.renderer)).join(' → ')} | ${cells.map((c) => (c ? `${(c.bytes / 1024).toFixed(0)} / ${c.raw && Number.isFinite(c.raw) ? (c.raw / 1024).toFixed(0) : '?'} KB` : '–')).join(' → ')} |`,
        );
      }
    }
    lines.push('');
  }
  return lines.join('\n');
}

const RESULTS = resolve(OUT, 'time-to-bracket.json');
const readRuns = (): Run[] => (existsSync(RESULTS) ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as { runs: Run[] }).runs : []);

/** A hand-written "## Analysis" section at the end of the .md survives a new run. */
function writeReport(runs: Run[]) {
  const file = resolve(OUT, 'time-to-bracket.md');
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const analysis = old.includes('\n## Analysis') ? old.slice(old.indexOf('\n## Analysis') + 1) : '';
  const md = report(runs);
  writeFileSync(file, `${md}\n${analysis}`.trimEnd() + '\n');
  console.log(`\n${md}`);
}

export async function runTimeToBracket(): Promise<void> {
  if (process.env.BENCH_REPORT_ONLY === '1') {
    writeReport(readRuns());
    return;
  }
  const loadBefore = loadavg()[0];
  if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(resolve(here, '../dist/index.html'))) {
    console.log('time-to-bracket: building the SPA…');
    buildSpa();
  }
  console.log('time-to-bracket: seeding and starting the server…');
  const platform = await startPlatform({ prepare });
  const rows: Row[] = [];
  let version = '';
  try {
    for (const config of CONFIGS.filter((c) => !ONLY || ONLY.includes(c.name))) {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...BASE_ARGS, ...config.args], headless: true });
      version = browser.version();
      try {
        const probe = await browser.newPage({ baseURL: platform.baseURL });
        const ids = await tournamentIds(probe);
        await probe.close();
        // One unmeasured visit warms the server's cached bodies (every later visit finds them, as users would).
        for (const b of BRACKETS) await visit(browser, platform.baseURL, ids.get(b.entries)!);
        for (const b of BRACKETS) {
          const runs: { cold: Sample; warm: Sample }[] = [];
          for (let i = 0; i < REPEAT; i++) runs.push(await visit(browser, platform.baseURL, ids.get(b.entries)!));
          const row = { config: config.name, entries: b.entries, cold: medianSample(runs.map((r) => r.cold)), warm: medianSample(runs.map((r) => r.warm)), runs };
          rows.push(row);
          const s = (x: Sample) => STEPS.map((k) => `${k} ${x[k].toFixed(0)}`).join(', ');
          console.log(`${config.name} ${b.entries}: cold ${s(row.cold)}; warm ${s(row.warm)}`);
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await platform.stop();
  }
  const run: Run = {
    label: LABEL,
    date: new Date().toISOString(),
    chromium: version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
    loadAverage: { before: loadBefore, after: loadavg()[0] },
    repeat: REPEAT,
    rows,
  };
  mkdirSync(OUT, { recursive: true });
  const runs = [...readRuns().filter((r) => r.label !== LABEL), run];
  writeFileSync(RESULTS, `${JSON.stringify({ runs }, null, 2)}\n`);
  writeReport(runs);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runTimeToBracket().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { serveStatic } from './server';
if (!process.env.NOBUILD) await build({ configFile: 'bench/vite.bench.config.ts', logLevel: 'warn' });
const s = await serveStatic('bench/dist');
const base = ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...base, ...(process.env.SS ? ['--use-angle=swiftshader','--enable-unsafe-swiftshader'] : [])] });
const root = 0;
function tree(): Map<number, string> {
  const out = new Map<number, string>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      const util = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1];
      out.set(Number(d), util ? `${type}:${util.split('.').pop()}` : type);
    } catch {}
  }
  return out;
}
function cpu(): Map<string, number> {
  const m = new Map<string, number>();
  for (const [pid, type] of tree()) {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      const t = (Number(st[11]) + Number(st[12])) * 10; // ms (100 Hz)
      m.set(type, (m.get(type) ?? 0) + t);
    } catch {}
  }
  return m;
}
void root;
const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
await p.goto(`${s.url}/bracket/index.html`);
await p.waitForFunction(() => 'bench' in window);
await p.evaluate(() => (window as any).bench.init());
await p.evaluate((n) => (window as any).bench.prepare(n), Number(process.env.N ?? 4096));
await p.evaluate(() => (window as any).bench.firstFrame());
const cases = JSON.parse(process.env.CASES ?? '[]');
for (const [z, dx, dy, hide] of cases) {
  const c0 = cpu();
  const r = await p.evaluate(([z, dx, dy, hide]) => (window as any).bench.still(z, dx, dy, hide), [z, dx, dy, hide]);
  const c1 = cpu();
  const per = [...c1].filter(([k]) => k === 'gpu-process' || k === 'renderer').map(([k, v]) => `${k}=${((v - (c0.get(k) ?? 0)) / 60).toFixed(1)}`).join(' ');
  console.log('still', z, (hide.join(',') || '-').padEnd(30), 'p95', r.p95.toFixed(1), 'cpu ms/frame:', per);
}
for (const run of (process.env.RUNS ?? 'zoom,pan').split(',').filter(Boolean)) {
  const c0 = cpu();
  const t0 = Date.now();
  const r = await p.evaluate((run) => (window as any).bench[run](), run);
  const wall = Date.now() - t0;
  const c1 = cpu();
  const per = [...c1].map(([k, v]) => `${k}=${((v - (c0.get(k) ?? 0)) / 120).toFixed(1)}`).join(' ');
  console.log(run, 'p95', r.p95.toFixed(1), 'median', r.median.toFixed(1), 'wall/frame', (wall / 120).toFixed(1), 'cpu ms/frame:', per);
}
await b.close(); await s.close();

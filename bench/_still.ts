import { chromium } from 'playwright-core';
import { build } from 'vite';
import { serveStatic } from './server';
await build({ configFile: 'bench/vite.bench.config.ts', logLevel: 'warn' });
const s = await serveStatic('bench/dist');
const base = ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...base, ...(process.env.SS ? ['--use-angle=swiftshader','--enable-unsafe-swiftshader'] : [])] });
const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
p.on('pageerror', e => console.log(e.message));
await p.goto(`${s.url}/bracket/index.html`);
await p.waitForFunction(() => 'bench' in window);
await p.evaluate(() => (window as any).bench.init());
await p.evaluate(() => (window as any).bench.prepare(Number(4096)));
await p.evaluate(() => (window as any).bench.firstFrame());
const cases = JSON.parse(process.env.CASES ?? '[[0.125,0,0,[]],[0.6,0,0,[]],[1,0,0,[]],[4,0,0,[]]]');
for (const [z, dx, dy, hide] of cases) {
  await p.evaluate(() => { const g = (window as any).glCalls; for (const k in g) g[k] = 0; });
  const r = await p.evaluate(([z, dx, dy, hide]) => (window as any).bench.still(z, dx, dy, hide), [z, dx, dy, hide]);
  console.log(z, hide.join(','), 'median', r.median.toFixed(1), 'p95', r.p95.toFixed(1), 'cpu', r.cpuMedian.toFixed(2), 'draws', r.drawCallsMedian, JSON.stringify(await p.evaluate(() => (window as any).bench.internals().scene.stats())));
}
await b.close(); await s.close();

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
await p.evaluate((n) => (window as any).bench.prepare(n), Number(process.env.N ?? 4096));
await p.evaluate(() => (window as any).bench.firstFrame());
const cases = JSON.parse(process.env.CASES ?? '[[0.125,0,0,[]],[0.3,0,0,[]],[0.6,0,0,[]],[1,0,0,[]],[2,0,0,[]],[4,0,0,[]]]');
for (const [z, dx, dy, hide] of cases) {
  const r = await p.evaluate(([z, dx, dy, hide]) => (window as any).bench.cost(z, dx, dy, hide), [z, dx, dy, hide]);
  const st = await p.evaluate(() => (window as any).bench.internals().scene.stats());
  console.log(String(z).padEnd(6), (hide.join(',') || '-').padEnd(20), 'median', r.median.toFixed(2), 'min', r.min.toFixed(2), JSON.stringify(st));
}
await b.close(); await s.close();

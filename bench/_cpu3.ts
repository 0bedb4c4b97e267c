import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { serveStatic } from './server';
const s = await serveStatic('/tmp/probe2');
const base = ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...base, ...(process.env.SS ? ['--use-angle=swiftshader','--enable-unsafe-swiftshader'] : [])] });
function cpu(): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const type = /--type=([\w-]+)/.exec(cmd)?.[1] ?? 'browser';
      const st = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      m.set(type, (m.get(type) ?? 0) + (Number(st[11]) + Number(st[12])) * 10);
    } catch {}
  }
  return m;
}
for (let rep = 0; rep < 3; rep++)
for (const q of (process.env.QS ?? '').split(' ')) {
  const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
  await p.goto(`${s.url}/index.html?${q}`);
  await p.evaluate(() => (window as any).run());
  const c0 = cpu();
  const r = await p.evaluate(() => (window as any).run());
  const c1 = cpu();
  console.log(q.padEnd(50), 'p95', r.p95.toFixed(1), [...c1].filter(([k]) => k === 'gpu-process' || k === 'renderer' || k === 'browser').map(([k, v]) => `${k}=${((v - (c0.get(k) ?? 0)) / 120).toFixed(1)}`).join(' '));
  await p.close();
}
await b.close(); await s.close();

import { chromium } from 'playwright-core';
import { serveStatic } from './server';
const s = await serveStatic('/tmp/probe');
const base = ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: base });
for (const [attrs, bits] of [[{}, 'color'], [{ alpha: false }, 'color'], [{ stencil: true }, 'color'], [{ stencil: true }, 'color,stencil'], [{ alpha: false, stencil: true, premultipliedAlpha: true }, 'color,stencil'], [{ alpha: false, stencil: true }, 'color,stencil,depth']] as const) {
  const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
  await p.goto(`${s.url}/index.html?attrs=${encodeURIComponent(JSON.stringify(attrs))}&bits=${bits}`);
  console.log(JSON.stringify(attrs), bits, JSON.stringify(await p.evaluate(() => (window as any).run())));
  await p.close();
}
await b.close();
await s.close();

import { chromium } from 'playwright-core';
const [,, out, as, ...urls] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on('pageerror', e => console.log('pageerror', e.message));
page.on('console', m => { if (m.type() === 'error') console.log('console', m.text()); });
if (as !== '-') { await page.goto(`http://localhost:8099/v1/auth/discord?as=${as}`); await page.waitForURL(u => u.pathname === '/', { timeout: 15000 }).catch(()=>{}); }
let i = 0;
for (const url of urls) {
  await page.goto('http://localhost:8099' + url);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `${out}-${i++}.png`, fullPage: false });
  console.log('shot', url, page.url());
}
await browser.close();

import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const items = [];
page.on('response', async (r) => { if (r.request().resourceType() === 'script') items.push([r.url().split('/').pop(), r.body()]); });
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
let total = 0;
for (const [n, b] of items) { const body = await b; const g = gzipSync(body, {level: 9}).length; total += g; console.log(String(g).padStart(7), String(body.length).padStart(8), n); }
console.log('total', total);
await browser.close();

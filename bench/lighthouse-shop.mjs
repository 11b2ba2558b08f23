// Lighthouse, mobile (its default emulation and throttling), on the shopper's main pages: the
// median of RUNS runs of performance and accessibility for each. The store must be running:
//   CHROME_PATH=/usr/bin/chromium BASE=http://127.0.0.1:3000 node bench/lighthouse-shop.mjs
// The cart and checkout pages are measured with a cart holding one shirt (its CART cookie).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const BASE = process.env.BASE ?? 'http://127.0.0.1:3000';
const RUNS = Number(process.env.RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** A cart with one Linen Field Shirt (S / Sage), as the browser would hold it. */
async function cartCookie() {
  const home = await fetch(`${BASE}/shop`);
  const crumb = /crumb=([^;]+)/.exec(home.headers.get('set-cookie') ?? '')?.[1];
  if (!crumb) throw new Error('no crumb cookie from /shop');
  const add = await fetch(`${BASE}/api/commerce/shopping-cart/entries`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `crumb=${crumb}` },
    body: new URLSearchParams({
      crumb,
      itemId: await shirtId(),
      'variant-option-Size': 'S',
      'variant-option-Color': 'Sage',
      quantity: '1',
    }),
    redirect: 'manual',
  });
  const cart = /CART=([^;]+)/.exec(add.headers.get('set-cookie') ?? '')?.[1];
  if (!cart) throw new Error(`no CART cookie (${add.status} ${add.headers.get('location')})`);
  return `CART=${cart}; hasCart=true; crumb=${crumb}`;
}

/** The shirt's item id, read from its page's add-to-cart form. */
async function shirtId() {
  const html = await (await fetch(`${BASE}/shop/p/linen-field-shirt`)).text();
  const id = /name="itemId" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error('no itemId on the shirt page');
  return id;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const cookie = await cartCookie();
const pages = [
  { name: 'product', path: '/shop/p/linen-field-shirt' },
  { name: 'list', path: '/shop' },
  { name: 'cart', path: '/cart', cookie },
  { name: 'checkout', path: '/checkout', cookie },
];

const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
try {
  for (const page of pages) {
    const perf = [];
    const a11y = [];
    const failed = new Set();
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${BASE}${page.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
      });
      const { categories, audits } = result.lhr;
      perf.push(Math.round(categories.performance.score * 100));
      a11y.push(Math.round(categories.accessibility.score * 100));
      for (const ref of categories.accessibility.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          failed.add(`${ref.id}: ${audit.title}`);
      }
      if (run === 0) {
        const m = (id) => audits[id]?.displayValue ?? '';
        page.metrics = `FCP ${m('first-contentful-paint')}, LCP ${m('largest-contentful-paint')}, TBT ${m('total-blocking-time')}, CLS ${m('cumulative-layout-shift')}`;
      }
    }
    rows.push({
      page: page.name,
      performance: median(perf),
      accessibility: median(a11y),
      runs: `${perf.join('/')} · ${a11y.join('/')}`,
      metrics: page.metrics,
    });
    for (const f of failed) console.log(`  ${page.name} accessibility: ${f}`);
  }
} finally {
  await chrome.kill();
}
console.log(`Lighthouse mobile, median of ${RUNS} (${BASE})`);
console.log('| page | performance | accessibility | runs (perf · a11y) | first run |');
console.log('|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.runs} | ${r.metrics} |`);

// Owner's area accessibility: Lighthouse 13 (system Chromium, accessibility category only — it
// does not vary between runs) on the sign-in screen and, signed in as an admin, the products
// screen. Usage: node bench/config-a11y.mjs [--paths /config/sign-in,/config/products]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { paths: { type: 'string' } } });
const PATHS = (args.paths ?? '/config/sign-in,/config/products').split(',');
const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const EMAIL = 'a11y@example.com';
const PASSWORD = 'a-long-password-1';
const root = new URL('..', import.meta.url).pathname;
const bin = ['--conditions=storefront-source', '--import', 'tsx', 'packages/server/bin/storefront.ts'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-a11y-'));
const port = 43000 + Math.floor(Math.random() * 1000);
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
};
const server = spawn(process.execPath, [...bin, 'start'], {
  cwd: root,
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  execFileSync(process.execPath, [...bin, 'user', 'add', EMAIL, '--role', 'admin'], {
    cwd: root,
    env,
    input: PASSWORD,
  });
  const page = await fetch(`${base}/config/sign-in`);
  const crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))[1];
  const signIn = await fetch(`${base}/api/config/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const session = /sf_session=([^;]+)/.exec(signIn.headers.getSetCookie().join('\n'))[1];

  const rows = [];
  for (const p of PATHS) {
    const out = path.join(dataDir, 'lh.json');
    const signedIn = !p.endsWith('/sign-in');
    execFileSync(
      'npx',
      [
        '--yes',
        'lighthouse@13',
        `${base}${p}`,
        '--quiet',
        '--output=json',
        `--output-path=${out}`,
        '--only-categories=accessibility',
        `--chrome-flags=${FLAGS.join(' ')}`,
        ...(signedIn
          ? [`--extra-headers=${JSON.stringify({ Cookie: `crumb=${crumb}; sf_session=${session}` })}`]
          : []),
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const lhr = JSON.parse(fs.readFileSync(out, 'utf8'));
    const refs = lhr.categories.accessibility.auditRefs.map((r) => r.id);
    rows.push({
      screen: p,
      // The app sends a signed-out visitor to its sign-in: the final address shows what was audited.
      'final address': new URL(lhr.finalDisplayedUrl).pathname,
      'signed in': signedIn,
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      failed: refs.filter((id) => lhr.audits[id].score === 0).join(', ') || '-',
    });
  }
  console.log("\nOwner's area, Lighthouse 13 accessibility, system Chromium");
  console.table(rows);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}

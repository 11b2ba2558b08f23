// Site form submissions with captcha verification: submissions per second and the latency of
// SaveFormSubmission (p50, p99). Serves the demo store (whose contact form asks for the ALTCHA
// captcha) from a fresh SQLite database in this process over real HTTP, solves the captcha challenges first as
// visitors' browsers would, then sends FormSubmissionKey + SaveFormSubmission from concurrent
// workers and times each save. Usage:
//   node --import tsx bench/forms.mjs [--submissions 400] [--workers 20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { migrate, openDatabase } from '../packages/server/src/db/index.ts';
import { importCatalog } from '../packages/server/src/modules/catalog/import.ts';

const { values: args } = parseArgs({
  options: { submissions: { type: 'string' }, workers: { type: 'string' } },
});
const TOTAL = Number(args.submissions ?? 400);
const WORKERS = Number(args.workers ?? 20);
const root = new URL('..', import.meta.url).pathname;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-forms-bench-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
const database = openDatabase(config.database);
await migrate(database);
const demo = JSON.parse(fs.readFileSync(path.join(root, 'packages/server/seed/demo-store.json'), 'utf8'));
const imported = await importCatalog(database, demo);
if (!imported.ok) throw new Error(JSON.stringify(imported.errors));
// One address and one form send everything: the per-IP and per-form limits would measure
// themselves, so they are off here (the captcha, the key and the store are what is timed).
const off = { requests: 0, windowMs: 1000 };
const app = await buildApp(config, {
  database,
  logger: false,
  rateLimit: {
    requests: 0,
    groups: { 'form-key': off, 'form-submission-ip': off, 'form-submission-form': off },
  },
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
try {
  const page = await fetch(`${base}/contact`);
  const crumb = /crumb=([^;]+)/.exec(page.headers.getSetCookie().join('\n'))[1];
  const headers = { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` };

  // The visitors' side: each submission's captcha, solved before the clock starts.
  const answers = [];
  const solveStart = performance.now();
  for (let i = 0; i < TOTAL; i++) {
    const challenge = await (await fetch(`${base}/api/form/captcha-challenge`)).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    answers.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  const solveMs = (performance.now() - solveStart) / TOTAL;

  const form = (i) => ({
    'contact-name': { first: 'Bench', last: `Visitor ${i}` },
    'contact-email': `visitor${i}@example.com`,
    'contact-topic': 'An order',
    'contact-message': 'How long does engraving take?',
  });
  const latencies = [];
  let failures = 0;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let i = next++; i < TOTAL; i = next++) {
        const keyRes = await fetch(`${base}/api/form/FormSubmissionKey`, {
          method: 'POST',
          headers,
          body: '{}',
        });
        const { key } = (await keyRes.json()).data;
        const t0 = performance.now();
        const res = await fetch(`${base}/api/form/SaveFormSubmission`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ formId: 'contact', form: form(i), key, captchaKey: answers[i] }),
        });
        latencies.push(performance.now() - t0);
        const body = await res.text();
        if (res.status !== 200 && failures++ === 0) console.error('first failure:', res.status, body);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  const row = {
    submissions: TOTAL,
    workers: WORKERS,
    'submissions/s (key + save)': Math.round(TOTAL / seconds),
    'SaveFormSubmission p50 ms': Number(pct(50).toFixed(1)),
    'SaveFormSubmission p99 ms': Number(pct(99).toFixed(1)),
    failures,
    'captcha solve ms (client side, per submission)': Number(solveMs.toFixed(1)),
  };
  console.table([row]);
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

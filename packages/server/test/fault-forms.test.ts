import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/index.js';
import { CAPTCHA_CHALLENGE_PATH } from '../src/modules/captcha/provider.js';
import { importCatalog } from '../src/modules/catalog/import.js';
import { OUTBOX_MAIL_DIR } from '../src/modules/email/transports.js';
import { CRUMB, smallCatalog, TEST_SESSION_SECRET } from './support/app.js';
import { setups, withDatabase } from './support/fault.js';
import { killProcess, spawnServer } from './support/process.js';

/**
 * Crash safety of site forms: a real server process takes a stream of submissions, each with its
 * proof-of-work captcha verified and spent, and is killed with SIGKILL mid-stream. After a restart every submission it answered 200 is stored with its
 * notification email queued once, and the restarted worker sends each of those mails.
 */
const WORKERS = 6;
/**
 * Submissions answered before the kill; enough for requests to be in flight when it lands, and
 * below the per-form limit (60 a minute), which RATE_LIMIT_REQUESTS=0 does not lift.
 */
const ANSWERED_BEFORE_KILL = 30;
/** How long the restarted outbox worker (polling every 2 s) gets to send the queued mails. */
const SEND_DEADLINE_MS = 30_000;

const crumb = { 'x-csrf-token': CRUMB, cookie: `crumb=${CRUMB}` };

function catalog() {
  return {
    ...smallCatalog(),
    forms: [
      {
        id: 'contact',
        name: 'Contact',
        fields: [{ id: 'note', type: 'text', title: 'Note', required: true }],
        notificationEmails: ['owner@example.com'],
        captchaEnabled: true,
      },
    ],
  };
}

/** The proof-of-work captcha solved as the visitor's browser solves it, encoded as the widget sends it. */
async function captchaAnswer(url: string): Promise<string> {
  const res = await fetch(`${url}${CAPTCHA_CHALLENGE_PATH}`);
  if (res.status !== 200) throw new Error(`challenge answered ${res.status}`);
  const challenge = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * One visitor's submission: a key, the captcha solved, then the answers, which carry a note no
 * other submission has.
 */
async function submitOnce(url: string, note: string): Promise<number> {
  const keyRes = await fetch(`${url}/api/form/FormSubmissionKey`, { method: 'POST', headers: crumb });
  if (keyRes.status !== 200) throw new Error(`key answered ${keyRes.status}`);
  const { data } = (await keyRes.json()) as { data: { key: string } };
  const res = await fetch(`${url}/api/form/SaveFormSubmission`, {
    method: 'POST',
    headers: { ...crumb, 'content-type': 'application/json' },
    body: JSON.stringify({
      formId: 'contact',
      form: { note },
      key: data.key,
      captchaKey: await captchaAnswer(url),
    }),
  });
  await res.text();
  return res.status;
}

describe.each(setups)('site form submissions survive SIGKILL on %s', (_name, makeSetup) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('keeps every answered submission and its one notification email', { timeout: 180_000 }, async () => {
    const setup = await makeSetup();
    cleanups.push(setup.cleanup);
    await withDatabase(setup.config, async (d) => {
      await migrate(d);
      const result = await importCatalog(d, catalog());
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
    });
    const env = { RATE_LIMIT_REQUESTS: '0', SESSION_SECRET: TEST_SESSION_SECRET, ...setup.env };

    const first = await spawnServer(env);
    cleanups.push(() => killProcess(first.child, 'SIGKILL'));
    const answered = new Set<string>();
    let killed = false;
    const worker = async () => {
      while (!killed) {
        const note = `fault-${crypto.randomUUID()}`;
        let status: number;
        try {
          status = await submitOnce(first.url, note);
        } catch (err) {
          if (!killed) throw err;
          return;
        }
        expect(status).toBe(200);
        answered.add(note);
        if (answered.size >= ANSWERED_BEFORE_KILL && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    await killProcess(first.child, 'SIGKILL');
    expect(answered.size).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);

    const second = await spawnServer(env);
    cleanups.push(() => killProcess(second.child, 'SIGTERM'));

    const mailIds = await withDatabase(setup.config, async ({ db }) => {
      const rows = await db.selectFrom('form_submissions').select(['id', 'answers']).execute();
      const byNote = new Map(rows.map((r) => [JSON.parse(r.answers).note as string, r.id]));
      for (const note of answered) expect(byNote.has(note)).toBe(true);
      const mails = await db
        .selectFrom('outbox')
        .select(['id', 'ref'])
        .where('kind', '=', 'form-submission')
        .execute();
      // One mail per stored submission (one recipient), none for submissions that were not stored.
      expect(mails.map((m) => m.ref).sort()).toEqual(rows.map((r) => `form-submission:${r.id}`).sort());
      // Each stored submission spent its captcha answer in its own transaction, and nothing else did.
      const spent = await db.selectFrom('captcha_spent').select('answer_hash').execute();
      expect(spent).toHaveLength(rows.length);
      return mails.map((m) => m.id);
    });

    // The restarted worker sends each of them: every row ends 'sent', each its own file named by its id.
    const unsent = () =>
      withDatabase(setup.config, async ({ db }) =>
        db
          .selectFrom('outbox')
          .select('id')
          .where('kind', '=', 'form-submission')
          .where('status', '!=', 'sent')
          .execute(),
      );
    const waitForUnsent = async () => {
      const deadline = Date.now() + SEND_DEADLINE_MS;
      while ((await unsent()).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 500));
      return unsent();
    };
    // Mail the killed server had claimed but not sent stays held by its claim until the lease
    // (OUTBOX_LEASE_MS) runs out: nothing else may send it meanwhile, as the dead worker might have.
    const held = await waitForUnsent();
    if (held.length > 0) {
      const ids = held.map((h) => h.id);
      await withDatabase(setup.config, async ({ db }) => {
        const rows = await db
          .selectFrom('outbox')
          .select(['status', 'locked_until'])
          .where('id', 'in', ids)
          .execute();
        for (const row of rows) {
          expect(row.status).toBe('pending');
          expect(Number(row.locked_until)).toBeGreaterThan(Date.now());
        }
        // The lease runs out (as it would OUTBOX_LEASE_MS later): the restarted worker sends them.
        await db
          .updateTable('outbox')
          .set({ locked_until: Date.now() - 1 })
          .where('id', 'in', ids)
          .execute();
      });
    }
    expect(await waitForUnsent()).toEqual([]);
    const mailDir = path.join(setup.env.DATA_DIR, OUTBOX_MAIL_DIR);
    for (const id of mailIds) expect(fs.existsSync(path.join(mailDir, `${id}.eml`))).toBe(true);
  });
});

import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/index.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import { newToken } from '../../platform/ids.js';
import { startPollingJob } from '../../platform/jobs.js';
import { mailSenders } from '../site/service.js';
import { claimDue, markFailedAttempt, markSent, type OutboxRow } from './repo.js';
import type { OutboxPayload } from './service.js';
import { isTemplateName, renderEmail } from './templates.js';
import { createMailTransport, type MailLog, type MailTransport } from './transports.js';

/** How often an idle worker looks for due mail. */
export const OUTBOX_POLL_MS = 2_000;
/** Rows one worker claims per pass. */
export const OUTBOX_BATCH_SIZE = 20;
/** How long a claim holds a row; a worker that dies mid-send frees its rows after this. */
export const OUTBOX_LEASE_MS = 5 * 60_000;
/** Retry delay after the first failed attempt; doubles with each further failure. */
export const OUTBOX_RETRY_BASE_MS = 30_000;
export const OUTBOX_RETRY_MAX_MS = 60 * 60_000;
/** After this many failed attempts a mail is marked failed and left for the merchant to see. */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** Sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Storefront <no-reply@localhost>';

export function retryDelayMs(attempts: number): number {
  return Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxWorkerOptions {
  database: Database;
  transport: MailTransport;
  clock: Clock;
  pollMs?: number;
  from?: string;
  log?: MailLog;
  batchSize?: number;
  /** false: no timer; the caller drives passes with runOnce (tests). */
  autoStart?: boolean;
}

export interface OutboxWorker {
  /** One pass: claims the due rows and sends them; answers how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
}

const silentLog: MailLog = { info: () => {}, warn: () => {} };

/**
 * Drains the outbox: claims due rows (exclusively, so any number of workers on any number of
 * instances never send one row twice), renders and sends each, marks it sent, or schedules a
 * retry with exponential backoff until OUTBOX_MAX_ATTEMPTS.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { database, transport, clock } = options;
  const log = options.log ?? silentLog;
  const from = options.from ?? DEFAULT_MAIL_FROM;
  const pollMs = options.pollMs ?? OUTBOX_POLL_MS;

  async function deliver(row: OutboxRow, token: string, from: string): Promise<boolean> {
    try {
      const payload = JSON.parse(row.payload) as OutboxPayload;
      if (!isTemplateName(payload.template)) throw new Error(`Unknown email template "${payload.template}"`);
      const rendered = renderEmail(payload.template, payload.data);
      await transport.send({ id: row.id, from, to: payload.to, ...rendered });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const failed = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      const nextAttemptAt = clock.now() + retryDelayMs(row.attempts);
      await markFailedAttempt(database.db, row.id, token, {
        status: failed ? 'failed' : 'pending',
        nextAttemptAt,
        error,
      });
      log.warn(
        { outboxId: row.id, attempts: row.attempts, error, ...(failed ? {} : { nextAttemptAt }) },
        failed ? 'email failed for good' : 'email failed; will retry',
      );
      return false;
    }
    return markSent(database.db, row.id, token, clock.now());
  }

  async function pass(): Promise<number> {
    const now = clock.now();
    const token = newToken(12);
    const rows = await claimDue(database, {
      now,
      lockedUntil: now + OUTBOX_LEASE_MS,
      token,
      limit: options.batchSize ?? OUTBOX_BATCH_SIZE,
    });
    // The owner's sender address (settings) wins over MAIL_FROM; either goes under the store's name.
    const senders = await mailSenders(database.db, [...new Set(rows.map((r) => r.website_id))], from);
    let sent = 0;
    for (const row of rows) if (await deliver(row, token, senders.get(row.website_id) ?? from)) sent += 1;
    return sent;
  }

  const job = startPollingJob({
    pass,
    pollMs,
    failureMessage: 'outbox pass failed',
    log,
    autoStart: options.autoStart,
  });

  return {
    runOnce: job.runOnce,
    async stop() {
      await job.stop();
      transport.close();
    },
  };
}

/** The server's worker: SMTP when SMTP_URL is set, otherwise .eml files under DATA_DIR. */
export function startConfiguredOutboxWorker(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  database: Database,
  log: MailLog,
): OutboxWorker {
  const transport = createMailTransport(config, log);
  log.info({ transport: transport.description }, 'email outbox worker started');
  return startOutboxWorker({ database, transport, clock: systemClock, from: config.mailFrom, log });
}

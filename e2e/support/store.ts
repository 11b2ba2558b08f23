import type { Browser } from 'playwright-core';
import { startSmtp } from '../../packages/server/test/support/smtp.js';
import { cspViolations, launchChromium } from './browser.js';
import { type RunningServer, startServer } from './server.js';

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

export interface MailingStore {
  smtp: Smtp;
  server: RunningServer;
  browser: Browser;
}

/** A real SMTP server, the store sending its mail there (`env` on top), and Chromium. */
export async function startMailingStore(env: Record<string, string> = {}): Promise<MailingStore> {
  const smtp = await startSmtp();
  const [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, ...env }),
    launchChromium(),
  ]);
  return { smtp, server, browser };
}

/**
 * Stops what `startMailingStore` started (any part that did start) and answers what the
 * store's Content-Security-Policy refused in the browser meanwhile, for the suite to expect none.
 */
export async function stopMailingStore(store: Partial<MailingStore>): Promise<string[]> {
  const refused = store.browser ? cspViolations(store.browser) : [];
  await store.browser?.close();
  await store.server?.stop();
  await store.smtp?.close();
  return refused;
}

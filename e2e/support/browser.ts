import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const violations = new WeakMap<Browser, string[]>();

/**
 * The system Chromium with the flags this machine needs (no sandbox as root, no network chatter).
 * Every context it opens records the Content-Security-Policy violations its pages report, for
 * `cspViolations`.
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  const seen: string[] = [];
  violations.set(browser, seen);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
    });
    return context;
  };
  return browser;
}

/** What the store's CSP refused in this browser's pages so far (none, when the pages follow it). */
export function cspViolations(browser: Browser): string[] {
  return violations.get(browser) ?? [];
}

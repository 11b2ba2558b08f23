import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';

const SERVER_BIN = new URL('../../packages/server/bin/storefront.ts', import.meta.url).pathname;

/** Adds a contributor the way a merchant does: `storefront user add`, the password on standard input. */
export function addContributor(dataDir: string, email: string, role: string, password: string): void {
  execFileSync(
    process.execPath,
    ['--conditions=storefront-source', '--import', 'tsx', SERVER_BIN, 'user', 'add', email, '--role', role],
    {
      input: `${password}\n`,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
}

/** Signs in through the sign-in screen and waits for the area to open. */
export async function signIn(page: Page, base: string, email: string, password: string, path = '/config') {
  await page.goto(`${base}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The frame's Sign out shows on every screen size (a phone folds the navigation away).
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

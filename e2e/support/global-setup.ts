import fs from 'node:fs';
import { CHROMIUM_PATH } from './browser.js';

/** Fails the browser step at once, with the one command that fixes it, where Chromium is missing. */
export default function setup(): void {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`);
  }
  if (!fs.existsSync(new URL('../../packages/web/dist/.vite/manifest.json', import.meta.url))) {
    throw new Error('The islands bundle is not built. Run: npm run build');
  }
}

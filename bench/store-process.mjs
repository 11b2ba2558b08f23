// How the benches start the store: as `npm start` does (packages/server/package.json), the server
// bundled to plain JavaScript and run with the same Node flags.
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;

/** Node's arguments for `storefront start`; the semi-space cap is explained in docs/scaling.md. */
export const STORE_START_ARGV = ['--max-semi-space-size=4', 'packages/server/dist/storefront.mjs', 'start'];

/** Bundles the server (packages/server/scripts/build.mjs). */
export function buildStore() {
  execFileSync(process.execPath, ['packages/server/scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}

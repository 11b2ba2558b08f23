/**
 * Writes docs/openapi.json from the routes' schemas: run after changing a route's schema
 * (`npm run openapi -w @storefront/server`); test/openapi.test.ts fails until the copy matches.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { OPENAPI_FILE, openApiText } from '../src/platform/contract.js';

// The app opens a database and a secret in its data folder; a throwaway one serves.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-openapi-'));
try {
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { logger: false });
  await app.ready();
  fs.writeFileSync(OPENAPI_FILE, openApiText(app));
  await app.close();
  console.log(`wrote ${path.relative(process.cwd(), fileURLToPath(OPENAPI_FILE))}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

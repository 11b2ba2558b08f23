import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildOptions, buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { importCatalog } from '../../src/modules/catalog/import.js';
import { FsMediaStorage } from '../../src/modules/media/storage.js';
import { createCrumbs } from '../../src/platform/crumb.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

/** A small store: a tee with Size × Color (one combination missing, one sold out), a digital zine and a gift card. */
export function smallCatalog() {
  return {
    website: { id: 'w1', siteTitle: 'Test Shop' },
    collections: [{ id: 'shop', title: 'Shop', urlSlug: 'shop', type: 1, typeName: 'products' }],
    forms: [],
    products: [
      {
        id: 'tee',
        collectionId: 'shop',
        urlSlug: 'tee',
        name: 'Tee',
        productType: 1,
        description: 'Soft cotton.',
        images: [{ assetUrl: '/assets/demo/tee.svg', altText: 'A tee' }],
        variantOptionOrdering: ['Size', 'Color'],
        variants: [
          { sku: 'TEE-S-RED', attributes: { Size: 'S', Color: 'Red' }, price: '25.00', qtyInStock: 3 },
          {
            sku: 'TEE-M-RED',
            attributes: { Size: 'M', Color: 'Red' },
            price: '25.00',
            salePrice: '19.99',
            onSale: true,
            qtyInStock: 0,
          },
          { sku: 'TEE-S-BLUE', attributes: { Size: 'S', Color: 'Blue' }, price: '27.00', qtyInStock: 5 },
        ],
      },
      {
        id: 'zine',
        collectionId: 'shop',
        urlSlug: 'zine',
        name: 'Zine',
        productType: 2,
        variants: [{ sku: 'ZINE', price: '12.00' }],
      },
      {
        id: 'card',
        collectionId: 'shop',
        urlSlug: 'gift-card',
        name: 'Gift Card',
        productType: 4,
        variants: [{ sku: 'GC-25', attributes: { Amount: '$25' }, price: '25.00' }],
      },
    ],
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Where the app's uploaded media are stored. */
  mediaDir: string;
  close(): Promise<void>;
}

/** A test database holding `catalog` (the small store by default). */
export async function createCatalogDatabase(
  dialect: 'sqlite' | 'postgres',
  catalog: unknown = smallCatalog(),
): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect);
  const result = await importCatalog(database, catalog);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return database;
}

export async function createTestApp(
  dialect: 'sqlite' | 'postgres',
  catalog: unknown = smallCatalog(),
  options: Omit<BuildOptions, 'database' | 'logger'> = {},
  /** More environment for loadConfig, e.g. PUBLIC_URL. */
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createCatalogDatabase(dialect, catalog);
  // Uploads of the test go to a directory of its own, removed with it.
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-media-'));
  const app = await buildApp(loadConfig({ ...TEST_ENV, ...env }), {
    mediaStorage: new FsMediaStorage(mediaDir),
    // Every answer of the API tests is held to its route's reply schema.
    checkReplies: true,
    ...options,
    database,
    logger: false,
  });
  return {
    app,
    database,
    mediaDir,
    close: async () => {
      fs.rmSync(mediaDir, { recursive: true, force: true });
      await app.close();
      await database.drop();
    },
  };
}

/** Cookies a response set, as a name → value map. */
export function cookiesOf(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

/** The session secret of test apps, so tests can hold a crumb the app itself would sign. */
export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdef';

/** The environment of a test app: no data folder, quiet, the test secret. */
export const TEST_ENV = {
  DATA_DIR: '/nonexistent',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: TEST_SESSION_SECRET,
};

/** A real crumb, signed with the test apps' secret, as a page would hand it out. */
export const CRUMB = createCrumbs(TEST_SESSION_SECRET).issue();

/** A multipart/form-data request with one file part named "file", as the config shell uploads. */
export function multipart(fileName: string, contentType: string, data: Buffer) {
  const boundary = `----sf${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-csrf-token': CRUMB },
  };
}

/**
 * Rate-limit windows start at multiples of their length since the epoch, so a burst of requests
 * that crosses a boundary is counted in two. Waits, when fewer than `burstMs` are left of the
 * current window of `windowMs`, for the next one to begin.
 */
export async function inOneWindow(windowMs: number, burstMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < burstMs) await new Promise((resolve) => setTimeout(resolve, left + 5));
}

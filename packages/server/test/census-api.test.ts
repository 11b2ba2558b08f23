import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestApp, TEST_ENV, type TestApp } from './support/app.js';
import { createTestDatabase, dialects } from './support/databases.js';

describe.each(dialects)('census quick views on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const record = (id: string) => t.app.inject({ method: 'POST', url: `/api/census/RecordQuickView/${id}` });
  const rows = () => t.database.db.selectFrom('census_quick_views').selectAll().execute();

  it('answers 204 and appends a row for a product of the site', async () => {
    const res = await record('tee');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    await record('tee');
    const stored = await rows();
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ website_id: 'w1', item_id: 'tee' });
    expect(typeof stored[0].at).toBe('number');
  });

  it('answers 204 without storing for an unknown or over-long id', async () => {
    expect((await record('nope')).statusCode).toBe(204);
    expect((await record('x'.repeat(80))).statusCode).toBe(204);
    expect(await rows()).toHaveLength(2);
  });

  it('answers 204 even when the install has no site yet', async () => {
    const database = await createTestDatabase(dialect);
    const app = await buildApp(loadConfig(TEST_ENV), {
      database,
      logger: false,
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/api/census/RecordQuickView/tee' });
      expect(res.statusCode).toBe(204);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/index.js';
import { FIRST_ADMIN_HINT, userAdd } from '../src/modules/contributors/cli.js';
import { setPasswordWithToken, signIn } from '../src/modules/contributors/service.js';
import { systemClock } from '../src/platform/clock.js';
import { DatabaseSessionStore } from '../src/platform/sessions.js';
import { createTestDatabase, dialects } from './support/databases.js';
import { runCli as cli, killProcess, spawnServer } from './support/process.js';

const PASSWORD = 'first admin passphrase';

describe('storefront user add (the process)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-cli-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://shop.example.com' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('start says how to make the first admin while there is none', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await killProcess(server.child, 'SIGTERM');
    expect(server.log()).toContain(FIRST_ADMIN_HINT);
  });

  it('reads the password from piped standard input; the admin signs in with it', async () => {
    const res = await cli(['user', 'add', 'Boss@Example.com', '--role', 'admin'], env, `${PASSWORD}\n`);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out.trim()).toBe(
      'Added boss@example.com as admin. Sign in at https://shop.example.com/config',
    );
    const database = openDatabase(loadConfig(env).database);
    try {
      const ctx = { db: database.db, clock: systemClock };
      const { contributor } = await signIn(
        ctx,
        new DatabaseSessionStore(database.db),
        {
          email: 'boss@example.com',
          password: PASSWORD,
        },
        undefined,
      );
      expect(contributor).toMatchObject({ role: 1, name: 'boss' });
    } finally {
      await database.close();
    }
  });

  it('without a password prints a one-time set-password link that works once', async () => {
    const res = await cli(['user', 'add', 'sam@example.com', '--role', '8', '--name', 'Sam'], env);
    expect(res.code).toBe(0);
    const [first, link] = res.out.trim().split('\n');
    expect(first).toBe(
      'Added sam@example.com as store manager. No password was given: open this link within 24 hours to set it (it works once):',
    );
    expect(link).toMatch(/^https:\/\/shop\.example\.com\/config\/set-password\?token=[0-9a-f]{64}$/);
    const token = new URL(link).searchParams.get('token')!;
    const database = openDatabase(loadConfig(env).database);
    try {
      const ctx = { db: database.db, clock: systemClock };
      const store = new DatabaseSessionStore(database.db);
      expect(await setPasswordWithToken(ctx, store, token, PASSWORD)).toEqual({ email: 'sam@example.com' });
      await expect(setPasswordWithToken(ctx, store, token, PASSWORD)).rejects.toMatchObject({
        statusCode: 400,
      });
    } finally {
      await database.close();
    }
  });

  it('refuses a taken email, an unknown role and a short password, and says why', async () => {
    const taken = await cli(['user', 'add', 'boss@example.com', '--role', '1'], env, PASSWORD);
    expect(taken).toMatchObject({ code: 1, err: 'A contributor with this email already exists.\n' });
    const role = await cli(['user', 'add', 'x@example.com', '--role', 'owner'], env);
    expect(role.code).toBe(2);
    expect(role.err).toContain('--role owner is not one of the expected options: 1 admin, 2 billing');
    const short = await cli(['user', 'add', 'y@example.com', '--role', 'viewer'], env, 'short\n');
    expect(short).toMatchObject({ code: 2, err: 'Password: Use at least 8 characters.\n' });
  });

  it('start says nothing about it once a contributor exists', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    await killProcess(server.child, 'SIGTERM');
    expect(server.log()).not.toContain(FIRST_ADMIN_HINT);
  });
});

describe.each(dialects)('userAdd on %s', (dialect) => {
  it('adds a contributor by role number or name, the email lowercased', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const ctx = { db: database.db, clock: systemClock };
      const config = loadConfig({ PORT: '4321' });
      const a = await userAdd(ctx, config, ['Ed@Example.com', '--role', 'Draft-Editor'], PASSWORD);
      expect(a).toEqual({
        code: 0,
        lines: ['Added ed@example.com as draft editor. Sign in at http://localhost:4321/config'],
      });
      const b = await userAdd(ctx, config, ['vi@example.com', '--role', '10'], undefined);
      expect(b.lines[1]).toMatch(/^http:\/\/localhost:4321\/config\/set-password\?token=/);
      const rows = await database.db
        .selectFrom('contributors')
        .select(['email', 'role'])
        .orderBy('email')
        .execute();
      expect(rows).toEqual([
        { email: 'ed@example.com', role: 16 },
        { email: 'vi@example.com', role: 10 },
      ]);
    } finally {
      await database.drop();
    }
  });
});

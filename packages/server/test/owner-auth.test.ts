import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MS } from '../src/modules/contributors/service.js';
import { sha256 } from '../src/platform/ids.js';
import { SESSION_COOKIE } from '../src/platform/owner-auth.js';
import { SIGN_IN_ATTEMPTS_PER_ACCOUNT, SIGN_IN_WINDOW_MS } from '../src/platform/rate-limit.js';
import { DEFAULT_SESSION_PREFIX, RedisSessionStore } from '../src/platform/sessions.js';
import { CRUMB, cookiesOf, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, OWNER_PASSWORD, ownerCall, signIn } from './support/owner.js';

const START = 1_700_000_000_000;
/** The machine's Redis, as test/redis-rate-limit.test.ts uses it. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = 'boss@example.com';

describe.each(dialects)('owner sign-in and sessions on %s', (dialect) => {
  let t: TestApp;
  const clock = { at: START, now: () => clock.at };

  beforeAll(async () => {
    t = await createTestApp(dialect, undefined, {
      clock,
      rateLimit: { groups: { 'sign-in-ip': { requests: 1000, windowMs: SIGN_IN_WINDOW_MS } } },
    });
    await addOwner(t.database, 1, ADMIN);
    await addOwner(t.database, 8, 'Shop.Manager@Example.com');
  });
  afterAll(async () => t?.close());
  beforeEach(() => {
    // A fresh sign-in window for every test, so one test's attempts do not limit the next.
    clock.at += SIGN_IN_WINDOW_MS;
  });

  const attempt = (email: string, password: string, cookies: Record<string, string> = {}) =>
    ownerCall(t.app, 'POST', '/api/config/session', { crumb: CRUMB, ...cookies }, { email, password });
  const session = (cookies: Record<string, string>) =>
    ownerCall(t.app, 'GET', '/api/config/session', cookies);

  it('signs in with the right password and sets an HttpOnly, SameSite session cookie', async () => {
    const res = await attempt(ADMIN, OWNER_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().contributor).toMatchObject({ email: ADMIN, role: 1, roleName: 'admin' });
    expect(res.json().contributor.permissions).toContain('contributors.manage');
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.value).toMatch(/^[0-9a-f]{64}$/);
    const me = await session({ [SESSION_COOKIE]: cookie.value });
    expect(me.statusCode).toBe(200);
    expect(me.json().contributor).toMatchObject({ email: ADMIN, name: 'Role 1', roleName: 'admin' });
  });

  it('matches the email whatever its case, and never stores the token itself', async () => {
    const cookies = await signIn(t.app, '  SHOP.manager@example.COM ');
    expect((await session(cookies)).json().contributor.roleName).toBe('store manager');
    const ids = (await t.database.db.selectFrom('owner_sessions').select('id').execute()).map((r) => r.id);
    expect(ids).not.toContain(cookies[SESSION_COOKIE]);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    for (const [email, password] of [
      [ADMIN, 'wrong password'],
      ['nobody@example.com', OWNER_PASSWORD],
      ['not an email', 'x'],
    ]) {
      const res = await attempt(email, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Wrong email or password.' });
      expect(cookiesOf(res)[SESSION_COOKIE]).toBeUndefined();
    }
  });

  it(`limits an account to ${SIGN_IN_ATTEMPTS_PER_ACCOUNT} attempts per window, then answers 429 even to the right password`, async () => {
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_ACCOUNT; i++) {
      expect((await attempt(ADMIN, `guess ${i}`)).statusCode).toBe(401);
    }
    const limited = await attempt(ADMIN, OWNER_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Please try again in a few seconds.' });
    // Another account is not limited by the first one's failures.
    expect((await attempt('shop.manager@example.com', OWNER_PASSWORD)).statusCode).toBe(200);
    clock.at += SIGN_IN_WINDOW_MS;
    expect((await attempt(ADMIN, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it('rotates the session at sign-in: a token presented before it is never accepted after it', async () => {
    const before = await signIn(t.app, ADMIN);
    const planted = { [SESSION_COOKIE]: 'ab'.repeat(32) };
    for (const old of [before, planted]) {
      const res = await attempt(ADMIN, OWNER_PASSWORD, old);
      expect(res.statusCode).toBe(200);
      const fresh = cookiesOf(res)[SESSION_COOKIE];
      expect(fresh).not.toBe(old[SESSION_COOKIE]);
      expect((await session(old)).statusCode).toBe(401);
      expect((await session({ [SESSION_COOKIE]: fresh })).statusCode).toBe(200);
    }
  });

  it('signs out: the cookie is cleared and its session ends', async () => {
    const cookies = await signIn(t.app, ADMIN);
    const res = await ownerCall(t.app, 'DELETE', '/api/config/session', cookies);
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    const again = await session(cookies);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Please sign in.' });
  });

  it('needs the crumb to sign in, to sign out and on every owner mutation', async () => {
    const cookies = await signIn(t.app, ADMIN);
    const noCrumb = (method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, cookies, ...(payload ? { payload } : {}) });
    const expired = { message: 'Your session has expired. Please reload the page and try again.' };
    for (const res of [
      await noCrumb('POST', '/api/config/session', { email: ADMIN, password: OWNER_PASSWORD }),
      await noCrumb('DELETE', '/api/config/session'),
      await noCrumb('POST', '/api/config/contributors', { email: 'x@example.com', name: 'X', role: 4 }),
      await noCrumb('PATCH', '/api/config/contributors/nope', { role: 4 }),
      await noCrumb('DELETE', '/api/config/contributors/nope'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(expired);
    }
    expect((await session(cookies)).statusCode).toBe(200);
  });

  it('keeps a session alive while it is used and ends it after 14 idle days', async () => {
    const cookies = await signIn(t.app, ADMIN);
    for (let i = 0; i < 3; i++) {
      clock.at += SESSION_IDLE_MS - 60_000;
      const res = await session(cookies);
      expect(res.statusCode).toBe(200);
      // The browser's cookie slides with the session.
      const renewed = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(renewed).toMatchObject({ value: cookies[SESSION_COOKIE], maxAge: SESSION_IDLE_MS / 1000 });
    }
    expect((await session(cookies)).cookies).toEqual([]);
    clock.at += SESSION_IDLE_MS;
    expect((await session(cookies)).statusCode).toBe(401);
  });

  it('ends the session of a contributor who is removed', async () => {
    const id = await addOwner(t.database, 10, 'leaving@example.com');
    const theirs = await signIn(t.app, 'leaving@example.com');
    const admin = await signIn(t.app, ADMIN);
    expect((await ownerCall(t.app, 'DELETE', `/api/config/contributors/${id}`, admin)).statusCode).toBe(204);
    expect((await session(theirs)).statusCode).toBe(401);
    expect((await attempt('leaving@example.com', OWNER_PASSWORD)).statusCode).toBe(401);
  });
});

describe.each(dialects)('sign-in limit per IP on %s', (dialect) => {
  let t: TestApp;
  const PER_IP = 3;
  beforeAll(async () => {
    t = await createTestApp(dialect, undefined, {
      rateLimit: { groups: { 'sign-in-ip': { requests: PER_IP, windowMs: SIGN_IN_WINDOW_MS } } },
    });
    await addOwner(t.database, 1, ADMIN);
  });
  afterAll(async () => t?.close());

  it('stops one address trying many accounts', async () => {
    const from = (remoteAddress: string, email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/config/session',
        payload: { email, password: 'guess' },
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB },
        remoteAddress,
      });
    for (let i = 0; i < PER_IP; i++)
      expect((await from('10.0.0.1', `user${i}@example.com`)).statusCode).toBe(401);
    expect((await from('10.0.0.1', 'another@example.com')).statusCode).toBe(429);
    expect((await from('10.0.0.2', 'another@example.com')).statusCode).toBe(401);
  });
});

describe('owner sessions in Redis (REDIS_URL)', () => {
  const prefix = `storefront-test:${randomUUID()}:session:`;
  const redis = new Redis(REDIS_URL);
  const store = new RedisSessionStore(REDIS_URL, prefix);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', undefined, { ownerSessions: store });
    await addOwner(t.database, 1, ADMIN);
  });
  afterAll(async () => {
    await t?.close();
    await store.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  const session = (cookies: Record<string, string>) =>
    ownerCall(t.app, 'GET', '/api/config/session', cookies);

  it('keeps sessions in Redis, expiring with the session, and never in the table', async () => {
    const cookies = await signIn(t.app, ADMIN);
    expect((await session(cookies)).json().contributor.email).toBe(ADMIN);
    expect(await t.database.db.selectFrom('owner_sessions').selectAll().execute()).toEqual([]);
    const keys = (await redis.keys(`${prefix}*`)).filter((k) => !k.includes(':of:'));
    expect(keys).toHaveLength(1);
    const ttl = await redis.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(SESSION_IDLE_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(SESSION_IDLE_MS);
  });

  it('is where sessions live when REDIS_URL is set', async () => {
    const viaConfig = await createTestApp('sqlite', undefined, {}, { REDIS_URL });
    try {
      await addOwner(viaConfig.database, 1, ADMIN);
      const cookies = await signIn(viaConfig.app, ADMIN);
      const key = `${DEFAULT_SESSION_PREFIX}${sha256(cookies[SESSION_COOKIE])}`;
      expect(JSON.parse((await redis.get(key))!)).toMatchObject({ expiresAt: expect.any(Number) });
      expect(await viaConfig.database.db.selectFrom('owner_sessions').selectAll().execute()).toEqual([]);
      expect((await ownerCall(viaConfig.app, 'DELETE', '/api/config/session', cookies)).statusCode).toBe(204);
      expect(await redis.exists(key)).toBe(0);
    } finally {
      await viaConfig.close();
    }
  });

  it('rotates at sign-in and ends sessions at sign-out', async () => {
    const first = await signIn(t.app, ADMIN);
    const res = await ownerCall(t.app, 'POST', '/api/config/session', first, {
      email: ADMIN,
      password: OWNER_PASSWORD,
    });
    const second = { ...first, [SESSION_COOKIE]: cookiesOf(res)[SESSION_COOKIE] };
    expect((await session(first)).statusCode).toBe(401);
    expect((await session(second)).statusCode).toBe(200);
    expect((await ownerCall(t.app, 'DELETE', '/api/config/session', second)).statusCode).toBe(204);
    expect((await session(second)).statusCode).toBe(401);
  });
});

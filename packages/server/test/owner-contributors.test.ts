import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PAGE_SIZE, recordAudit } from '../src/modules/audit/service.js';
import { RESET_LINK_TTL_MS } from '../src/modules/contributors/service.js';
import { renderEmail } from '../src/modules/email/templates.js';
import { CRUMB, createTestApp, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, OWNER_PASSWORD, ownerCall, signIn } from './support/owner.js';

const START = 1_700_000_000_000;
const PUBLIC_URL = 'https://shop.example.com';
const ADMIN = 'boss@example.com';
const NEW_PASSWORD = 'a brand new passphrase';

describe.each(dialects)('password links, invites and the audit log on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  // Each reading moves time on by 1 ms, so the audit log's newest-first order is the order of the changes.
  const clock = { at: START, now: () => ++clock.at };

  beforeAll(async () => {
    t = await createTestApp(dialect, undefined, { clock }, { PUBLIC_URL });
    await addOwner(t.database, 1, ADMIN, OWNER_PASSWORD, clock);
    admin = await signIn(t.app, ADMIN);
  });
  afterAll(async () => t?.close());

  const anonymous = (method: string, url: string, body?: unknown) =>
    ownerCall(t.app, method, url, { crumb: CRUMB }, body);
  const mails = async (kind: string, to: string) =>
    (await t.database.db.selectFrom('outbox').selectAll().where('kind', '=', kind).execute())
      .map((r) => JSON.parse(r.payload) as { to: string; template: string; data: { link: string } })
      .filter((p) => p.to === to);
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    anonymous('POST', '/api/config/password', { token, password });
  const signInStatus = async (email: string, password: string) =>
    (await anonymous('POST', '/api/config/session', { email, password })).statusCode;
  const audit = async () => (await ownerCall(t.app, 'GET', '/api/config/audit', admin)).json().entries;

  it('emails a one-time reset link through the outbox that sets a new password once', async () => {
    await addOwner(t.database, 8, 'forgetful@example.com', OWNER_PASSWORD, clock);
    const theirSession = await signIn(t.app, 'forgetful@example.com');
    const res = await anonymous('POST', '/api/config/password-reset', { email: 'Forgetful@Example.com' });
    expect(res.statusCode).toBe(202);
    const [mail] = await mails('password-reset', 'forgetful@example.com');
    expect(mail.data.link).toMatch(
      /^https:\/\/shop\.example\.com\/config\/set-password\?token=[0-9a-f]{64}$/,
    );
    expect(renderEmail('password-reset', mail.data).text).toContain(mail.data.link);

    const set = await setPassword(tokenOf(mail.data.link));
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ email: 'forgetful@example.com' });
    expect(await signInStatus('forgetful@example.com', NEW_PASSWORD)).toBe(200);
    expect(await signInStatus('forgetful@example.com', OWNER_PASSWORD)).toBe(401);
    // Whoever held the old password is signed out.
    expect((await ownerCall(t.app, 'GET', '/api/config/session', theirSession)).statusCode).toBe(401);

    const again = await setPassword(tokenOf(mail.data.link), 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This link is no longer valid. Ask for a new one.' });
  });

  it('answers 202 for an unknown email and sends nothing', async () => {
    const res = await anonymous('POST', '/api/config/password-reset', { email: 'stranger@example.com' });
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toMatch(/^If that email belongs to a contributor/);
    expect(await mails('password-reset', 'stranger@example.com')).toEqual([]);
  });

  it('refuses an expired link, a made-up one and a short password', async () => {
    await addOwner(t.database, 10, 'slow@example.com', OWNER_PASSWORD, clock);
    await anonymous('POST', '/api/config/password-reset', { email: 'slow@example.com' });
    const [mail] = await mails('password-reset', 'slow@example.com');
    const short = await setPassword(tokenOf(mail.data.link), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      message: 'Use at least 8 characters.',
      errors: { password: 'Use at least 8 characters.' },
    });
    clock.at += RESET_LINK_TTL_MS + 1;
    expect((await setPassword(tokenOf(mail.data.link))).statusCode).toBe(400);
    expect((await setPassword('0'.repeat(64))).statusCode).toBe(400);
    expect((await setPassword('not-a-token')).json()).toMatchObject({
      message: 'This link is no longer valid. Ask for a new one.',
    });
    expect(await signInStatus('slow@example.com', OWNER_PASSWORD)).toBe(200);
  });

  it('invites a contributor by email with a role; the link makes their password and they sign in with that role', async () => {
    admin = await signIn(t.app, ADMIN);
    const res = await ownerCall(t.app, 'POST', '/api/config/contributors', admin, {
      email: ' New.Editor@Example.com ',
      name: 'Nia Editor',
      role: 4,
    });
    expect(res.statusCode).toBe(201);
    const invited = res.json().contributor;
    expect(invited).toMatchObject({
      email: 'new.editor@example.com',
      role: 4,
      roleName: 'editor',
      status: 'invited',
    });
    const [mail] = await mails('contributor-invite', 'new.editor@example.com');
    const rendered = renderEmail('contributor-invite', mail.data);
    expect(rendered.subject).toBe('Role 1 invited you to help run Test Shop');
    expect(rendered.text).toContain('as editor');
    expect(rendered.text).toContain(mail.data.link);
    // No password yet: nobody can sign in as the invitee.
    expect(await signInStatus('new.editor@example.com', '')).toBe(401);

    expect((await setPassword(tokenOf(mail.data.link))).statusCode).toBe(200);
    const signedIn = await anonymous('POST', '/api/config/session', {
      email: 'new.editor@example.com',
      password: NEW_PASSWORD,
    });
    expect(signedIn.json().contributor).toMatchObject({ role: 4, roleName: 'editor' });
    const list = (await ownerCall(t.app, 'GET', '/api/config/contributors', admin)).json().contributors;
    expect(list.find((c: { id: string }) => c.id === invited.id)).toMatchObject({
      status: 'active',
      name: 'Nia Editor',
    });
    expect(list[0]).not.toHaveProperty('password_hash');
  });

  it('refuses a second contributor with the same email and words bad fields for the form', async () => {
    const invite = (body: object) => ownerCall(t.app, 'POST', '/api/config/contributors', admin, body);
    const dup = await invite({ email: 'BOSS@example.com', name: 'Again', role: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'A contributor with this email already exists.' });
    const bad = await invite({ email: 'nope', name: ' ', role: 5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      email: 'Please enter a valid email',
      name: 'Please enter a name.',
      role: '5 is not one of the expected options',
    });
  });

  it('changes a role, removes a contributor, never leaves the site without an admin, and records each change', async () => {
    const id = await addOwner(t.database, 10, 'temp@example.com', OWNER_PASSWORD, clock);
    const patch = await ownerCall(t.app, 'PATCH', `/api/config/contributors/${id}`, admin, { role: 8 });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().contributor).toMatchObject({ role: 8, roleName: 'store manager' });
    expect((await ownerCall(t.app, 'DELETE', `/api/config/contributors/${id}`, admin)).statusCode).toBe(204);
    const gone = await ownerCall(t.app, 'DELETE', `/api/config/contributors/${id}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'That contributor does not exist.' });

    const me = (await ownerCall(t.app, 'GET', '/api/config/session', admin)).json().contributor.id;
    for (const res of [
      await ownerCall(t.app, 'PATCH', `/api/config/contributors/${me}`, admin, { role: 15 }),
      await ownerCall(t.app, 'DELETE', `/api/config/contributors/${me}`, admin),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'The site must keep at least one admin.' });
    }

    const entries = await audit();
    expect(entries.slice(0, 3).map((e: { action: string }) => e.action)).toEqual([
      'contributor.remove',
      'contributor.role',
      'contributor.add',
    ]);
    expect(entries[0]).toMatchObject({
      target: 'temp@example.com',
      contributor: { email: ADMIN },
      detail: { role: 8 },
    });
    expect(entries[1]).toMatchObject({ detail: { from: 10, to: 8 } });
    expect(entries[2]).toMatchObject({ contributor: null, detail: { role: 10, via: 'cli' } });
    const actions = entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('contributor.invite');
    expect(actions).toContain('contributor.password-set');
  });

  it('pages the audit log newest first with a cursor', async () => {
    const base = clock.at + 1_000;
    for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) {
      await recordAudit({ db: t.database.db, clock: { now: () => base + i } }, null, 'test.entry', `n${i}`);
    }
    const first = (await ownerCall(t.app, 'GET', '/api/config/audit', admin)).json();
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.entries[0].target).toBe(`n${AUDIT_PAGE_SIZE + 4}`);
    expect(first.hasNextPage).toBe(true);
    const next = (
      await ownerCall(t.app, 'GET', `/api/config/audit?cursor=${first.nextPageCursor}`, admin)
    ).json();
    expect(next.entries[0].target).toBe('n4');
    const bad = await ownerCall(t.app, 'GET', '/api/config/audit?cursor=zzz', admin);
    expect(bad.statusCode).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const FIELDS = [
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true },
  { id: 'topics', type: 'checkbox', title: 'Topics', options: ['Orders', 'Returns'] },
  { id: 'message', type: 'textarea', title: 'Message', maxLength: 20 },
];

function catalog() {
  return {
    ...smallCatalog(),
    forms: [
      {
        id: 'contact',
        name: 'Contact us',
        fields: FIELDS,
        pageSlug: 'contact',
        successText: 'Thanks, we got it.',
      },
      { id: 'visit', name: 'Visit', fields: FIELDS, pageSlug: 'visit', successRedirect: '/shop' },
      { id: 'guarded', name: 'Guarded', fields: FIELDS, pageSlug: 'guarded', captchaEnabled: true },
    ],
  };
}

const post = (t: TestApp, formId: string, body: Record<string, string | string[]>) => {
  const form = new URLSearchParams({ crumb: CRUMB });
  for (const [k, v] of Object.entries(body)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
  return t.app.inject({
    method: 'POST',
    url: `/api/form/submit/${formId}`,
    cookies: { crumb: CRUMB },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
};

const VALID = {
  'name.first': 'Ada',
  'name.last': 'Lovelace',
  email: 'ada@example.com',
  topics: ['Orders', 'Returns'],
  message: 'Hello',
};

describe.each(dialects)('form pages and the plain form post on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, catalog(), { rateLimit: { requests: 0 } });
  });
  afterAll(async () => t?.close());

  it('publishes a form at its page slug with the island’s props, linked from the navigation', async () => {
    const res = await t.app.inject({ url: '/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Contact us</h1>');
    expect(res.body).toContain('data-island="SiteForm"');
    expect(res.body).toContain('action="/api/form/submit/contact"');
    expect(res.body).toContain('name="name.first"');
    expect(res.body).toContain('<p class="site-form-counter">0 / 20</p>');
    expect(res.body).toMatch(/<a href="\/visit">Visit<\/a>/);
    expect((await t.app.inject({ url: '/nowhere' })).statusCode).toBe(404);
  });

  it('answers a valid plain post with the success text and stores it', async () => {
    const res = await post(t, 'contact', VALID);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p class="site-form-success">Thanks, we got it.</p>');
    const rows = await t.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('form_id', '=', 'contact')
      .execute();
    expect(rows.map((r) => JSON.parse(r.answers))).toEqual([
      {
        name: { first: 'Ada', last: 'Lovelace' },
        email: 'ada@example.com',
        topics: ['Orders', 'Returns'],
        message: 'Hello',
      },
    ]);
  });

  it('redirects with 303 to the form’s success redirect', async () => {
    const res = await post(t, 'visit', VALID);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/shop');
  });

  it('shows the form again with each field’s message, the values and the scroll notice (400)', async () => {
    const res = await post(t, 'contact', { 'name.first': 'Ada', email: 'nope', message: 'x'.repeat(21) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Your form has encountered a problem. Please scroll down to review.');
    expect(res.body).toContain(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    expect(res.body).toContain('You have exceeded the character limit.');
    expect(res.body).toContain('value="Ada"');
    expect(res.body).toContain('21 / 20');
  });

  it('refuses a form with a captcha without the captcha’s answer, and a post without the crumb', async () => {
    const res = await post(t, 'guarded', VALID);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Complete CAPTCHA before submitting.');
    const noCrumb = await t.app.inject({
      method: 'POST',
      url: '/api/form/submit/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.co',
    });
    expect(noCrumb.statusCode).toBe(403);
  });

  it('refuses a body whose fields are not text (400) and an unknown form (404), never a 5xx', async () => {
    const send = (formId: string, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/form/submit/${formId}`,
        cookies: { crumb: CRUMB },
        headers: { 'x-csrf-token': CRUMB },
        payload: payload as Record<string, unknown>,
      });
    const numbers = await send('contact', { email: 5 });
    expect(numbers.statusCode).toBe(400);
    expect(numbers.json().message).toMatch(/^email: /);
    expect((await send('contact', [VALID])).statusCode).toBe(400);
    expect((await send('nowhere', VALID)).statusCode).toBe(404);
  });

  it('answers the honeypot as a person and keeps nothing', async () => {
    const before = await t.database.db.selectFrom('form_submissions').selectAll().execute();
    const res = await post(t, 'contact', { ...VALID, _website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect((await t.database.db.selectFrom('form_submissions').selectAll().execute()).length).toBe(
      before.length,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderEmail } from '../src/modules/email/templates.js';
import { HONEYPOT_FIELD, SUBMISSION_KEY_TTL_MS } from '../src/modules/forms/submissions.js';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const FIELDS = [
  { id: 'intro', type: 'section', title: 'About you' },
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true },
  { id: 'message', type: 'textarea', title: 'Message', maxLength: 20 },
  { id: 'survey', type: 'likert', title: 'Survey', options: ['Fast', 'Friendly'], required: true },
  { id: 'topics', type: 'checkbox', title: 'Topics', options: ['Orders', 'Returns'] },
  { id: 'when', type: 'date', title: 'Date' },
  { id: 'ship', type: 'address', title: 'Address' },
];

const RECIPIENTS = ['owner@example.com', 'help@example.com'];

function catalog() {
  return {
    ...smallCatalog(),
    forms: [
      { id: 'contact', name: 'Contact', fields: FIELDS, notificationEmails: RECIPIENTS },
      { id: 'quiet', name: 'Quiet', fields: [{ id: 'note', type: 'text', title: 'Note' }] },
    ],
  };
}

const VALID = {
  name: { first: 'Ada', last: 'Lovelace' },
  email: ' ada@example.com ',
  message: 'Hello there',
  survey: { Fast: 2, Friendly: '-1' },
  topics: ['Orders', 'Returns'],
  when: { year: 2024, month: 2, day: 29 },
  ship: { line1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
};

const MESSAGES = {
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  invalid: 'One or more fields is invalid, please check your entries.',
  parse: 'Could not parse the form fields, please check your entries.',
};

const mutating = { headers: { 'x-csrf-token': CRUMB }, cookies: { crumb: CRUMB } };

describe.each(dialects)('site form submissions on %s', (dialect) => {
  let t: TestApp;
  // Time stands still unless a test moves it, so an expiry can be hit to the millisecond.
  const start = Date.now();
  let offset = 0;
  const clock = { now: () => start + offset };

  beforeAll(async () => {
    t = await createTestApp(dialect, catalog(), { clock, rateLimit: { requests: 0 } });
  });
  afterAll(async () => t?.close());

  async function newKey(): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', ...mutating });
    expect(res.statusCode).toBe(200);
    return res.json().data.key;
  }

  const save = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      ...mutating,
      headers: { ...mutating.headers, 'content-type': 'application/json' },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const submissions = (formId: string) =>
    t.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('form_id', '=', formId)
      .orderBy('created_at')
      .execute();
  const submissionWith = async (formId: string, note: string) =>
    (await submissions(formId)).find((r) => JSON.parse(r.answers).note === note);
  const mailsAbout = (submissionId: string) =>
    t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('ref', '=', `form-submission:${submissionId}`)
      .execute();

  it('hands out a fresh key in data.key, only with a crumb, and keeps only its hash', async () => {
    const key = await newKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(await newKey()).not.toBe(key);
    const stored = await t.database.db.selectFrom('form_submission_keys').select('key_hash').execute();
    expect(stored.map((r) => r.key_hash)).not.toContain(key);
    const noCrumb = await t.app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' });
    expect(noCrumb.statusCode).toBe(403);
  });

  it('stores a valid submission and queues one email per recipient with the answer summaries', async () => {
    const res = await save({ formId: 'contact', form: VALID, key: await newKey() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { successText: null, postSubmitHtml: null, successRedirect: null } });
    const [row] = await submissions('contact');
    expect(JSON.parse(row.answers)).toEqual({ ...VALID, email: 'ada@example.com' });

    const mails = await mailsAbout(row.id);
    expect(mails).toHaveLength(RECIPIENTS.length);
    const payloads = mails.map((m) => JSON.parse(m.payload));
    expect(payloads.map((p) => p.to).sort()).toEqual([...RECIPIENTS].sort());
    expect(payloads.every((p) => p.template === 'form-submission')).toBe(true);
    const mail = renderEmail('form-submission', payloads[0].data);
    expect(mail.subject).toBe('Test Shop: new Contact submission');
    for (const line of [
      'Name: Ada Lovelace',
      'Email: ada@example.com',
      'Message: Hello there',
      'Survey:\n  Fast: Strongly Agree\n  Friendly: Disagree',
      'Topics: Orders, Returns',
      'Date: 2/29/2024',
      'Address:\n  1 Main St\n  Springfield, IL 62701 US',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('About you');
  });

  it('refuses a replayed key with 401 and stores nothing more', async () => {
    const key = await newKey();
    expect((await save({ formId: 'quiet', form: { note: 'one' }, key })).statusCode).toBe(200);
    const replay = await save({ formId: 'quiet', form: { note: 'two' }, key });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: MESSAGES.unauthorized });
    expect((await submissions('quiet')).map((r) => JSON.parse(r.answers))).toEqual([{ note: 'one' }]);
  });

  it('refuses a missing, made-up or expired key with 401; a key works until it expires', async () => {
    for (const key of [undefined, 'f'.repeat(64)]) {
      const res = await save({ formId: 'quiet', form: {}, key });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: MESSAGES.unauthorized });
    }
    const late = await newKey();
    const inTime = await newKey();
    offset += SUBMISSION_KEY_TTL_MS - 1;
    try {
      expect((await save({ formId: 'quiet', form: {}, key: inTime })).statusCode).toBe(200);
      offset += 1;
      const expired = await save({ formId: 'quiet', form: {}, key: late });
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: MESSAGES.unauthorized });
    } finally {
      offset = 0;
    }
  });

  it('answers 404 for a form that does not exist', async () => {
    const res = await save({ formId: 'nope', form: {}, key: await newKey() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MESSAGES.notConfigured });
  });

  it('answers 400 with data.errors per field, and the key still works once the entries are fixed', async () => {
    const key = await newKey();
    const before = (await submissions('contact')).length;
    const res = await save({
      formId: 'contact',
      form: {
        ...VALID,
        name: { first: ' ', last: '' },
        email: 'ada@',
        message: 'x'.repeat(21),
        survey: { Fast: 1 },
      },
      key,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MESSAGES.invalid,
      data: {
        errors: {
          name: 'Required',
          email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
          message: 'You have exceeded the character limit.',
          survey: 'Survey is not valid. Missing a required question.',
        },
      },
    });
    const blank = await save({ formId: 'contact', form: {}, key });
    expect(blank.json().data.errors).toEqual({
      name: 'Required',
      email: 'Required',
      survey: 'Survey is not valid. Missing a required question.',
    });
    expect(await submissions('contact')).toHaveLength(before);
    expect((await save({ formId: 'contact', form: VALID, key })).statusCode).toBe(200);
  });

  it('refuses unknown fields and prototype keys', async () => {
    const key = await newKey();
    const unknown = await save({ formId: 'quiet', form: { note: 'x', extra: 'y' }, key });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.errors).toEqual({ extra: 'This form has no such field.' });
    const raw = (name: string) =>
      `{"formId":"quiet","key":"${key}","form":{"note":"x","${name}":{"polluted":true}}}`;
    // The JSON parser itself refuses a __proto__ key; the form's check refuses the others.
    const proto = await save(raw('__proto__'));
    expect(proto.statusCode).toBe(400);
    expect(proto.json()).toEqual({ message: 'The request body is not valid JSON.' });
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const res = await save(raw(name));
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toEqual({ [name]: 'This form has no such field.' });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers 400 with the parse message for a body that is not a submission, never a 500', async () => {
    for (const body of [
      'not json at all',
      '[]',
      { formId: 'quiet', form: 'note=x', key: 'k' },
      { formId: 'quiet', form: ['x'], key: 'k' },
      { formId: 'quiet', form: {}, key: 'k', extra: true },
      { form: {}, key: 'k' },
      { formId: 'quiet', form: {}, key: 42 },
    ]) {
      const res = await save(body);
      expect(res.statusCode).toBe(400);
      if (typeof body !== 'string') expect(res.json()).toEqual({ message: MESSAGES.parse });
    }
    const deep = await save({
      formId: 'quiet',
      form: { note: { a: { b: [1, { c: null }] } } },
      key: await newKey(),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().data.errors).toEqual({ note: 'Enter text.' });
  });

  it('accepts a filled-in honeypot as if it were a submission and keeps nothing; an empty one is ignored', async () => {
    const before = (await submissions('quiet')).length;
    const key = await newKey();
    const trapped = await save({
      formId: 'quiet',
      form: { note: 'buy now', [HONEYPOT_FIELD]: 'http://spam' },
      key,
    });
    expect(trapped.statusCode).toBe(200);
    expect(trapped.json()).toEqual({
      data: { successText: null, postSubmitHtml: null, successRedirect: null },
    });
    expect(await submissions('quiet')).toHaveLength(before);
    expect((await save({ formId: 'quiet', form: { note: 'again' }, key })).statusCode).toBe(401);

    const empty = await save({
      formId: 'quiet',
      form: { note: 'real', [HONEYPOT_FIELD]: '' },
      key: await newKey(),
    });
    expect(empty.statusCode).toBe(200);
    expect(await submissions('quiet')).toHaveLength(before + 1);
    expect(await submissionWith('quiet', 'real')).toBeDefined();
  });

  it('queues no email for a form without notification recipients', async () => {
    await save({ formId: 'quiet', form: { note: 'silent' }, key: await newKey() });
    const row = await submissionWith('quiet', 'silent');
    expect(await mailsAbout(row!.id)).toEqual([]);
  });
});

describe.each(dialects)('site form submission limits on %s', (dialect) => {
  const PER_IP = 3;
  const PER_FORM = 5;
  // Windows start at multiples of their length since the epoch: one of 2^40 ms (2004–2039) holds
  // the whole test, where a minute-long one would be crossed by it now and then.
  const WINDOW_MS = 2 ** 40;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, catalog(), {
      rateLimit: {
        groups: {
          'form-submission-ip': { requests: PER_IP, windowMs: WINDOW_MS },
          'form-submission-form': { requests: PER_FORM, windowMs: WINDOW_MS },
        },
      },
    });
  });
  afterAll(async () => t?.close());

  const save = (remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      remoteAddress,
      ...mutating,
      payload: { formId: 'quiet', form: { note: 'x' } },
    });

  it('answers 429 with the spec message past the per-IP limit, then past the per-form limit', async () => {
    for (let i = 0; i < PER_IP; i++) expect((await save('10.0.0.1')).statusCode).toBe(401);
    const perIp = await save('10.0.0.1');
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json()).toEqual({ message: MESSAGES.rateLimited });

    // Another address is still welcome, until the form as a whole has had its share.
    for (let i = PER_IP; i < PER_FORM; i++) expect((await save('10.0.0.2')).statusCode).toBe(401);
    const perForm = await save('10.0.0.3');
    expect(perForm.statusCode).toBe(429);
    expect(perForm.json()).toEqual({ message: MESSAGES.rateLimited });
  });
});

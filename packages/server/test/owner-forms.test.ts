import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUMB, createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';
import { addOwner, ownerCall, ownerEmail, signIn } from './support/owner.js';

/** One field of every type of spec §3 the builder offers. */
const EVERY_FIELD = [
  { id: 'about', type: 'section', title: 'About you', description: 'So we can answer.' },
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email', required: true },
  { id: 'company', type: 'text', title: 'Company' },
  { id: 'message', type: 'textarea', title: 'Message', required: true, maxLength: 500 },
  { id: 'guests', type: 'number', title: 'Guests' },
  { id: 'day', type: 'date', title: 'Day' },
  { id: 'at', type: 'time', title: 'Time' },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'address', type: 'address', title: 'Address' },
  { id: 'topics', type: 'checkbox', title: 'Topics', options: ['Orders', 'Returns'] },
  { id: 'reply', type: 'radio', title: 'Reply by', options: ['Email', 'Phone'] },
  { id: 'store', type: 'select', title: 'Store', options: ['Portland', 'Online'] },
  { id: 'survey', type: 'likert', title: 'Survey', options: ['Helpful staff'] },
];

const FORM = {
  name: 'Event enquiry',
  fields: EVERY_FIELD,
  successText: 'We will write back within a day.',
  postSubmitHtml: '<p>Thanks again</p>',
  successRedirect: null,
  captchaEnabled: true,
  notificationEmails: ['events@example.com'],
  pageSlug: 'events',
};

describe.each(dialects)('owner form builder and submissions on %s', (dialect) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let editor: Record<string, string>;
  let viewer: Record<string, string>;
  const call = (method: string, url: string, body?: unknown, cookies = admin) =>
    ownerCall(t.app, method, url, cookies, body);

  beforeAll(async () => {
    t = await createTestApp(dialect, smallCatalog(), { rateLimit: { requests: 0 } });
    for (const role of [1, 4, 10] as const) await addOwner(t.database, role);
    admin = await signIn(t.app, ownerEmail(1));
    editor = await signIn(t.app, ownerEmail(4));
    viewer = await signIn(t.app, ownerEmail(10));
  });
  afterAll(async () => t?.close());

  async function submit(formId: string, form: Record<string, unknown>) {
    const mutating = { headers: { 'x-csrf-token': CRUMB }, cookies: { crumb: CRUMB } };
    const key = (
      await t.app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', ...mutating })
    ).json().data.key;
    return t.app.inject({
      method: 'POST',
      url: '/api/form/SaveFormSubmission',
      ...mutating,
      payload: { formId, form, key },
    });
  }

  it('stores a form with every field type and reads it back; an editor may build, a viewer may not', async () => {
    const created = await call('POST', '/api/config/forms', FORM, editor);
    expect(created.statusCode, created.body).toBe(201);
    const { form } = created.json();
    expect(form.id).toMatch(/^form_/);
    const read = await call('GET', `/api/config/forms/${form.id}`);
    expect(read.json().form).toMatchObject({ ...FORM, id: form.id });
    expect(read.json().form.fields.map((f: { type: string }) => f.type)).toEqual(
      EVERY_FIELD.map((f) => f.type),
    );
    expect((await call('GET', '/api/config/forms', undefined, viewer)).statusCode).toBe(403);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'form.create')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('refuses a form with repeated field ids, a bad redirect, a likert without statements or a bad recipient', async () => {
    const cases: [unknown, string][] = [
      [{ ...FORM, pageSlug: null, fields: [EVERY_FIELD[1], EVERY_FIELD[1]] }, 'fields'],
      [{ ...FORM, pageSlug: null, successRedirect: 'javascript:alert(1)' }, 'successRedirect'],
      [
        { ...FORM, pageSlug: null, fields: [{ id: 's', type: 'likert', title: 'S', options: [] }] },
        'fields.0.options',
      ],
      [{ ...FORM, pageSlug: null, notificationEmails: ['nobody'] }, 'notificationEmails.0'],
      [{ ...FORM, pageSlug: null, fields: [] }, 'fields'],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/api/config/forms', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('keeps one form per page address, changes a form and answers 404 for an unknown one', async () => {
    const taken = await call('POST', '/api/config/forms', { ...FORM, name: 'Other' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ pageSlug: 'Another form is already published at that address.' });
    const { forms } = (await call('GET', '/api/config/forms')).json();
    const id = forms.find((f: { name: string }) => f.name === 'Event enquiry').id;
    const changed = await call('PUT', `/api/config/forms/${id}`, {
      ...FORM,
      name: 'Events',
      captchaEnabled: false,
    });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', `/api/config/forms/${id}`)).json().form).toMatchObject({
      name: 'Events',
      captchaEnabled: false,
    });
    expect((await call('PUT', '/api/config/forms/nope', { ...FORM, pageSlug: null })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/config/forms/nope')).statusCode).toBe(404);
  });

  it('lists submissions newest first with search and pages, and exports them as CSV', async () => {
    const { forms } = (await call('GET', '/api/config/forms')).json();
    const id = forms.find((f: { name: string }) => f.name === 'Events').id;
    const base = { email: 'x@example.com', message: 'Hello', name: { first: 'Ada', last: 'Lovelace' } };
    expect((await submit(id, base)).statusCode).toBe(200);
    expect(
      (await submit(id, { ...base, name: { first: 'Grace', last: 'Hopper' }, company: '=cmd|x' })).statusCode,
    ).toBe(200);
    const list = (await call('GET', `/api/config/forms/${id}/submissions`, undefined, editor)).json();
    expect(list.submissions).toHaveLength(2);
    expect(list.submissions[0].answers).toContainEqual({ title: 'Name', text: 'Grace Hopper' });
    const found = (await call('GET', `/api/config/forms/${id}/submissions?q=LOVELACE`)).json();
    expect(found.submissions.map((s: { answers: { text: string }[] }) => s.answers[0].text)).toEqual([
      'Ada Lovelace',
    ]);
    expect((await call('GET', `/api/config/forms/${id}/submissions?q=100%25`)).json().submissions).toEqual(
      [],
    );
    expect((await call('GET', `/api/config/forms/${id}/submissions?cursor=zzz`)).statusCode).toBe(400);
    const forms2 = (await call('GET', '/api/config/forms')).json().forms;
    expect(forms2.find((f: { id: string }) => f.id === id).submissionCount).toBe(2);

    const csv = await call('GET', `/api/config/forms/${id}/submissions.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Submitted at,Name,Email,Company,Message,Guests,Day,Time,Phone,Address,Topics,Reply by,Store,Survey',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(",Grace Hopper,x@example.com,'=cmd|x,Hello,");
    expect((await call('GET', `/api/config/forms/${id}/submissions.csv`, undefined, viewer)).statusCode).toBe(
      403,
    );
  });

  it('deletes a form with its submissions', async () => {
    const { forms } = (await call('GET', '/api/config/forms')).json();
    const id = forms.find((f: { name: string }) => f.name === 'Events').id;
    expect((await call('DELETE', `/api/config/forms/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/config/forms/${id}`)).statusCode).toBe(404);
    const left = await t.database.db
      .selectFrom('form_submissions')
      .selectAll()
      .where('form_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, smallCatalog, type TestApp } from './support/app.js';
import { dialects } from './support/databases.js';

const FIELDS = [
  { id: 'intro', type: 'section', title: 'About you' },
  { id: 'name', type: 'name', title: 'Name', required: true },
  { id: 'email', type: 'email', title: 'Email' },
  { id: 'note', type: 'textarea', title: 'Engraving', maxLength: 10 },
  { id: 'thread', type: 'select', title: 'Thread', options: ['Gold', 'Silver'], required: true },
  { id: 'survey', type: 'likert', title: 'Survey', options: ['Fast', 'Friendly'], required: true },
  { id: 'extras', type: 'checkbox', title: 'Extras', options: ['Gift wrap', 'Card'] },
  { id: 'when', type: 'date', title: 'Date' },
  { id: 'at', type: 'time', title: 'Time' },
  { id: 'phone', type: 'phone', title: 'Phone' },
  { id: 'ship', type: 'address', title: 'Address' },
];

function catalog() {
  const base = smallCatalog();
  return { ...base, forms: [{ id: 'engraving', name: 'Engraving', fields: FIELDS }] };
}

const VALID = {
  name: { first: 'Ada', last: 'Lovelace' },
  email: ' ada@example.com ',
  note: 'AL 1815',
  thread: 'Gold',
  survey: { Fast: 2, Friendly: '-1' },
  extras: ['Card'],
  when: { year: 2024, month: 2, day: 29 },
  at: { hour: '9', minute: '05', ampm: 'PM' },
  phone: { country: '1', number: '646-123-0000' },
  ship: { line1: '1 Main St', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' },
};

describe.each(dialects)('form API on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, catalog());
  });
  afterAll(async () => t?.close());

  const validate = (formId: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: `/api/rest/forms/validate/${formId}`, payload: body as object });

  it('serves the stored form schema for type=form and type=9', async () => {
    for (const type of ['form', '9']) {
      const res = await t.app.inject({
        url: `/api/template/GetTemplateSchema?type=${type}&formId=engraving`,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ id: 'engraving', name: 'Engraving' });
      expect(body.fields.map((f: { id: string }) => f.id)).toEqual(FIELDS.map((f) => f.id));
      expect(body.fields[3]).toEqual({
        id: 'note',
        type: 'textarea',
        title: 'Engraving',
        required: false,
        maxLength: 10,
      });
      expect(body.fields[4].options).toEqual(['Gold', 'Silver']);
    }
  });

  it('answers 404 for an unknown form and 400 for another schema type or no formId', async () => {
    const missing = await t.app.inject({ url: '/api/template/GetTemplateSchema?type=form&formId=nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'This form has not been configured yet.' });
    const other = await t.app.inject({ url: '/api/template/GetTemplateSchema?type=page&formId=engraving' });
    expect(other.statusCode).toBe(400);
    const noId = await t.app.inject({ url: '/api/template/GetTemplateSchema?type=form' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toMatch(/formId/);
  });

  it('accepts a complete, well-formed answer set with 200 {}', async () => {
    const res = await validate('engraving', VALID);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
  });

  it('answers the spec messages per field for empty required fields; sections are skipped', async () => {
    const res = await validate('engraving', { intro: 'ignored' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'One or more fields is invalid, please check your entries.',
      errors: {
        name: 'Required',
        thread: 'Required',
        survey: 'Survey is not valid. Missing a required question.',
      },
    });
  });

  it('refuses a likert with an unanswered statement, the character limit and a bad email', async () => {
    const res = await validate('engraving', {
      ...VALID,
      survey: { Fast: 1 },
      note: 'Much too long for a ring',
      email: 'not-an-email',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      survey: 'Survey is not valid. Missing a required question.',
      note: 'You have exceeded the character limit.',
      email: 'Email is not valid. Email addresses should follow the format user@domain.com.',
    });
  });

  it('refuses answers of the wrong shape, unknown options and unknown field ids', async () => {
    const res = await validate('engraving', {
      ...VALID,
      thread: 'Bronze',
      extras: ['Card', 'Balloon'],
      survey: { Fast: 3, Friendly: 0 },
      when: { year: 2023, month: 2, day: 29 },
      at: { hour: 13, minute: 0, ampm: 'PM' },
      phone: { number: 'call me' },
      ship: { street: 'x' },
      bogus: 'x',
    });
    expect(res.json().errors).toEqual({
      thread: 'Choose one of the listed options.',
      extras: 'Choose from the listed options.',
      survey: 'Answer each statement from Strongly Disagree to Strongly Agree.',
      when: 'Enter a valid date.',
      at: 'Enter a valid time.',
      phone: 'Enter a valid phone number.',
      ship: 'This answer is not in the expected format.',
      bogus: 'This form has no such field.',
    });
    const notText = await validate('engraving', { ...VALID, note: { text: 'x' } });
    expect(notText.json().errors).toEqual({ note: 'Enter text.' });
  });

  it('answers 404 when validating against an unknown form', async () => {
    const res = await validate('nope', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This form has not been configured yet.' });
  });
});

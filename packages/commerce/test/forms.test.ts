import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeShared, HAS_SHARED, sharedPath } from '../../../test-support/shared.js';
import {
  characterCounter,
  type FormFieldSummary,
  type FormSummaryField,
  formAnswerLines,
  formProblemMessage,
  LIKERT_LABELS,
  likertLabel,
  summarizeFormField,
  validateFormField,
} from '../src/index.js';

describe('likert', () => {
  it('labels -2..2', () => {
    expect([-2, -1, 0, 1, 2].map((n) => LIKERT_LABELS[n])).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
    ]);
    expect(likertLabel('1')).toBe('Agree');
    expect(likertLabel(-2)).toBe('Strongly Disagree');
    expect(likertLabel('3')).toBeNull();
    expect(likertLabel('0.5')).toBeNull();
    expect(likertLabel('')).toBeNull();
  });
});

describe('answer summaries', () => {
  it.each<[FormSummaryField, FormFieldSummary]>([
    [
      { type: 'name', rawTitle: 'Name', values: { First: 'Ada', Last: '' } },
      { kind: 'text', title: 'Name', text: 'Ada' },
    ],
    [
      { type: 'phone', rawTitle: 'Phone', values: {} },
      { kind: 'text', title: 'Phone', text: 'N/A' },
    ],
    [
      { type: 'likert', rawTitle: 'L', values: { Q: '9' } },
      { kind: 'pairs', title: 'L', pairs: [{ label: 'Q', value: 'N/A' }] },
    ],
    [
      { type: 'address', rawTitle: 'A', values: { City: 'Oslo', Country: 'NO' } },
      { kind: 'lines', title: 'A', lines: ['Oslo NO'] },
    ],
    [
      { type: 'checkbox', rawTitle: 'C', values: [] },
      { kind: 'text', title: 'C', text: 'N/A' },
    ],
  ])('%j', (field, expected) => {
    expect(summarizeFormField(field)).toEqual(expected);
  });
  it('uses the localized no-answer text', () => {
    expect(summarizeFormField({ type: 'radio', rawTitle: 'R' }, 'Sin respuesta')).toEqual({
      kind: 'text',
      title: 'R',
      text: 'Sin respuesta',
    });
  });
});

/** The summary-form-field fixtures: compare our summary with the fixture's visible text. */
describeShared('conformance fixtures (summary-form-field text)', () => {
  const dir = sharedPath('jsont-conformance/plugins/');
  const files = (HAS_SHARED ? readdirSync(dir) : []).filter((f) => f.startsWith('f-summary-form-field-'));
  const visible = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const asText = (s: FormFieldSummary) => {
    if (s.kind === 'text') return `${s.title}: ${s.text}`;
    if (s.kind === 'lines') return `${s.title}: ${s.lines.join(' ')}`;
    return `${s.title}: ${s.pairs.map((p) => `${p.label}: ${p.value}`).join(' ')}`;
  };
  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThanOrEqual(15);
  });
  it.each(files)('%s', (file) => {
    const source = readFileSync(`${dir}${file}`, 'utf8');
    const { field } = JSON.parse(source.slice(source.indexOf(':JSON') + 5, source.indexOf(':TEMPLATE'))) as {
      field: FormSummaryField;
    };
    expect(asText(summarizeFormField(field))).toBe(visible(source.slice(source.indexOf(':OUTPUT') + 7)));
  });
});

describe('validateFormField', () => {
  it.each([
    [{ type: 'text', required: true }, '  ', 'Required'],
    [{ type: 'select', required: true }, null, 'Required'],
    [{ type: 'checkbox', required: true }, [], 'Required'],
    [{ type: 'name', required: true }, { First: '', Last: ' ' }, 'Required'],
    [{ type: 'name', required: true }, { First: 'A', Last: '' }, null],
    [{ type: 'text' }, '', null],
    [{ type: 'section', required: true }, '', null],
    [{ type: 'textarea', maxLength: 5 }, 'abcdef', 'You have exceeded the character limit.'],
    [{ type: 'textarea', maxLength: 5 }, 'abcde', null],
    [
      { type: 'likert', required: true, questions: ['A', 'B'] },
      { A: '1' },
      'Survey is not valid. Missing a required question.',
    ],
    [{ type: 'likert', required: true, questions: ['A', 'B'] }, { A: '1', B: '-2' }, null],
    [{ type: 'likert', required: true }, null, 'Survey is not valid. Missing a required question.'],
    [{ type: 'likert' }, null, null],
  ])('%j with %j', (field, value, expected) => {
    expect(validateFormField(field, value)).toBe(expected);
  });
  it('counter and notices', () => {
    expect(characterCounter('héllo', 4)).toEqual({ text: '5 / 4', over: true });
    expect(characterCounter('', 10)).toEqual({ text: '0 / 10', over: false });
    expect(formProblemMessage('above')).toBe(
      'Your form has encountered a problem. Please scroll down to review.',
    );
    expect(formProblemMessage('below')).toBe(
      'Your form has encountered a problem. Please scroll up to review.',
    );
    expect(formProblemMessage('above', true)).toBeNull();
  });
});

describe('formAnswerLines', () => {
  const fields = [
    { id: 'intro', title: 'Your engraving', type: 'section' },
    { id: 'text', title: 'Engraving text', type: 'text' },
    { id: 'style', title: 'Lettering style', type: 'select' },
    { id: 'extras', title: 'Extras', type: 'checkbox' },
    { id: 'by', title: 'Needed by', type: 'date' },
    { id: 'who', title: 'Name', type: 'name' },
    { id: 'rate', title: 'Tell us', type: 'likert' },
    { id: 'note', title: 'Notes', type: 'textarea' },
  ];

  it('lists the answered fields in the form order with readable values', () => {
    const answers = JSON.stringify({
      note: '',
      text: 'J & O',
      style: 'Serif',
      extras: ['Gift wrap', 'Card'],
      by: { month: '12', day: '5', year: '2026' },
      who: { first: 'Ada', last: 'Lovelace' },
      rate: { 'Ordering was easy': 2 },
    });
    expect(formAnswerLines(fields, answers)).toEqual([
      { title: 'Engraving text', text: 'J & O' },
      { title: 'Lettering style', text: 'Serif' },
      { title: 'Extras', text: 'Gift wrap, Card' },
      { title: 'Needed by', text: '12/5/2026' },
      { title: 'Name', text: 'Ada Lovelace' },
      { title: 'Tell us', text: 'Ordering was easy: Strongly Agree' },
    ]);
  });

  it('gives nothing without answers or with broken JSON', () => {
    expect(formAnswerLines(fields, null)).toEqual([]);
    expect(formAnswerLines(fields, '{oops')).toEqual([]);
    expect(formAnswerLines(fields, '[1]')).toEqual([]);
  });
});

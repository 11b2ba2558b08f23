import { describe, expect, it } from 'vitest';
import { formAnswersFromEntries, formInputName } from '../src/forms.js';

const FIELDS = [
  { id: 'intro', type: 'section' },
  { id: 'name', type: 'name' },
  { id: 'email', type: 'email' },
  { id: 'topics', type: 'checkbox', options: ['Orders', 'Returns'] },
  { id: 'reply', type: 'radio', options: ['Email', 'Phone'] },
  { id: 'survey', type: 'likert', options: ['Fast', 'Friendly'] },
  { id: 'when', type: 'date' },
  { id: 'note', type: 'textarea' },
];

describe('site form answers from an HTML form’s entries', () => {
  it('reads single values, parts, repeated checkboxes and likert answers by statement', () => {
    const entries: [string, string][] = [
      ['crumb', 'x'],
      [formInputName('name', 'first'), 'Ada'],
      [formInputName('name', 'last'), 'Lovelace'],
      ['email', ' ada@example.com '],
      ['topics', 'Orders'],
      ['topics', 'Returns'],
      ['reply', 'Phone'],
      [formInputName('survey', 0), '2'],
      [formInputName('survey', 1), '-1'],
      [formInputName('when', 'month'), '2'],
      [formInputName('when', 'day'), '29'],
      [formInputName('when', 'year'), '2024'],
      ['note', 'Hello'],
    ];
    expect(formAnswersFromEntries(FIELDS, entries)).toEqual({
      name: { first: 'Ada', last: 'Lovelace' },
      email: ' ada@example.com ',
      topics: ['Orders', 'Returns'],
      reply: 'Phone',
      survey: { Fast: 2, Friendly: -1 },
      when: { month: '2', day: '29', year: '2024' },
      note: 'Hello',
    });
  });

  it('leaves blank inputs out, so a blank optional field passes and a blank required one reads as missing', () => {
    const entries: [string, string][] = [
      [formInputName('name', 'first'), ''],
      [formInputName('name', 'last'), '  '],
      ['email', ''],
      [formInputName('survey', 0), ''],
      ['note', 'kept'],
    ];
    expect(formAnswersFromEntries(FIELDS, entries)).toEqual({ note: 'kept' });
  });

  it('ignores names the form does not have and answers for sections', () => {
    expect(
      formAnswersFromEntries(FIELDS, [
        ['intro', 'x'],
        ['other', 'y'],
        ['_website', 'bot'],
      ]),
    ).toEqual({});
  });
});

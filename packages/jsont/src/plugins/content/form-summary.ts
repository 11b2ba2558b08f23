import { type FormSummaryField, summarizeFormField } from '@storefront/commerce';
import type { Formatter } from '../../plugin.js';
import { escapeHtml } from '../core/text.js';
import { isObject, text } from './util.js';

const BLOCK_START = '<div style="padding-left:5px;">\n';
const BLOCK_END = '</div>\n';

const label = (title: string) => `<span style="font-weight:bold;">${escapeHtml(title)}:</span>`;

/** One submitted form answer as the HTML block of a form-submission e-mail. */
export const summaryFormFieldFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    const field = vars[0]!.value;
    if (!isObject(field)) {
      vars[0]!.value = '';
      return;
    }
    const summary = summarizeFormField({ ...field, rawTitle: text(field.rawTitle) } as FormSummaryField);
    let answer: string;
    if (summary.kind === 'lines') {
      answer = `${BLOCK_START}${summary.lines.map((line) => `  <div>${escapeHtml(line)}</div>\n`).join('')}${BLOCK_END}`;
    } else if (summary.kind === 'pairs') {
      const rows = summary.pairs.map((p) => `  <div>${label(p.label)} ${escapeHtml(p.value)}</div>\n`);
      answer = `${BLOCK_START}${rows.join('')}${BLOCK_END}`;
    } else {
      // A list of choices is followed by a blank line in the reference layout.
      answer = `${escapeHtml(summary.text)}\n${Array.isArray(field.values) && field.values.length > 0 ? '\n' : ''}`;
    }
    vars[0]!.value = `<div style="font-size:11px; margin-top:3px">\n  ${label(summary.title)} ${answer}</div>`;
  },
};

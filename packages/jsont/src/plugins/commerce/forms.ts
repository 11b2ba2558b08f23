import { type FormSummaryField, summarizeFormField } from '@storefront/commerce';
import type { Formatter } from '../../plugin.js';
import { mapValue } from '../core/mapvalue.js';
import { escapeHtml } from '../core/text.js';
import { localized, objectOr, text } from './model.js';

const BOLD = '<span style="font-weight:bold;">';

function fieldOf(value: unknown): FormSummaryField {
  const node = objectOr(value);
  const raw = node.values;
  const single = node.value;
  return {
    type: text(node.type),
    rawTitle: text(node.rawTitle),
    value: typeof single === 'string' || typeof single === 'number' ? single : null,
    // Answer lists become text; anything else goes as it is (the summary reads only objects of parts).
    values: Array.isArray(raw) ? raw.map(text) : (raw as FormSummaryField['values']),
  };
}

/** The form formatters by name. */
export const formFormatters: Record<string, Formatter> = {
  /**
   * One form answer as order-summary markup (spec §2 form-answer summaries).
   * Empty answers read 'N/A' or the site's `productSummaryFormNoAnswerText`.
   */
  'summary-form-field': mapValue((value, _args, ctx) => {
    const field = fieldOf(value);
    const noAnswer = localized(ctx, 'productSummaryFormNoAnswerText')?.trim();
    const summary = summarizeFormField(field, noAnswer || undefined);
    let body: string;
    if (summary.kind === 'text') {
      // A list of answers keeps the blank line the themes' list markup ends with.
      const list = Array.isArray(field.values) && field.values.length > 0;
      body = `${escapeHtml(summary.text)}${list ? '\n' : ''}`;
    } else {
      const rows =
        summary.kind === 'lines'
          ? summary.lines.map((line) => `  <div>${escapeHtml(line)}</div>\n`)
          : summary.pairs.map(
              (p) => `  <div>${BOLD}${escapeHtml(p.label)}:</span> ${escapeHtml(p.value)}</div>\n`,
            );
      body = `<div style="padding-left:5px;">\n${rows.join('')}</div>`;
    }
    return `<div style="font-size:11px; margin-top:3px">\n  ${BOLD}${escapeHtml(summary.title)}:</span> ${body}\n</div>`;
  }),
};

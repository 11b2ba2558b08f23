/**
 * CSV for spreadsheets (RFC 4180): cells with a comma, quote or line break are quoted, quotes
 * doubled. A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or
 * carriage return that some programs skip before one) gets a leading apostrophe, so an email
 * like "=HYPERLINK(…)@x.com" in an export is text, never a formula (OWASP "CSV injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
/** Line break between rows, as RFC 4180 writes it. */
const CRLF = '\r\n';

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvCell).join(',') + CRLF;
}

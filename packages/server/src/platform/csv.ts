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

/**
 * Rows of a CSV text (RFC 4180: quoted cells may hold commas, doubled quotes and line breaks;
 * CRLF or LF between rows); blank lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') endRow();
    else if (c !== '\r') cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

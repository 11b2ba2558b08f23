/**
 * Reviews imported from a CSV file (issue 16): one header row naming the columns product (a
 * product's URL slug or a variant's SKU), rating, title, body, author and date, in any order.
 * Every refused row is reported with its row number and nothing is written unless the whole file
 * is good; a row imported before (same product, rating, texts, author and date) is left as it is,
 * so importing the same file again changes nothing.
 */

import fs from 'node:fs/promises';
import { checkReview, MAX_REVIEW_AUTHOR_LENGTH, REVIEW_MESSAGES, REVIEW_STATUS } from '@storefront/commerce';
import type { Database } from '../../db/index.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import { parseCsv } from '../../platform/csv.js';
import { HttpError } from '../../platform/errors.js';
import { newId, sha256 } from '../../platform/ids.js';
import { SERVER_PACKAGE_DIR } from '../../platform/package-dir.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { loadSite } from '../site/service.js';
import { existingImportKeys, insertReview, productRefs } from './repo.js';

export const REVIEW_IMPORT_COLUMNS = ['product', 'rating', 'title', 'body', 'author', 'date'] as const;
/** Most rows one file may hold; a larger export is split into several files. */
export const MAX_REVIEW_IMPORT_ROWS = 5_000;
/** A date column's value: a day (2026-03-14) or an ISO 8601 time. */
const DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;
/** 'YYYY-MM-DD'. */
const DAY_LENGTH = 10;

export const REVIEW_IMPORT_MESSAGES = {
  empty: 'The file holds no reviews.',
  tooMany: `A file holds at most ${MAX_REVIEW_IMPORT_ROWS} reviews.`,
  missingColumn: (name: string) => `The header row has no "${name}" column.`,
  unknownProduct: (ref: string) => `No product has the URL slug or SKU "${ref}".`,
  badDate: 'Give the date as YYYY-MM-DD (or an ISO 8601 time).',
  failed: (count: number) =>
    `The file was not imported: ${count === 1 ? '1 row has' : `${count} rows have`} errors.`,
} as const;

/**
 * Checks and imports a CSV file's reviews, pending moderation unless `approve` (the merchant
 * vouches for the file). 400 when any row is refused, its `errors` keyed by row number.
 */
export async function importReviews(
  ctx: SiteContext,
  actor: AuditActor,
  csv: string,
  approve: boolean,
): Promise<{ imported: number; unchanged: number }> {
  const [header, ...rows] = parseCsv(csv.replace(/^\uFEFF/, ''));
  if (!header || rows.length === 0) throw new HttpError(400, REVIEW_IMPORT_MESSAGES.empty);
  if (rows.length > MAX_REVIEW_IMPORT_ROWS) throw new HttpError(400, REVIEW_IMPORT_MESSAGES.tooMany);
  const names = header.map((h) => h.trim().toLowerCase());
  const missing = REVIEW_IMPORT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) throw new HttpError(400, REVIEW_IMPORT_MESSAGES.missingColumn(missing[0]));
  const at = Object.fromEntries(REVIEW_IMPORT_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof REVIEW_IMPORT_COLUMNS)[number],
    number
  >;

  const refs = await productRefs(ctx.db, ctx.websiteId);
  /** Row numbers count the header as row 1, as a spreadsheet shows them. */
  const errors: { row: number; message: string }[] = [];
  const good: {
    key: string;
    productId: string;
    rating: number;
    title: string;
    body: string;
    author: string;
    date: number;
  }[] = [];
  rows.forEach((cells, i) => {
    const row = i + 2;
    const cell = (c: keyof typeof at) => (cells[at[c]] ?? '').trim();
    const fail = (message: string) => errors.push({ row, message });
    const ref = cell('product');
    const productId = refs.bySlug.get(ref) ?? refs.bySku.get(ref);
    if (!productId)
      fail(ref === '' ? `product: ${REVIEW_MESSAGES.required}` : REVIEW_IMPORT_MESSAGES.unknownProduct(ref));
    const checked = checkReview({ rating: cell('rating'), title: cell('title'), body: cell('body') });
    for (const [field, message] of Object.entries(checked.errors)) fail(`${field}: ${message}`);
    const author = cell('author');
    if (author === '') fail(`author: ${REVIEW_MESSAGES.required}`);
    else if (author.length > MAX_REVIEW_AUTHOR_LENGTH) fail(`author: ${REVIEW_MESSAGES.authorTooLong}`);
    const dateText = cell('date');
    // A bare day is taken at noon UTC, so it stays that day in every store's time zone.
    const date = DATE.test(dateText)
      ? Date.parse(dateText.length === DAY_LENGTH ? `${dateText}T12:00:00Z` : dateText)
      : Number.NaN;
    if (Number.isNaN(date)) fail(`date: ${REVIEW_IMPORT_MESSAGES.badDate}`);
    if (errors.length > 0 && errors[errors.length - 1].row === row) return;
    const fields = [productId, checked.rating, checked.title, checked.body, author, date];
    good.push({
      key: sha256(JSON.stringify(fields)),
      productId: productId as string,
      rating: checked.rating,
      title: checked.title,
      body: checked.body,
      author,
      date,
    });
  });
  if (errors.length > 0) {
    // Keyed by row number ('3'), each row's problems in the order of its columns.
    const byRow: Record<string, string> = {};
    for (const e of errors) byRow[e.row] = byRow[e.row] ? `${byRow[e.row]} ${e.message}` : e.message;
    throw new HttpError(400, REVIEW_IMPORT_MESSAGES.failed(Object.keys(byRow).length), undefined, byRow);
  }

  return ctx.db.transaction().execute(async (trx) => {
    const existing = await existingImportKeys(trx, ctx.websiteId, [...new Set(good.map((g) => g.key))]);
    const now = ctx.clock.now();
    let imported = 0;
    for (const g of good) {
      if (existing.has(g.key)) continue;
      // The same row twice in one file is one review.
      existing.add(g.key);
      await insertReview(trx, {
        id: newId('rv'),
        website_id: ctx.websiteId,
        product_id: g.productId,
        source: 'imported',
        order_id: null,
        rating: g.rating,
        title: g.title,
        body: g.body,
        author_name: g.author,
        status: approve ? REVIEW_STATUS.approved : REVIEW_STATUS.pending,
        import_key: g.key,
        created_at: g.date,
        moderated_at: approve ? now : null,
      });
      imported++;
    }
    await recordAudit({ ...ctx, db: trx }, actor, 'reviews.import', ctx.websiteId, { imported, approve });
    return { imported, unchanged: good.length - imported };
  });
}

const DEMO_REVIEWS_URL = new URL('seed/demo-reviews.csv', SERVER_PACKAGE_DIR);

/** The demo store's reviews: a few approved ones on demo products, imported as a merchant would. */
export async function seedDemoReviews(database: Database, clock: Clock = systemClock) {
  const site = await loadSite(database.db);
  if (!site) throw new Error('The demo reviews need the demo store first.');
  const csv = await fs.readFile(DEMO_REVIEWS_URL, 'utf8');
  return importReviews({ db: database.db, websiteId: site.website.id, clock, site }, null, csv, true);
}

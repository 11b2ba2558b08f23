/**
 * The owner's order screens' wire contract (GET/POST /api/config/orders…), shared with the
 * /config forms: zod only, no Node imports.
 */
import { z } from 'zod';

/** Orders per page of GET /api/config/orders. */
export const ORDERS_PAGE_SIZE = 50;
/** A page number past this is a typo, not a page. */
const MAX_PAGE = 100_000;
/** Carrier names and tracking numbers fit their columns. */
export const TRACKING_FIELD_MAX_LENGTH = 100;
export const TRACKING_URL_MAX_LENGTH = 2000;
export const REFUND_REASON_MAX_LENGTH = 500;
const SEARCH_MAX_LENGTH = 200;

/** Payment states and fulfilment states an order list can be narrowed to. */
export const ORDER_PAYMENT_STATUSES = [
  'paid',
  'pending',
  'partially_refunded',
  'refunded',
  'cancelled',
] as const;
export const ORDER_FULFILMENT_STATUSES = ['unfulfilled', 'fulfilled'] as const;
export const ORDER_STATUS_FILTERS = [...ORDER_PAYMENT_STATUSES, ...ORDER_FULFILMENT_STATUSES] as const;

export const ORDER_FORM_MESSAGES = {
  day: 'Enter a date as YYYY-MM-DD.',
  range: 'The end date must not be before the start date.',
  carrier: 'Enter the carrier.',
  trackingNumber: 'Enter the tracking number.',
  trackingUrl: 'Enter a web address starting with http:// or https://.',
  amount: 'Enter an amount of at least 0.01, in minor units.',
  amountOrWhole: 'Enter an amount to refund, or refund the whole order.',
  notBoth: 'Refund either an amount or the whole order, not both.',
} as const;

/** A query string value left empty ("status=") means no filter. */
export function optionalParam<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
}

/** A calendar day, YYYY-MM-DD, that exists (read in the store's time zone by the server). */
export const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ORDER_FORM_MESSAGES.day)
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), ORDER_FORM_MESSAGES.day);

/** http(s) only: a javascript: link in a shopper's mail must never come from here. */
export const webAddress = (max: number) =>
  z
    .string()
    .trim()
    .max(max, ORDER_FORM_MESSAGES.trackingUrl)
    .refine((v) => {
      try {
        const url = new URL(v);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, ORDER_FORM_MESSAGES.trackingUrl);

/** GET /api/config/orders and /api/config/orders.csv. */
export const ordersQuery = z
  .object({
    status: optionalParam(z.enum(ORDER_STATUS_FILTERS, `Choose one of ${ORDER_STATUS_FILTERS.join(', ')}.`)),
    from: optionalParam(day),
    to: optionalParam(day),
    test: optionalParam(z.enum(['true', 'false'], 'Use true or false.').transform((v) => v === 'true')),
    q: optionalParam(z.string().trim().max(SEARCH_MAX_LENGTH)),
    page: optionalParam(z.coerce.number().int().min(1).max(MAX_PAGE)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: ORDER_FORM_MESSAGES.range, path: ['to'] });
export type OrdersQuery = z.output<typeof ordersQuery>;

/** POST /api/config/orders/:id/fulfil. */
export const fulfilBody = z.object({
  carrier: z
    .string(ORDER_FORM_MESSAGES.carrier)
    .trim()
    .min(1, ORDER_FORM_MESSAGES.carrier)
    .max(TRACKING_FIELD_MAX_LENGTH),
  trackingNumber: z
    .string(ORDER_FORM_MESSAGES.trackingNumber)
    .trim()
    .min(1, ORDER_FORM_MESSAGES.trackingNumber)
    .max(TRACKING_FIELD_MAX_LENGTH),
  trackingUrl: optionalParam(webAddress(TRACKING_URL_MAX_LENGTH)),
});
export type FulfilBody = z.output<typeof fulfilBody>;

/** POST /api/config/orders/:id/refund: an amount (minor units) or the whole of what is left. */
export const refundBody = z
  .object({
    amountCents: z
      .number(ORDER_FORM_MESSAGES.amount)
      .int(ORDER_FORM_MESSAGES.amount)
      .positive(ORDER_FORM_MESSAGES.amount)
      .optional(),
    whole: z.boolean().optional(),
    restock: z.boolean('Choose whether to restock the items.').default(false),
    reason: optionalParam(z.string().trim().max(REFUND_REASON_MAX_LENGTH)),
  })
  .superRefine((r, ctx) => {
    if (r.whole && r.amountCents !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: ORDER_FORM_MESSAGES.notBoth });
    else if (!r.whole && r.amountCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: ORDER_FORM_MESSAGES.amountOrWhole });
  });
export type RefundBody = z.output<typeof refundBody>;

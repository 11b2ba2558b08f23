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

/** One row of the owner's order list. */
export const orderSummaryReply = z.object({
  id: z.string(),
  /** '#1001': what the owner and the shopper call the order. */
  number: z.string(),
  created: z.number(),
  email: z.string(),
  status: z.enum(ORDER_PAYMENT_STATUSES),
  fulfilmentStatus: z.enum(ORDER_FULFILMENT_STATUSES),
  testMode: z.boolean(),
  currency: z.string(),
  grandTotalCents: z.number(),
  amountPaidCents: z.number(),
  refundedCents: z.number(),
});

/** GET /api/config/orders. */
export const orderListReply = z.object({
  orders: z.array(orderSummaryReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

const addressReply = z.object({
  firstName: z.string(),
  lastName: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string().optional(),
  postalCode: z.string(),
  country: z.string(),
});

/** The mails sent about a record, oldest first. */
export const sentEmailReply = z.object({
  id: z.string(),
  template: z.string(),
  to: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  created: z.number(),
  sent: z.number().nullable(),
});

/** GET /api/config/orders/:id and every change to an order: the order as its detail screen shows it. */
export const orderDetailReply = z.object({
  order: z.object({
    ...orderSummaryReply.shape,
    source: z.enum(['cart', 'gift-card', 'subscription']),
    items: z.array(
      z.object({
        itemId: z.string(),
        sku: z.string(),
        productName: z.string(),
        productType: z.number(),
        quantity: z.number(),
        unitPriceCents: z.number(),
        lineTotalCents: z.number(),
        /** The custom product form's answers, a JSON string. */
        additionalFields: z.string().nullable(),
        variantOptions: z.record(z.string(), z.string()).nullable(),
      }),
    ),
    subtotalCents: z.number(),
    discountCents: z.number(),
    shippingCents: z.number(),
    taxCents: z.number(),
    giftCardCents: z.number(),
    refundableCents: z.number(),
    restocked: z.boolean(),
    couponCodes: z.array(z.string()),
    shippingAddress: addressReply.nullable(),
    /** Null when billing is the shipping address. */
    billingAddress: addressReply.nullable(),
    phone: z.string().nullable(),
    note: z.string().nullable(),
    shippingOption: z.object({ id: z.string(), name: z.string(), costCents: z.number() }).nullable(),
    payment: z.object({ provider: z.string().nullable(), reference: z.string().nullable() }),
    downloads: z.array(z.object({ productName: z.string(), url: z.string() })),
    giftCards: z.array(
      z.object({
        code: z.string(),
        amountCents: z.number(),
        recipientEmail: z.string().nullable(),
        recipientName: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
    refunds: z.array(
      z.object({
        id: z.string(),
        amountCents: z.number(),
        restocked: z.boolean(),
        /** 'pending' while the provider is asked (or when the server stopped before it answered). */
        status: z.enum(['pending', 'done']),
        reason: z.string().nullable(),
        by: z.string().nullable(),
        created: z.number(),
      }),
    ),
    fulfilments: z.array(
      z.object({
        id: z.string(),
        carrier: z.string(),
        trackingNumber: z.string(),
        trackingUrl: z.string().nullable(),
        by: z.string().nullable(),
        created: z.number(),
      }),
    ),
    emails: z.array(sentEmailReply),
    statusUrl: z.string(),
  }),
});

/** POST …/resend-confirmation (202). */
export const messageReply = z.object({ message: z.string() });

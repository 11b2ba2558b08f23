import { z } from 'zod';
import { decimalMoneyReply, orderReply } from '../orders/view.js';
import {
  couponReply,
  invalidCouponReply,
  shippingLocationReply,
  shippingOptionReply,
  taxRuleReply,
} from '../pricing/schema.js';

/** What is being bought: the visitor's cart, one gift card, or a subscription cart (spec §2 checkout routes). */
export const checkoutSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('cart') }),
  z.object({
    kind: z.literal('gift-card'),
    giftCardProductId: z.string().min(1).max(64),
    sku: z.string().min(1).max(200).optional(),
    recipientEmail: z.string().max(300).optional(),
    recipientName: z.string().max(1000).optional(),
    /** The buyer's message, mailed with the card. */
    message: z.string().max(5000).optional(),
  }),
  z.object({ kind: z.literal('subscription'), cartToken: z.string().min(1).max(64) }),
]);
export type CheckoutSource = z.infer<typeof checkoutSource>;

/** Checked field by field in the service, so each problem is named; here only shape and size. */
export const shippingAddress = z.object({
  firstName: z.string().max(100),
  lastName: z.string().max(100),
  line1: z.string().max(200),
  line2: z.string().max(200).optional(),
  city: z.string().max(100),
  region: z.string().max(100).optional(),
  postalCode: z.string().max(20),
  country: z.string().max(2),
});
export type ShippingAddressInput = z.infer<typeof shippingAddress>;

export const quoteBody = z.object({
  source: checkoutSource,
  shippingAddress: shippingAddress.optional(),
  shippingOptionId: z.string().max(64).optional(),
  couponCodes: z.array(z.string().max(64)).max(10).optional(),
  giftCardCode: z.string().max(40).optional(),
  /** When given, coupons limited per customer are checked for this customer. */
  email: z.string().max(300).optional(),
});
export type QuoteBody = z.infer<typeof quoteBody>;

export const paymentInput = z.object({
  cardNumber: z.string().max(40),
  expMonth: z.coerce.number().int(),
  expYear: z.coerce.number().int(),
  cvc: z.string().max(8),
  name: z.string().max(200),
});

export const placeOrderBody = quoteBody.extend({
  /** Absent when billing is the shipping address. */
  billingAddress: shippingAddress.optional(),
  phone: z.string().max(100).optional(),
  note: z.string().max(5000).optional(),
  idempotencyKey: z.string().min(8, 'idempotencyKey must be 8 to 100 characters').max(100),
  email: z.string().max(300),
  /** Not needed when a gift card pays the whole order, nor with pay-later. */
  payment: paymentInput.optional(),
  /** 'pay-later': the provider's plan instead of a card (docs/pay-later.md); 'card' when absent. */
  paymentMethod: z.enum(['card', 'pay-later']).optional(),
  crumb: z.string().optional(),
});
export type PlaceOrderBody = z.infer<typeof placeOrderBody>;

/** A problem of one coupon code; `unknown` codes match no coupon, so they carry none. */
const quoteInvalidCoupon = z.union([
  invalidCouponReply,
  z.object({ code: z.string(), reason: z.literal('unknown'), message: z.string() }),
]);

/** POST /api/commerce/checkout/quote: what the order would cost, without changing anything. */
export const quoteReply = z
  .object({
    source: checkoutSource,
    currency: z.string(),
    /** Spec §3 plan wording of a subscription's charge ('$22.00 every month'); '' otherwise. */
    planText: z.string(),
    items: z.array(
      z.object({
        itemId: z.string(),
        sku: z.string(),
        productName: z.string(),
        productType: z.number(),
        /** The variant's options as one line ('M / Sage'); '' without options. */
        variant: z.string(),
        quantity: z.number(),
        unitPrice: decimalMoneyReply,
        lineTotal: decimalMoneyReply,
      }),
    ),
    subtotal: decimalMoneyReply,
    discountTotal: decimalMoneyReply,
    shippingTotal: decimalMoneyReply,
    taxTotal: decimalMoneyReply,
    grandTotal: decimalMoneyReply,
    giftCardTotal: decimalMoneyReply,
    amountDue: decimalMoneyReply,
    subtotalCents: z.number(),
    discountCents: z.number(),
    shippingCostCents: z.number(),
    taxCents: z.number(),
    grandTotalCents: z.number(),
    giftCardAppliedCents: z.number(),
    amountDueCents: z.number(),
    totalQuantity: z.number(),
    shippingOptions: z.array(shippingOptionReply),
    selectedShippingOption: shippingOptionReply.nullable(),
    shippingLocation: shippingLocationReply.nullable(),
    applicableTaxRules: z.array(taxRuleReply),
    validCoupons: z.array(couponReply),
    invalidCoupons: z.array(quoteInvalidCoupon),
    giftCard: z
      .object({ code: z.string(), balance: decimalMoneyReply, applied: decimalMoneyReply })
      .nullable(),
    giftCardError: z.string().nullable(),
    /** Each problem of the shipping address by field ('shippingAddress.postalCode'); null when none. */
    addressErrors: z.record(z.string(), z.string()).nullable(),
    requiresShipping: z.boolean(),
    hasDigital: z.boolean(),
    purelyDigital: z.boolean(),
    /** Pay-later for this order (docs/pay-later.md); null when the store offers no pay-later provider. */
    payLater: z
      .discriminatedUnion('available', [
        z.object({
          available: z.literal(true),
          brand: z.enum(['Afterpay', 'Clearpay']),
          count: z.number(),
          /** Each payment, largest first, summing exactly to the amount due (minor units). */
          scheduleCents: z.array(z.number()),
        }),
        z.object({
          available: z.literal(false),
          brand: z.enum(['Afterpay', 'Clearpay']).nullable(),
          reason: z.string(),
        }),
      ])
      .nullable(),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteReply>;

/** 201 of POST /api/commerce/orders: the placed order and where its confirmation page is. */
export const placedOrderReply = z.object({
  order: orderReply,
  confirmationUrl: z.string(),
  /** Pay-later: the provider's page where the shopper approves the plan (the order is pending until then). */
  paymentUrl: z.string().optional(),
});

/** The pay-later provider's callback answers the order's new status (docs/pay-later.md). */
export const payLaterNoticeReply = z.object({
  order: z.object({ id: z.string(), status: orderReply.shape.status }),
});

/** What the checkout page sends: the request types of the schemas above. */
export type QuoteRequest = z.input<typeof quoteBody>;
export type OrderRequest = z.input<typeof placeOrderBody>;
export type PaymentInput = z.input<typeof paymentInput>;

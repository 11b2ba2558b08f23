import { decimalFromMinor } from '@storefront/commerce';
import { z } from 'zod';

/** Spec §3 Order money: "Each money field has decimalValue or value"; orders use decimalValue. */
export const decimalMoneyReply = z
  .object({ decimalValue: z.string(), currency: z.string() })
  .meta({ id: 'DecimalMoney' });
export type DecimalMoney = z.infer<typeof decimalMoneyReply>;

export function decimalMoney(amountMinor: number, currency: string): DecimalMoney {
  return { decimalValue: decimalFromMinor(amountMinor, currency), currency };
}

export const shippingAddressReply = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    region: z.string().optional(),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof shippingAddressReply>;

export const orderItemReply = z.object({
  itemId: z.string(),
  sku: z.string(),
  productName: z.string(),
  productType: z.number(),
  quantity: z.number(),
  unitPrice: decimalMoneyReply,
  lineTotal: decimalMoneyReply,
  additionalFields: z.string().nullable(),
  /** The variant's options ({Size: 'M', Color: 'Sage'}); null when the product has none. */
  variantOptions: z.record(z.string(), z.string()).nullable(),
});
export type OrderItemView = z.infer<typeof orderItemReply>;

/** Spec §3 "Order", plus what the confirmation and status pages show. */
export const orderReply = z
  .object({
    id: z.string(),
    /** Friendly number, sequential per store from 1001. */
    number: z.number().nullable(),
    /** What shoppers and merchants read: '#1001' (the id for an order placed before numbers). */
    numberText: z.string(),
    purchasedCartId: z.string().nullable(),
    testMode: z.boolean(),
    websiteId: z.string(),
    items: z.array(orderItemReply),
    grandTotal: decimalMoneyReply,
    shippingTotal: decimalMoneyReply,
    taxTotal: decimalMoneyReply,
    subtotal: decimalMoneyReply,
    discountTotal: decimalMoneyReply,
    giftCardTotal: decimalMoneyReply,
    amountPaid: decimalMoneyReply,
    currency: z.string(),
    source: z.enum(['cart', 'gift-card', 'subscription']),
    /** Never 'reserved': a reservation is not an order yet. */
    status: z.enum(['paid', 'pending', 'partially_refunded', 'refunded', 'cancelled']),
    email: z.string(),
    shippingAddress: shippingAddressReply.nullable(),
    /** Null when billing is the shipping address. */
    billingAddress: shippingAddressReply.nullable(),
    phone: z.string().nullable(),
    /** The shopper's note to the store. */
    note: z.string().nullable(),
    shippingOption: z.object({ id: z.string(), name: z.string(), costCents: z.number() }).nullable(),
    couponCodes: z.array(z.string()),
    created: z.number(),
    /** Links of the digital items bought (`/downloads/{token}`). */
    downloads: z.array(z.object({ productName: z.string(), url: z.string() })),
    /** Gift cards this order issued. */
    giftCards: z.array(
      z.object({
        code: z.string(),
        amount: decimalMoneyReply,
        recipientEmail: z.string().nullable(),
        recipientName: z.string().nullable(),
        message: z.string().nullable(),
      }),
    ),
    /** The order status page (spec page type 211), with its access token. */
    statusUrl: z.string(),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof orderReply>;

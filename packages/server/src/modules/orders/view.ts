import { decimalFromMinor } from '@storefront/commerce';
import type { OrderStatus } from '../../db/schema.js';

/** Spec §3 Order money: "Each money field has decimalValue or value"; orders use decimalValue. */
export interface DecimalMoney {
  decimalValue: string;
  currency: string;
}

export function decimalMoney(amountMinor: number, currency: string): DecimalMoney {
  return { decimalValue: decimalFromMinor(amountMinor, currency), currency };
}

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface OrderItemView {
  itemId: string;
  sku: string;
  productName: string;
  productType: number;
  quantity: number;
  unitPrice: DecimalMoney;
  lineTotal: DecimalMoney;
  additionalFields: string | null;
}

/** Spec §3 "Order", plus what the confirmation and status pages show. */
export interface OrderView {
  id: string;
  purchasedCartId: string | null;
  testMode: boolean;
  websiteId: string;
  items: OrderItemView[];
  grandTotal: DecimalMoney;
  shippingTotal: DecimalMoney;
  taxTotal: DecimalMoney;
  subtotal: DecimalMoney;
  discountTotal: DecimalMoney;
  giftCardTotal: DecimalMoney;
  amountPaid: DecimalMoney;
  currency: string;
  source: 'cart' | 'gift-card' | 'subscription';
  /** Never 'reserved': a reservation is not an order yet. */
  status: Exclude<OrderStatus, 'reserved'>;
  email: string;
  shippingAddress: ShippingAddress | null;
  shippingOption: { id: string; name: string; costCents: number } | null;
  couponCodes: string[];
  created: number;
  /** Links of the digital items bought (`/downloads/{token}`). */
  downloads: { productName: string; url: string }[];
  /** Gift cards this order issued. */
  giftCards: { code: string; amount: DecimalMoney; recipientEmail: string | null }[];
  /** The order status page (spec page type 211), with its access token. */
  statusUrl: string;
}

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
  /** The variant's options ({Size: 'M', Color: 'Sage'}); null when the product has none. */
  variantOptions: Record<string, string> | null;
}

/** Spec §3 "Order", plus what the confirmation and status pages show. */
export interface OrderView {
  id: string;
  /** Friendly number, sequential per store from 1001. */
  number: number | null;
  /** What shoppers and merchants read: '#1001' (the id for an order placed before numbers). */
  numberText: string;
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
  /** Null when billing is the shipping address. */
  billingAddress: ShippingAddress | null;
  phone: string | null;
  /** The shopper's note to the store. */
  note: string | null;
  shippingOption: { id: string; name: string; costCents: number } | null;
  couponCodes: string[];
  created: number;
  /** Links of the digital items bought (`/downloads/{token}`). */
  downloads: { productName: string; url: string }[];
  /** Gift cards this order issued. */
  giftCards: {
    code: string;
    amount: DecimalMoney;
    recipientEmail: string | null;
    recipientName: string | null;
    message: string | null;
  }[];
  /** The order status page (spec page type 211), with its access token. */
  statusUrl: string;
}

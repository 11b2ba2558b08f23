/** Wire shapes of checkout (docs/api.md, docs/checkout.md). */

export type CheckoutSource =
  | { kind: 'cart' }
  | {
      kind: 'gift-card';
      giftCardProductId: string;
      sku?: string;
      recipientEmail?: string;
      recipientName?: string;
      message?: string;
    }
  | { kind: 'subscription'; cartToken: string };

/** Money as orders and quotes carry it: a decimal string in major units. */
export interface DecimalMoney {
  decimalValue: string;
  currency: string;
}

export interface QuoteItem {
  itemId: string;
  sku: string;
  productName: string;
  /** The variant's options ('M / Sage'); '' without options. */
  variant: string;
  productType: number;
  quantity: number;
  unitPrice: DecimalMoney;
  lineTotal: DecimalMoney;
}

export interface QuoteShippingOption {
  id: string;
  name: string;
  costCents: number;
}

export interface QuoteTaxRule {
  id: string;
  name: string;
  ratePercent: number;
  amountCents: number;
}

export interface Quote {
  currency: string;
  /** Spec §3 plan wording of a subscription's charge ('$22.00 every month'); '' otherwise. */
  planText?: string;
  items: QuoteItem[];
  subtotalCents: number;
  discountCents: number;
  shippingCostCents: number;
  taxCents: number;
  grandTotalCents: number;
  giftCardAppliedCents: number;
  amountDueCents: number;
  shippingOptions: QuoteShippingOption[];
  selectedShippingOption: QuoteShippingOption | null;
  applicableTaxRules: QuoteTaxRule[];
  validCoupons: { code: string }[];
  invalidCoupons: { code: string; reason: string; message?: string }[];
  giftCard: { code: string; balance: DecimalMoney; applied: DecimalMoney } | null;
  giftCardError: string | null;
  requiresShipping: boolean;
  /** Pay-later for this order (docs/pay-later.md); null when the store offers none. */
  payLater?: PayLaterQuote | null;
}

export type PayLaterQuote =
  | { available: true; brand: string; count: number; scheduleCents: number[] }
  | { available: false; brand: string | null; reason: string };

export type PaymentMethod = 'card' | 'pay-later';

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

export interface QuoteRequest {
  source: CheckoutSource;
  shippingAddress?: ShippingAddress;
  shippingOptionId?: string;
  couponCodes?: string[];
  giftCardCode?: string;
}

export interface PaymentInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export interface OrderRequest extends QuoteRequest {
  idempotencyKey: string;
  email: string;
  /** Left out when a gift card pays the whole order, and with pay-later. */
  payment?: PaymentInput;
  paymentMethod?: PaymentMethod;
  /** Left out when billing is the shipping address. */
  billingAddress?: ShippingAddress;
  phone?: string;
  note?: string;
}

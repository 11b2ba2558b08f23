/** Buy-now-pay-later installments (spec §3 "Installment context per item", §4, §5, §9). */
import { formatMoney } from './money.js';
import { type CommerceProduct, ProductType, type ProductTypeNumber } from './product.js';

/** Spec §9: "Pay-later default is 4 installments". */
export const INSTALLMENTS_DEFAULT_COUNT = 4;

/** Spec §9: "Pay-later countries and languages: US en; CA en, fr; AU en; NZ en; GB en". */
export const INSTALLMENT_PROVIDER_LANGUAGES: Readonly<Record<string, readonly string[]>> = {
  US: ['en'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  GB: ['en'],
};

/**
 * Spec §9: "branded differently in GB". The real-world provider trades as Afterpay and as
 * Clearpay in the UK.
 */
export function installmentProviderBrand(country: string): 'Afterpay' | 'Clearpay' {
  return country.toUpperCase() === 'GB' ? 'Clearpay' : 'Afterpay';
}

/**
 * The provider's published terms, not the spec: one payment now, the next ones every two weeks.
 * The product page's popup and the provider's approval page both say it.
 */
export const INSTALLMENT_INTERVAL_WEEKS = 2;

/** When payment `index` (0 first) falls due: 'Today', 'In 2 weeks', 'In 4 weeks'… */
export function installmentDueText(index: number): string {
  return index === 0 ? 'Today' : `In ${index * INSTALLMENT_INTERVAL_WEEKS} weeks`;
}

/** Spec §3 installment context per item; min and max are minor units of the store currency. */
export interface InstallmentContext {
  afterPayAvailable: boolean;
  afterPayMin: number;
  afterPayMax: number;
  shopperLanguage: string;
  stripeAccountCountry: string;
}

/** The provider serves this account country in this shopper language ('fr-CA' reads as 'fr'). */
export function installmentProviderSupports(country: string, language: string): boolean {
  const languages = INSTALLMENT_PROVIDER_LANGUAGES[country.toUpperCase()];
  const primary = language.toLowerCase().split(/[-_]/)[0];
  return languages?.includes(primary) ?? false;
}

/** Spec §5: installments apply only to non-subscribable physical products. */
export function isInstallmentProduct(
  product: Pick<CommerceProduct, 'productType' | 'isSubscribable'>,
): boolean {
  return product.productType === ProductType.PHYSICAL && !product.isSubscribable;
}

/** Spec §9: "above the minimum up to and including the maximum, per item". */
export function isInInstallmentRange(priceCents: number, minCents: number, maxCents: number): boolean {
  return priceCents > minCents && priceCents <= maxCents;
}

/**
 * Splits a total into `count` whole-minor-unit payments that sum exactly to the total; the
 * remainder goes one unit each to the first payments (1001 → 251, 250, 250, 250).
 */
export function installmentSchedule(totalCents: number, count = INSTALLMENTS_DEFAULT_COUNT): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`Invalid total: ${totalCents}`);
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Invalid installment count: ${count}`);
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  return Array.from({ length: count }, (_, i) => base + (i < remainder ? 1 : 0));
}

/** 'or 4 interest-free payments of {amount} with' (the provider's logo follows). */
export function installmentPaymentsText(amount: string, count = INSTALLMENTS_DEFAULT_COUNT): string {
  return `or ${count} interest-free payments of ${amount} with`;
}

/** Spec §4: the pill reads 'or N installments with' when in range. */
export function installmentPillText(count = INSTALLMENTS_DEFAULT_COUNT): string {
  return `or ${count} installments with`;
}

/**
 * Availability text when the price is out of range. Spec §9 gives "available for orders over
 * {amount}" or "up to {amount}"; we read the second in full as 'available for orders up to {amount}'.
 */
export function installmentAvailabilityText(kind: 'over' | 'up-to', amount: string): string {
  return kind === 'over' ? `available for orders over ${amount}` : `available for orders up to ${amount}`;
}

export type InstallmentDisplay =
  | { kind: 'hidden' }
  | {
      kind: 'in-range';
      count: number;
      paymentCents: number;
      text: string;
      pillText: string;
      brand: 'Afterpay' | 'Clearpay';
    }
  | { kind: 'out-of-range'; text: string; brand: 'Afterpay' | 'Clearpay' };

export interface InstallmentDisplayInput {
  product: Pick<CommerceProduct, 'productType' | 'isSubscribable'>;
  priceCents: number;
  context: InstallmentContext | null | undefined;
  currency: string;
  locale?: string;
  count?: number;
  /** A sold-out product is not advertised with a pay-later offer. */
  soldOut?: boolean;
}

/**
 * What the product page shows for installments. Hidden unless the provider is available for the
 * account country and shopper language and the product qualifies. In range, the text quotes the
 * first (largest) payment so it never understates; out of range, the availability text names the
 * minimum (price at or below it) or the maximum (price above it).
 */
export function installmentDisplay(input: InstallmentDisplayInput): InstallmentDisplay {
  const { context, product, priceCents, currency } = input;
  const count = input.count ?? INSTALLMENTS_DEFAULT_COUNT;
  if (!context?.afterPayAvailable || !isInstallmentProduct(product) || input.soldOut)
    return { kind: 'hidden' };
  if (!installmentProviderSupports(context.stripeAccountCountry, context.shopperLanguage))
    return { kind: 'hidden' };
  const brand = installmentProviderBrand(context.stripeAccountCountry);
  const money = (cents: number) => formatMoney(cents, currency, input.locale);
  if (isInInstallmentRange(priceCents, context.afterPayMin, context.afterPayMax)) {
    const paymentCents = installmentSchedule(priceCents, count)[0];
    return {
      kind: 'in-range',
      count,
      paymentCents,
      text: installmentPaymentsText(money(paymentCents), count),
      pillText: installmentPillText(count),
      brand,
    };
  }
  const text =
    priceCents <= context.afterPayMin
      ? installmentAvailabilityText('over', money(context.afterPayMin))
      : installmentAvailabilityText('up-to', money(context.afterPayMax));
  return { kind: 'out-of-range', text, brand };
}

/** What checkout says when an order cannot be paid later. */
export const PAY_LATER_MESSAGES = {
  /** Spec §5: installments apply only to non-subscribable physical products. */
  productsNotEligible: 'Pay-later is available only for physical products that are not subscriptions.',
  unavailable: 'Pay-later is not available for this store.',
} as const;

export interface PayLaterLine {
  productType: ProductTypeNumber;
  isSubscribable?: boolean;
}

export type PayLaterOffer =
  | {
      available: true;
      brand: 'Afterpay' | 'Clearpay';
      count: number;
      /** Each payment, largest first, summing exactly to the amount due (minor units). */
      scheduleCents: number[];
    }
  | { available: false; brand: 'Afterpay' | 'Clearpay' | null; reason: string };

/**
 * Whether checkout offers pay-later for an order, by the product page's rules (spec §5, §9):
 * the provider serves the store's country and shopper language, every line is a
 * non-subscribable physical product, and the amount to pay is above the minimum and up to the
 * maximum; out of range, the reason is the product page's availability text.
 */
export function payLaterOffer(input: {
  context: InstallmentContext | null | undefined;
  lines: readonly PayLaterLine[];
  amountDueCents: number;
  currency: string;
  locale?: string;
  count?: number;
}): PayLaterOffer {
  const { context } = input;
  const count = input.count ?? INSTALLMENTS_DEFAULT_COUNT;
  if (
    !context?.afterPayAvailable ||
    !installmentProviderSupports(context.stripeAccountCountry, context.shopperLanguage)
  )
    return { available: false, brand: null, reason: PAY_LATER_MESSAGES.unavailable };
  const brand = installmentProviderBrand(context.stripeAccountCountry);
  const eligible = input.lines.every((l) =>
    isInstallmentProduct({ productType: l.productType, isSubscribable: !!l.isSubscribable }),
  );
  if (input.lines.length === 0 || !eligible)
    return { available: false, brand, reason: PAY_LATER_MESSAGES.productsNotEligible };
  const money = (cents: number) => formatMoney(cents, input.currency, input.locale);
  if (!isInInstallmentRange(input.amountDueCents, context.afterPayMin, context.afterPayMax)) {
    const reason =
      input.amountDueCents <= context.afterPayMin
        ? installmentAvailabilityText('over', money(context.afterPayMin))
        : installmentAvailabilityText('up-to', money(context.afterPayMax));
    return { available: false, brand, reason: `${brand} is ${reason}.` };
  }
  return { available: true, brand, count, scheduleCents: installmentSchedule(input.amountDueCents, count) };
}

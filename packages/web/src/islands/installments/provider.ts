import {
  formatMoney,
  INSTALLMENT_INTERVAL_WEEKS,
  installmentDueText,
  installmentSchedule,
} from '@storefront/commerce';

/**
 * The pay-later provider's explanation, shown in our own popup (no third-party fetch). Swap this
 * module to change the provider's wording; the rules (range, count, brand) stay in commerce.
 */

export type InstallmentBrand = 'Afterpay' | 'Clearpay';

export interface InstallmentProviderInput {
  brand: InstallmentBrand;
  count: number;
  /** The item price when it is in range, to show the payment plan; null otherwise. */
  priceCents: number | null;
  currency: string;
  locale: string;
}

export interface InstallmentProviderInfo {
  title: string;
  intro: string;
  steps: string[];
  /** When each payment falls due and its amount; empty without an in-range price. */
  schedule: { when: string; amount: string }[];
  note: string;
}

export interface InstallmentProvider {
  info(input: InstallmentProviderInput): InstallmentProviderInfo;
}

/** Afterpay, branded Clearpay in GB (commerce `installmentProviderBrand`). */
export const installmentProvider: InstallmentProvider = {
  info({ brand, count, priceCents, currency, locale }) {
    const every = `every ${INSTALLMENT_INTERVAL_WEEKS} weeks`;
    return {
      title: `Pay in ${count} with ${brand}`,
      intro: `Split your purchase into ${count} interest-free payments, one today and the rest ${every}.`,
      steps: [
        'Add what you want to your cart.',
        `Choose ${brand} as your payment method at checkout.`,
        `Place your order, then approve the plan on ${brand}’s page: the order is confirmed once ${brand} accepts it.`,
        `Pay the first payment today and the others ${every}.`,
      ],
      schedule:
        priceCents === null
          ? []
          : installmentSchedule(priceCents, count).map((cents, i) => ({
              when: installmentDueText(i),
              amount: formatMoney(cents, currency, locale),
            })),
      note: `No interest. ${brand} checks eligibility at checkout, and its terms apply.`,
    };
  },
};

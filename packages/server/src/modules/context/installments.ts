import type { InstallmentContext } from '@storefront/commerce';

/**
 * A store's installment settings when it has set none (spec §3 "Installment context per item"):
 * offered, for items above $1.00 up to $2,000.00 (minor units), US account, English shoppers.
 * Migration 0002 gives the store_settings columns the same defaults.
 */
export const DEFAULT_INSTALLMENTS: Readonly<InstallmentContext> = {
  afterPayAvailable: true,
  afterPayMin: 100,
  afterPayMax: 200_000,
  shopperLanguage: 'en',
  stripeAccountCountry: 'US',
};

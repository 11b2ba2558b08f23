import { formatMoney } from '@storefront/commerce';
import { areaContext } from './context';

/** Spec §1 product types by number. */
export const PRODUCT_TYPE_NAMES: Record<number, string> = {
  1: 'Physical',
  2: 'Digital',
  3: 'Service',
  4: 'Gift card',
  5: 'Paywall',
};

/** An amount in the store's currency and locale; a dash when there is none. */
export function money(cents: number | null | undefined): string {
  const { currency, locale } = areaContext();
  return cents === null || cents === undefined ? '—' : formatMoney(cents, currency, locale);
}

export function dateTime(value: string | number): string {
  return new Intl.DateTimeFormat(areaContext().locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

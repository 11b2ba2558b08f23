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

/** An amount in the store's currency (or the order's own) and locale; a dash when there is none. */
export function money(cents: number | null | undefined, currency = areaContext().currency): string {
  return cents === null || cents === undefined ? '—' : formatMoney(cents, currency, areaContext().locale);
}

export function dateTime(value: string | number): string {
  return new Intl.DateTimeFormat(areaContext().locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(value),
  );
}

export function day(value: string | number): string {
  return new Intl.DateTimeFormat(areaContext().locale, { dateStyle: 'medium' }).format(new Date(value));
}

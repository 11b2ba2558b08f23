import type { CookieJar } from '@storefront/commerce';
import { readCookie } from '../../cookies';

/** Spec §3 cookies that decide express checkout (`CART` is HttpOnly, so usually unseen here). */
export function checkoutCookies(): CookieJar {
  return { hasCart: readCookie('hasCart') ?? undefined, CART: readCookie('CART') ?? undefined };
}

/** Member areas (issue 16): pages behind paywall products (spec §1 product type 5, §2 pages 106, 107, 208). */

/**
 * Order statuses that keep what was bought: paid, even if part of it went back. Reserved and
 * pending orders are not paid yet; refunded and cancelled ones gave the money back.
 */
export const MEMBERSHIP_ORDER_STATUSES: readonly string[] = ['paid', 'partially_refunded'];

/** What the rule reads of one of the customer's orders. */
export interface MemberOrder {
  status: string;
  /** The ids of the products its lines hold. */
  productIds: readonly string[];
}

/**
 * A customer may open a members-only item when one of their orders, still paid, holds one of the
 * paywall products that open it. An item that names none is open to everyone.
 */
export function hasMemberAccess(memberProducts: readonly string[], orders: readonly MemberOrder[]): boolean {
  if (memberProducts.length === 0) return true;
  return orders.some(
    (o) =>
      MEMBERSHIP_ORDER_STATUSES.includes(o.status) && o.productIds.some((id) => memberProducts.includes(id)),
  );
}

/** Most paywall products one item names. */
export const MAX_MEMBER_PRODUCTS = 10;

export const MEMBER_MESSAGES = {
  notPaywall: 'Choose paywall products only: a member area opens to buyers of a paywall product.',
  unknownProduct: 'That product does not exist.',
  paywall: 'This page is for members. Buy a membership to read it.',
  accessDenied: 'This page is for members. Your account has no membership that opens it yet.',
  signInToCheckout:
    'Sign in or create an account to buy a membership: it opens the member area to your account.',
  signInToBuy: 'Sign in or create an account first: your purchase opens this page to your account.',
} as const;

/** How a signed-out visitor becomes a member, as the paywall page (107) lists it. */
export const MEMBER_STEPS = [
  'Sign in, or create an account: you come back here.',
  'Back on this page, add the membership to your cart.',
  'Check out: the page opens to your account as soon as the order is paid.',
] as const;

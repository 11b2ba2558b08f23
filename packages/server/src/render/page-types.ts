/** Spec §2 "Page type numbers", every one, in the spec's order. */
export const PAGE_TYPE = {
  CONTENT_COLLECTION: 1,
  PAGE: 2,
  SPLASH: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  PAYWALL: 107,
  CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  ORDER_STATUS: 211,
  NEWSLETTER_UNSUBSCRIBE: 300,
  SSO_PAGE: 400,
} as const;

export type PageType = (typeof PAGE_TYPE)[keyof typeof PAGE_TYPE];

/** Pages that are the cart or lead out of it: the floating pill cart would only point back at them. */
export function showsPillCart(pageType: number): boolean {
  return pageType !== PAGE_TYPE.CART && pageType !== PAGE_TYPE.CHECKOUT;
}

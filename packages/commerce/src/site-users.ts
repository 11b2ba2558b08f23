import { PASSWORD_MIN_LENGTH } from './contributors.js';
import { MESSAGES } from './messages.js';

/**
 * Texts of the customer account (site user) screens and API, keyed so a plain form's redirect
 * names the message by key (never carries text a link could forge).
 */
export const ACCOUNT_MESSAGES = {
  signInRequired: 'Please sign in to your account.',
  wrongCredentials: 'Wrong email or password.',
  invalidEmail: 'Please enter a valid email',
  passwordTooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  accountExists: 'An account with this email already exists. Sign in instead.',
  linkInvalid: 'This link is no longer valid. Ask for a new one.',
  signInLinkSent:
    'If that email can sign in here, a sign-in link is on its way. It works once, for 15 minutes.',
  passwordResetSent: 'If that email has an account, a link to set a new password is on its way.',
  passwordSet: 'Your new password is set and you are signed in.',
  signedOut: 'You are signed out.',
  tooManyRequests: MESSAGES.tooManyRequests,
  addressInvalid: 'Please fill in the name, street, city and country, with a postal code of that country.',
  addressSaved: 'Address saved. Checkout fills it in for you.',
  addressRemoved: 'Address removed.',
  addressNotFound: 'That address is not in your account.',
  tooManyAddresses: 'Your account keeps at most 10 addresses. Remove one to add another.',
  subscriptionNotFound: 'That subscription is not in your account.',
  subscriptionPaused: 'Subscription paused. It will not renew until you resume it.',
  subscriptionResumed: 'Subscription resumed.',
  subscriptionCancelled: 'Subscription cancelled. It will not renew.',
  subscriptionDateChanged: 'Next billing date changed.',
  subscriptionNotActive: 'Only an active subscription can be changed.',
  nextDateInvalid: 'Choose a date from tomorrow to one year ahead.',
  restockSaved: "Thank you. We'll email you when this item is back in stock.",
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

export function isAccountMessageKey(key: unknown): key is AccountMessageKey {
  return typeof key === 'string' && Object.hasOwn(ACCOUNT_MESSAGES, key);
}

/** The key of a message text, so a form's redirect can name it. */
export function accountMessageKeyOf(text: string): AccountMessageKey | null {
  for (const [key, value] of Object.entries(ACCOUNT_MESSAGES))
    if (value === text) return key as AccountMessageKey;
  return null;
}

/** Spec §3 cookie SiteUserInfo: read by analytics only (spec §6), never by anything that decides access. */
export interface SiteUserInfo {
  authenticated: boolean;
  siteUserId: string | null;
}

export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
/** Addresses one account keeps: enough for home, work and a few gifts. */
export const ACCOUNT_ADDRESSES_MAX = 10;

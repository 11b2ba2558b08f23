import {
  ACCOUNT_MESSAGES,
  EMAIL_MAX_LENGTH,
  isValidEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@storefront/commerce';
import { z } from 'zod';
import { LOCAL_PATH_MAX_LENGTH } from '../../platform/local-path.js';
import { shippingAddress } from '../checkout/schema.js';
import { shippingAddressReply } from '../orders/view.js';
import { subscriptionReply } from '../subscriptions/schema.js';

/** The wire contract of the customer account API; plain HTML forms post the same fields. */

export const accountEmail = z
  .string(ACCOUNT_MESSAGES.invalidEmail)
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH, ACCOUNT_MESSAGES.invalidEmail)
  .refine(isValidEmail, ACCOUNT_MESSAGES.invalidEmail);

const newPassword = z
  .string(ACCOUNT_MESSAGES.passwordTooShort)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooShort);

/** Where a plain sign-in or sign-up form goes next (the page that asked the shopper to sign in). */
const returnTo = z
  .string()
  .max(LOCAL_PATH_MAX_LENGTH)
  .optional()
  .describe('A path of this site to go on to after a plain form signs in; anything else goes to /account');

export const signUpBody = z.object({ email: accountEmail, password: newPassword, returnTo });

/** Sign-in checks nothing about the shape: a malformed email is just a wrong one (401). */
export const signInBody = z.object({
  email: z.string('').trim().toLowerCase().max(EMAIL_MAX_LENGTH),
  password: z.string('').max(PASSWORD_MAX_LENGTH),
  returnTo,
});

export const emailBody = z.object({ email: accountEmail });
/** The emailed link carries `returnTo` on: using it goes back to the page that asked for a sign-in. */
export const signInLinkBody = z.object({ email: accountEmail, returnTo });

const linkToken = z
  .string(ACCOUNT_MESSAGES.linkInvalid)
  .regex(/^[0-9a-f]{64}$/, ACCOUNT_MESSAGES.linkInvalid);

export const useLinkBody = z.object({ token: linkToken, returnTo });
export const setPasswordBody = z.object({ token: linkToken, password: newPassword });

export const addressBody = shippingAddress;

export const idParams = z.object({ id: z.string().min(1).max(64) });

export const subscriptionChangeBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('pause') }),
  z.object({ action: z.literal('resume') }),
  z.object({ action: z.literal('cancel') }),
  z.object({
    action: z.literal('reschedule'),
    /** A calendar day (YYYY-MM-DD) in the store's time zone. */
    nextBillingDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ACCOUNT_MESSAGES.nextDateInvalid),
  }),
]);

/** Spec §7 POST /api/site-users/account/notifications/restock. */
export const accountRestockBody = z.object({
  productId: z.string().min(1, 'productId is required').max(64),
  variantId: z.string().min(1, 'variantId is required').max(200),
  language: z.string().max(35).nullable().optional(),
});

export type AccountRestockBody = z.infer<typeof accountRestockBody>;

/** The signed-in shopper (service's SiteUserView). */
export const siteUserReply = z
  .object({ id: z.string(), email: z.string(), hasPassword: z.boolean() })
  .meta({ id: 'SiteUser' });

/** Sign-up, sign-in, a sign-in link used, a password set: the shopper now signed in. */
export const signedInReply = z.object({ siteUser: siteUserReply });

/** A link or reset mail on its way (202). */
export const messageReply = z.object({ message: z.string() });

export const savedAddressReply = z.object({ id: z.string(), ...shippingAddressReply.shape });

/** GET /api/site-users/account: what the account page shows. */
export const accountReply = z.object({
  siteUser: siteUserReply,
  orders: z.array(
    z.object({
      id: z.string(),
      /** What the shopper knows the order by: '#1001'. */
      number: z.string(),
      created: z.number(),
      createdText: z.string(),
      status: z.string(),
      totalText: z.string(),
      itemsText: z.string(),
      statusUrl: z.string(),
    }),
  ),
  subscriptions: z.array(subscriptionReply),
  addresses: z.array(savedAddressReply),
  restockNotifications: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string(),
      sku: z.string(),
      productName: z.string().nullable(),
      variantText: z.string(),
      productUrl: z.string().nullable(),
      created: z.number(),
      notified: z.number().nullable(),
    }),
  ),
});

export const addressReply = z.object({ address: savedAddressReply });
export const accountSubscriptionReply = z.object({ subscription: subscriptionReply });

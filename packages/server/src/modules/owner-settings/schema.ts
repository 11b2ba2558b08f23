/** The owner's settings form (GET/PATCH /api/config/settings): zod only, no Node imports. */
import { CURRENCIES, isValidEmail } from '@storefront/commerce';
import { z } from 'zod';
import { announcementSchema, footerSchema, websiteSchema } from '../catalog/import-schema.js';

export const SUCCESS_TEXT_MAX_LENGTH = 500;
/** RFC 5321 caps an address at 254 characters; a display name beside it fits this. */
export const MAIL_FROM_MAX_LENGTH = 320;
export const PUBLIC_URL_MAX_LENGTH = 2000;
/** Longest site password (a passphrase fits). */
export const SITE_PASSWORD_MAX_LENGTH = 200;

export const SETTINGS_MESSAGES = {
  currency: `Choose one of the store currencies: ${CURRENCIES.join(', ')}.`,
  mailFrom: 'Enter an address such as shop@example.com or "My Shop <shop@example.com>".',
  publicUrl: 'Enter the address shoppers use, starting with http:// or https://, without ? or #.',
  sitePassword: `A site password is at most ${SITE_PASSWORD_MAX_LENGTH} characters.`,
} as const;

/** "shop@example.com" or "My Shop <shop@example.com>"; never a line break (a header injection). */
const SENDER_RE = /^(?:([^<>\r\n]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/;
export function validSender(value: string): boolean {
  const m = SENDER_RE.exec(value);
  return !!m && isValidEmail(m[2] ?? m[3]);
}

function validPublicUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/[?#]/.test(value);
  } catch {
    return false;
  }
}

/** An empty text field clears the setting (null), as the form shows it. */
const clearable = (schema: z.ZodType<string>) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

/** PATCH /api/config/settings: only the settings given change. */
export const settingsBody = z.strictObject({
  currency: z.enum(CURRENCIES, SETTINGS_MESSAGES.currency).optional(),
  /** A valid IANA time zone, as the catalog import checks it. */
  timeZone: websiteSchema.shape.timeZone.unwrap().optional(),
  /** Overrides MAIL_FROM; null goes back to it. */
  mailFrom: clearable(
    z
      .string()
      .trim()
      .max(MAIL_FROM_MAX_LENGTH, SETTINGS_MESSAGES.mailFrom)
      .refine(validSender, SETTINGS_MESSAGES.mailFrom),
  ),
  /** Overrides PUBLIC_URL; null goes back to it. */
  publicUrl: clearable(
    z
      .string()
      .trim()
      .max(PUBLIC_URL_MAX_LENGTH, SETTINGS_MESSAGES.publicUrl)
      .refine(validPublicUrl, SETTINGS_MESSAGES.publicUrl)
      .transform((v) => v.replace(/\/+$/, '')),
  ),
  /** The bar above every page; null takes it away. */
  announcement: announcementSchema.nullable().optional(),
  /** Every page's footer: policy links, contact details, social accounts. */
  footer: footerSchema.optional(),
  /** Spec §2 lock screen: every storefront page asks for it; null or '' opens the site. */
  sitePassword: z
    .string()
    .max(SITE_PASSWORD_MAX_LENGTH, SETTINGS_MESSAGES.sitePassword)
    .nullable()
    .optional(),
  /** Spec §3 store settings. */
  storeSettings: z
    .strictObject({
      useLightCart: z.boolean().optional(),
      restockNotificationsSuccessText: clearable(z.string().trim().max(SUCCESS_TEXT_MAX_LENGTH)),
      displayNativeProductReviewsEnabled: z.boolean().optional(),
      displayImportedProductReviewsEnabled: z.boolean().optional(),
      multipleQuantityAllowedForServices: z.boolean().optional(),
      restockAutoSend: z.boolean().optional(),
    })
    .optional(),
});
export type SettingsBody = z.output<typeof settingsBody>;

/** The bar above every page. */
const announcementReply = z.object({ text: z.string(), url: z.string().optional() });

/** Every page's footer: policy links, contact details, social accounts (spec §3). */
const footerReply = z.object({
  policies: z.array(z.object({ title: z.string(), url: z.string() })),
  contactEmail: z.string().optional(),
  contactPhone: z.string().optional(),
  contactAddress: z.string().optional(),
  socialAccounts: z.array(
    z.object({ serviceName: z.string(), userName: z.string(), profileUrl: z.string() }),
  ),
  /** The newsletter sign-up form in every storefront page's footer. */
  newsletterSignUp: z.boolean(),
});

/** GET and PATCH /api/config/settings: what the owner set, and what is in force where they set nothing. */
export const settingsReply = z.object({
  settings: z.object({
    siteTitle: z.string(),
    currency: z.string(),
    timeZone: z.string(),
    mailFrom: z.string().nullable(),
    publicUrl: z.string().nullable(),
    announcement: announcementReply.nullable(),
    footer: footerReply,
    storeSettings: z.object({
      useLightCart: z.boolean(),
      restockNotificationsSuccessText: z.string().nullable(),
      displayNativeProductReviewsEnabled: z.boolean(),
      displayImportedProductReviewsEnabled: z.boolean(),
      multipleQuantityAllowedForServices: z.boolean(),
      restockAutoSend: z.boolean(),
    }),
    /** The storefront asks visitors for the site password (never shown back). */
    sitePasswordSet: z.boolean(),
    /** The sender and address mails use now (the override, else MAIL_FROM / PUBLIC_URL). */
    effective: z.object({ mailFrom: z.string(), publicUrl: z.string().nullable() }),
  }),
});

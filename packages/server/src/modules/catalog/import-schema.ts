/**
 * The wire contract of a catalog import file (docs/import-format.md). Shapes and per-field rules
 * live here; rules that relate one part of the file to another live in import.ts.
 */
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DONATION_PRESETS_MAX,
  isValidEmail,
  MAX_COLLECTION_TYPE,
  MAX_INTEGER_PLACES,
  MIN_COLLECTION_TYPE,
  ProductType,
  regionsFor,
} from '@storefront/commerce';
import { z } from 'zod';
import { DEFAULT_INSTALLMENTS } from '../context/installments.js';

/** Spec §9: "The default time zone is America/New_York." */
export const DEFAULT_TIME_ZONE = 'America/New_York';
/** Locale used when the file names none (matches the websites table default). */
export const DEFAULT_LOCALE = 'en-US';

export { MAX_COLLECTION_TYPE, MIN_COLLECTION_TYPE } from '@storefront/commerce';

/** Spec §3 record types: "store item 11" — every imported product is a store item. */
export const STORE_ITEM_RECORD_TYPE = 11;

/** Spec §1: "physical 1, digital 2, service 3, gift card 4, paywall 5". */
export const PRODUCT_TYPES = [
  ProductType.PHYSICAL,
  ProductType.DIGITAL,
  ProductType.SERVICE,
  ProductType.GIFT_CARD,
  ProductType.PAYWALL,
] as const;

/** Spec §3 subscriptionPlan.billingPeriod.unit. */
export const BILLING_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;

/** Spec §3 "Form field types": date, name, time, address, checkbox, likert, radio, select, phone and single-value fields; plus section (spec §5 "Section fields are skipped"). */
export const SINGLE_VALUE_FIELD_TYPES = ['text', 'email', 'textarea', 'number', 'website'] as const;
export const CHOICE_FIELD_TYPES = ['checkbox', 'radio', 'select', 'likert'] as const;
export const MULTI_PART_FIELD_TYPES = ['date', 'name', 'time', 'address', 'phone'] as const;

/** Where restock and scarcity blocks may appear (merchandising restockNotificationViews / scarcityTemplateViews). */
export const MERCHANDISING_VIEWS = ['product-page', 'quick-view', 'product-block'] as const;

/** Ids and SKUs are stable keys for re-import; ids fit the varchar(64) id columns. */
const ID_RE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A non-negative decimal amount; its fraction digits are checked against the store currency in import.ts. */
const DECIMAL_RE = new RegExp(`^\\d{1,${MAX_INTEGER_PLACES}}(\\.\\d+)?$`);
const SKU_MAX_LENGTH = 200;
const SLUG_MAX_LENGTH = 200;
/** Recipients of one form's submission emails: a team, not a mailing list. */
const MAX_NOTIFICATION_EMAILS = 10;

const id = z
  .string()
  .regex(ID_RE, 'must be 1–64 letters, digits, "_", ".", ":" or "-", starting with a letter or digit');
const slug = z
  .string()
  .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_RE, 'must be lowercase letters and digits separated by single hyphens, e.g. "linen-shirt"');
const text = z.string().trim().min(1, 'must not be empty');
const decimal = z.string().regex(DECIMAL_RE, 'must be a decimal string such as "25.00" (no sign, no symbol)');
const minor = z.number().int('must be a whole number of minor units').min(0, 'must not be negative');
const timeZone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'must be an IANA time zone such as "America/New_York"');
const locale = z.string().refine((tag) => {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}, 'must be a BCP 47 language tag such as "en-US"');

/** Longest announcement, one line on a desktop. */
export const ANNOUNCEMENT_MAX_LENGTH = 160;
export const FOOTER_LINKS_MAX = 12;
/** A link a shopper follows: a path on this site ("/returns") or an http(s) address. */
const linkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^\s]+$/.test(v),
    'must be a path such as "/returns" or an address starting with https://',
  );

/** The bar above the header (e.g. "Free shipping on orders over $75"), optionally a link. */
/** A blank optional text (an emptied form field) is the same as none. */
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/** An empty text is no announcement (the owner emptied the field). */
export const announcementSchema = z.strictObject({
  text: z
    .string()
    .trim()
    .max(ANNOUNCEMENT_MAX_LENGTH, `must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`),
  url: blankIsNone(linkUrl),
});

/** What every page's footer shows: policy pages, contact details, social accounts (spec §3). */
export const footerSchema = z.strictObject({
  policies: z
    .array(z.strictObject({ title: text.max(80), url: linkUrl }))
    .max(FOOTER_LINKS_MAX)
    .default([]),
  contactEmail: blankIsNone(z.email('must be an email address').max(256)),
  contactPhone: blankIsNone(z.string().trim().max(40)),
  contactAddress: blankIsNone(z.string().trim().max(300)),
  /** Spec §3 "Social account": userName, profileUrl, serviceName. */
  socialAccounts: z
    .array(
      z.strictObject({
        serviceName: text.max(40),
        userName: z.string().trim().max(100).default(''),
        profileUrl: linkUrl,
      }),
    )
    .max(FOOTER_LINKS_MAX)
    .default([]),
  /** Every page's footer offers the site's newsletter form (the first with a mailing list); false: none. */
  newsletterSignUp: z.boolean().default(true),
});
export type SiteFooter = z.output<typeof footerSchema>;
export type Announcement = z.output<typeof announcementSchema>;

export const websiteSchema = z.strictObject({
  id,
  siteTitle: text,
  timeZone: timeZone.default(DEFAULT_TIME_ZONE),
  currency: z.enum(CURRENCIES, `must be one of ${CURRENCIES.join(', ')}`).default(DEFAULT_CURRENCY),
  locale: locale.default(DEFAULT_LOCALE),
  announcement: announcementSchema.optional(),
  footer: footerSchema.optional(),
});

/** An ISO 3166-1 alpha-2 country code, upper case. */
const COUNTRY_RE = /^[A-Z]{2}$/;

/** Spec §3 "Installment context per item"; amounts in minor units of the store currency. */
export const installmentsSchema = z
  .strictObject({
    afterPayAvailable: z.boolean().default(DEFAULT_INSTALLMENTS.afterPayAvailable),
    afterPayMin: minor.default(DEFAULT_INSTALLMENTS.afterPayMin),
    afterPayMax: minor.default(DEFAULT_INSTALLMENTS.afterPayMax),
    stripeAccountCountry: z
      .string()
      .regex(COUNTRY_RE, 'must be a two-letter country code in capitals, e.g. "US"')
      .default(DEFAULT_INSTALLMENTS.stripeAccountCountry),
    shopperLanguage: locale.default(DEFAULT_INSTALLMENTS.shopperLanguage),
  })
  .refine((i) => i.afterPayMin < i.afterPayMax, {
    message: 'afterPayMin must be below afterPayMax',
    path: ['afterPayMax'],
  });

export const storeSettingsSchema = z.strictObject({
  useLightCart: z.boolean().default(false),
  restockNotificationsSuccessText: z.string().nullable().default(null),
  displayNativeProductReviewsEnabled: z.boolean().default(false),
  displayImportedProductReviewsEnabled: z.boolean().default(false),
  /** Spec §3: "multipleQuantityAllowedForServices (default true)". */
  multipleQuantityAllowedForServices: z.boolean().default(true),
  installments: installmentsSchema.prefault({}),
});

const fieldBase = {
  id,
  title: text,
  description: z.string().optional(),
  required: z.boolean().default(false),
};
const options = z.array(text).min(1, 'must list at least one option');

export const formFieldSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      ...fieldBase,
      type: z.enum(SINGLE_VALUE_FIELD_TYPES),
      placeholder: z.string().optional(),
      /** Spec §5: a textarea over its max length is refused ("n / max" counter). */
      maxLength: z.number().int().positive().optional(),
    }),
    z.strictObject({ ...fieldBase, type: z.enum(CHOICE_FIELD_TYPES), options }),
    z.strictObject({ ...fieldBase, type: z.enum(MULTI_PART_FIELD_TYPES) }),
    z.strictObject({ id, type: z.literal('section'), title: text, description: z.string().optional() }),
  ],
  {
    error: `must have a type: one of ${[...SINGLE_VALUE_FIELD_TYPES, ...CHOICE_FIELD_TYPES, ...MULTI_PART_FIELD_TYPES, 'section'].join(', ')}`,
  },
);

export const formSchema = z.strictObject({
  id,
  name: text,
  fields: z.array(formFieldSchema).min(1, 'must have at least one field'),
  successRedirect: z
    .string()
    .regex(/^(\/(?!\/)|https?:\/\/)\S*$/, 'must be a path such as /thank-you or an http(s):// address')
    .nullable()
    .default(null),
  /** Spec §4: shown in place of the form after a submission. */
  successText: z.string().min(1).nullable().default(null),
  /** Spec §4: the owner's HTML run after a submission. */
  postSubmitHtml: z.string().min(1).nullable().default(null),
  /** Publishes the form on its own page at /{pageSlug}. */
  pageSlug: slug.nullable().default(null),
  captchaEnabled: z.boolean().default(false),
  /** Who is emailed each submission (none: submissions are only stored). */
  notificationEmails: z
    .array(z.string().trim().refine(isValidEmail, 'must be an email address like user@domain.com'))
    .max(MAX_NOTIFICATION_EMAILS, `must list at most ${MAX_NOTIFICATION_EMAILS} addresses`)
    .default([]),
  /** A newsletter form: its email field's address is signed up to this mailing list (double opt-in). */
  mailingListId: id.nullable().default(null),
  /** A newsletter form shown under the form of every form page. */
  newsletterOnFormPages: z.boolean().default(false),
  /** A newsletter form offered in the popup overlay (page type 104). */
  newsletterPopup: z.boolean().default(false),
});

export const collectionSchema = z.strictObject({
  id,
  title: text,
  urlSlug: slug,
  type: z
    .number()
    .int()
    .min(MIN_COLLECTION_TYPE, `must be ${MIN_COLLECTION_TYPE}–${MAX_COLLECTION_TYPE}`)
    .max(MAX_COLLECTION_TYPE, `must be ${MIN_COLLECTION_TYPE}–${MAX_COLLECTION_TYPE}`),
  typeName: text,
  description: z.string().optional(),
});

export const imageSchema = z.strictObject({
  assetUrl: text,
  altText: z.string().optional(),
  /** Spec §3 Image: originalSize "WxH". */
  originalSize: z
    .string()
    .regex(/^\d+x\d+$/, 'must be "WIDTHxHEIGHT" in pixels, e.g. "1200x1200"')
    .optional(),
});

const subscriptionPlanSchema = z.strictObject({
  billingPeriod: z.strictObject({
    value: z.number().int().positive('must be at least 1'),
    unit: z.enum(BILLING_UNITS),
  }),
  /** 0 or null: the subscription renews until cancelled. */
  numBillingCycles: z.number().int().min(0).nullable().default(null),
});

const merchandisingSchema = z.strictObject({
  restockNotificationViews: z.array(z.enum(MERCHANDISING_VIEWS)).optional(),
  restockNotificationMessages: z
    .strictObject({
      buttonText: z.string().optional(),
      CTAText: z.string().optional(),
      placeholderText: z.string().optional(),
      mailingListDescription: z.string().optional(),
    })
    .default({}),
  mailingListSignUpEnabled: z.boolean().default(false),
  mailingListOptInByDefault: z.boolean().default(false),
  scarcityEnabled: z.boolean().default(false),
  scarcityTemplateViews: z.array(z.enum(MERCHANDISING_VIEWS)).optional(),
  scarcityText: z.string().optional(),
  scarcityShownByDefault: z.boolean().default(false),
  customSoldOutText: z.string().optional(),
  /** How the product page offers the variant options: one dropdown per option, or radio buttons. */
  variantSelector: z.enum(['dropdown', 'radio']).default('dropdown'),
});

export const variantSchema = z.strictObject({
  sku: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(SKU_MAX_LENGTH, `must be at most ${SKU_MAX_LENGTH} characters`),
  attributes: z.record(text, text).default({}),
  price: decimal.optional(),
  priceCents: minor.optional(),
  salePrice: decimal.optional(),
  salePriceCents: minor.optional(),
  onSale: z.boolean().optional(),
  qtyInStock: z.number().int('must be a whole number').min(0, 'must not be negative').optional(),
  unlimited: z.boolean().optional(),
  /** The product image this variant shows when picked: that image's assetUrl or mediaId. */
  image: text.optional(),
});

/** Longest category or tag name, and most of each on one product. */
export const TERM_NAME_MAX_LENGTH = 60;
export const TERMS_PER_PRODUCT_MAX = 20;
const termNames = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(TERM_NAME_MAX_LENGTH, `must be at most ${TERM_NAME_MAX_LENGTH} characters`),
  )
  .max(TERMS_PER_PRODUCT_MAX, `must list at most ${TERMS_PER_PRODUCT_MAX} names`)
  .transform((names) =>
    names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i),
  )
  .default([]);

export const productSchema = z.strictObject({
  id,
  collectionId: id,
  urlSlug: slug,
  name: text,
  productType: z.union(
    PRODUCT_TYPES.map((n) => z.literal(n)),
    'must be 1 (physical), 2 (digital), 3 (service), 4 (gift card) or 5 (paywall)',
  ),
  description: z.string().default(''),
  excerpt: z.string().optional(),
  images: z.array(imageSchema).default([]),
  onSale: z.boolean().optional(),
  isSubscribable: z.boolean().default(false),
  subscriptionPlan: subscriptionPlanSchema.optional(),
  productSubscriptionOptions: z.array(z.strictObject({ id, title: z.string().optional() })).optional(),
  additionalFieldsFormId: id.optional(),
  useCustomAddButtonText: z.boolean().default(false),
  customAddButtonText: z.string().optional(),
  audioAssetUrl: text.optional(),
  variantOptionOrdering: z.array(text).optional(),
  merchandising: merchandisingSchema.optional(),
  /** Adding to the cart goes straight on to checkout (spec §4 step 6 "Express checkout"). */
  expressCheckout: z.boolean().default(false),
  /** Digital only: a shopper may buy more than one licence per order (else one, quantity 1). */
  multipleQuantityAllowed: z.boolean().optional(),
  /** A donation: the visitor types the amount, within these (minor units of the store currency). */
  donation: z
    .strictObject({
      minCents: minor.min(1, 'must be at least 1').optional(),
      maxCents: minor.optional(),
      presetsCents: z.array(minor.min(1, 'must be at least 1')).max(DONATION_PRESETS_MAX).optional(),
    })
    .optional(),
  /** What shoppers filter the product list by (`?category=`, `?tag=`). */
  categories: termNames,
  tags: termNames,
  variants: z.array(variantSchema).min(1, 'must have at least one variant'),
});

/** A moment as ISO 8601 with a zone ("2025-01-31T23:59:59Z"), read as ms since epoch. */
const instant = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
    'must be an ISO 8601 date-time with a zone, e.g. "2025-01-31T23:59:59Z"',
  )
  .transform((v) => Date.parse(v));
const country = z.string().regex(COUNTRY_RE, 'must be a two-letter country code in capitals, e.g. "US"');
/** Rates carry up to 6 decimal places (commerce computes percentages at that precision). */
const percent = z
  .number()
  .min(0, 'must not be negative')
  .max(100, 'must be at most 100')
  .refine((n) => Number(n.toFixed(6)) === n, 'must have at most 6 decimal places');

/** A tax rule's fields; taxRuleSchema adds the region check (the owner's API reuses both without the id). */
export const taxRuleFields = z.strictObject({
  id,
  name: text,
  country,
  region: z.string().trim().min(1, 'must not be empty').max(16).optional(),
  ratePercent: percent,
  appliesToShipping: z.boolean().default(false),
});

/** A country with a region list (commerce regions) takes only its region codes. */
export function checkTaxRuleRegion(rule: { country: string; region?: string }, ctx: z.RefinementCtx): void {
  const regions = regionsFor(rule.country);
  if (rule.region !== undefined && regions.length > 0 && !regions.some((r) => r.code === rule.region))
    ctx.addIssue({
      code: 'custom',
      path: ['region'],
      message: `must be a region code of ${rule.country} such as "${regions[0].code}"`,
    });
}

/** A tax rule of a country or of one of its regions; rules that match an address add up. */
export const taxRuleSchema = taxRuleFields.superRefine(checkTaxRuleRegion);

export const shippingOptionSchema = z.strictObject({
  id,
  name: text,
  costCents: minor,
  freeOverCents: minor.optional(),
  /** Omitted or empty: ships anywhere. */
  countries: z.array(country).default([]),
});

export const COUPON_TYPES = ['percentage', 'fixed', 'free-shipping'] as const;
const COUPON_CODE_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const couponSchema = z
  .strictObject({
    code: z.string().regex(COUPON_CODE_RE, 'must be 1–64 letters, digits, "_" or "-"'),
    type: z.enum(COUPON_TYPES, `must be one of ${COUPON_TYPES.join(', ')}`),
    percent: percent.optional(),
    amountCents: minor.optional(),
    minSubtotalCents: minor.optional(),
    validFrom: instant.optional(),
    validUntil: instant.optional(),
    active: z.boolean().default(true),
    appliesToGiftCards: z.boolean().default(false),
    combinable: z.boolean().default(true),
    maxUses: z.number().int().min(1, 'must be at least 1').optional(),
    maxUsesPerCustomer: z.number().int().min(1, 'must be at least 1').optional(),
  })
  .superRefine((c, ctx) => {
    if (c.type === 'percentage' && c.percent === undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'is required for a percentage coupon' });
    if (c.type === 'fixed' && c.amountCents === undefined)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'is required for a fixed coupon' });
    if (c.type !== 'percentage' && c.percent !== undefined)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'is only for percentage coupons' });
    if (c.type !== 'fixed' && c.amountCents !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'is only for fixed coupons' });
    if (c.validFrom !== undefined && c.validUntil !== undefined && c.validFrom > c.validUntil)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'must not be before validFrom' });
  });

export const catalogFileSchema = z.strictObject({
  website: websiteSchema,
  storeSettings: storeSettingsSchema.optional(),
  forms: z.array(formSchema).default([]),
  collections: z.array(collectionSchema).default([]),
  products: z.array(productSchema).default([]),
  taxRules: z.array(taxRuleSchema).optional(),
  shippingOptions: z.array(shippingOptionSchema).optional(),
  coupons: z.array(couponSchema).optional(),
});

/** A catalog file as written (defaults not yet applied). */
export type CatalogInput = z.input<typeof catalogFileSchema>;
export type CatalogFile = z.output<typeof catalogFileSchema>;
export type CatalogProduct = CatalogFile['products'][number];
export type CatalogVariant = CatalogProduct['variants'][number];
export type CatalogForm = CatalogFile['forms'][number];
export type FormField = z.output<typeof formFieldSchema>;
export type Merchandising = z.output<typeof merchandisingSchema>;

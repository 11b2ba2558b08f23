import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Columns are portable between SQLite and PostgreSQL: booleans are
 * integers 0/1, JSON is text, money is an integer of minor units, times are ms since epoch.
 */
export interface WebsiteTable {
  id: string;
  site_title: string;
  time_zone: string;
  currency: string;
  locale: string;
  created_at: number;
  /** Sender of the site's mails; null: MAIL_FROM (or the built-in sender). */
  mail_from: string | null;
  /** The address links in mails point to; null: PUBLIC_URL. */
  public_url: string | null;
  /** 1: the census-disable flag (spec §6), nothing is recorded. */
  census_disabled: Generated<number>;
  /** 'off' or 'banner' (CookieConsentMode). */
  cookie_consent: Generated<string>;
  /** JSON { text, url? }: the announcement bar above the header; null: none. */
  announcement: string | null;
  /** JSON SiteFooter (site/service.ts): contact, social links and policy links; null: none. */
  footer: string | null;
  /** Spec §3 site settings: 0 hides every comment section. */
  comments_enabled: Generated<number>;
  simple_liking_enabled: Generated<number>;
  /** JSON array of share services. */
  share_button_options: Generated<string>;
  /** 1: purchases of test-mode orders count in the analytics funnel (migration 0022). */
  analytics_test_purchases: Generated<number>;
  /** argon2id hash of the site password (spec §2 lock screen); null: the site is open (migration 0024). */
  site_password_hash: string | null;
  /** Meta pixel id (15–16 digits); null: none (migration 0027). */
  meta_pixel_id: string | null;
  /** Google tag id (G-… or AW-…); null: none (migration 0027). */
  google_tag_id: string | null;
}

export interface StoreSettingsTable {
  website_id: string;
  use_light_cart: number;
  restock_notifications_success_text: string | null;
  display_native_product_reviews_enabled: number;
  display_imported_product_reviews_enabled: number;
  multiple_quantity_allowed_for_services: number;
  /** Installment context (spec §3); min and max in minor units of the store currency. */
  installments_available: Generated<number>;
  installments_min_cents: Generated<number>;
  installments_max_cents: Generated<number>;
  installments_account_country: Generated<string>;
  installments_shopper_language: Generated<string>;
  /** 1: a variant's waitlist is mailed by itself when its stock goes from 0 to above 0. */
  restock_auto_send: Generated<number>;
  /** Days after a paid order its reviews-request email goes out (migration 0025). */
  reviews_request_delay_days: Generated<number>;
}

export interface CollectionTable {
  id: string;
  website_id: string;
  /** Collection type number of spec §3 (1–25). */
  type: number;
  /** 'products' for store pages; the page resolver keys on it. */
  type_name: string;
  title: string;
  url_slug: string;
  description: string | null;
  position: number;
  /** Spec §3 Collection folder: 1 when the collection is a folder of others. */
  folder: Generated<number>;
  /** Spec §3 folder behaviour: index 1, redirect 2, none 3, variation 4 (folders only). */
  folder_behavior: number | null;
  /** The folder this collection sits in, if any. */
  parent_id: string | null;
  /** 1: served at its URL but not linked from the header (policy pages, linked from the footer). */
  not_linked: Generated<number>;
  /** JSON array of the paywall products that open the whole collection (issue 16); null: open (migration 0028). */
  member_products: Generated<string | null>;
}

export interface ProductTable {
  id: string;
  website_id: string;
  collection_id: string;
  record_type: number;
  product_type: number;
  name: string;
  url_slug: string;
  description: string | null;
  excerpt: string | null;
  /** JSON array of { assetUrl, altText?, originalSize? }. */
  images: string;
  on_sale: number;
  is_subscribable: number;
  /** JSON { billingPeriod: { value, unit }, numBillingCycles } or null. */
  subscription_plan: string | null;
  /** JSON array of { id, … } or null. */
  product_subscription_options: string | null;
  additional_fields_form_id: string | null;
  use_custom_add_button_text: number;
  custom_add_button_text: string | null;
  audio_asset_url: string | null;
  /** JSON array of option names in display order. */
  variant_option_ordering: string;
  /** JSON merchandising context of spec §3 (restock and scarcity settings) or null. */
  merchandising: string | null;
  /** 1: adding to the cart goes straight on to checkout (spec §4 step 6). */
  express_checkout: Generated<number>;
  /** 0: a draft the owner has not published; the storefront does not show it. */
  published: Generated<number>;
  /** The media asset (kind 'file') a digital product delivers through its download links. */
  digital_file_id: string | null;
  /** JSON { minCents, maxCents, presetsCents }: a donation, whose amount the visitor types; else null. */
  donation?: string | null;
  /** 1: a digital product may be bought more than once per order (else one licence, quantity 1). */
  multiple_quantity_allowed: Generated<number>;
  /** JSON arrays of names: what the product list filters by. */
  categories: Generated<string>;
  tags: Generated<string>;
  position: number;
  created_at: number;
  updated_at: number;
}

export interface VariantTable {
  id: string;
  product_id: string;
  website_id: string;
  sku: string;
  /** JSON object option name → value. */
  attributes: string;
  price_cents: number;
  sale_price_cents: number;
  on_sale: number;
  qty_in_stock: number;
  unlimited: number;
  position: number;
  /** The product image shown when this variant is picked: its media id or URL; null: none. */
  image: string | null;
}

export interface FormTable {
  id: string;
  website_id: string;
  name: string;
  /** JSON array of form fields. */
  fields: string;
  success_redirect: string | null;
  captcha_enabled: number;
  /** JSON array of the addresses a submission is emailed to. */
  notification_emails: Generated<string>;
  /** Shown in place of the form once it is submitted (none: a default thank-you). */
  success_text: string | null;
  /** The owner's HTML run after a submission (e.g. a conversion snippet). */
  post_submit_html: string | null;
  /** Published on its own page at /{page_slug}; null: only where a page places it. */
  page_slug: string | null;
  updated_at: Generated<number>;
  /** A newsletter form: accepted submissions sign their email address up to this list. */
  mailing_list_id: string | null;
  newsletter_on_form_pages: Generated<number>;
  newsletter_popup: Generated<number>;
}

export interface MailingListTable {
  id: string;
  website_id: string;
  name: string;
  description: Generated<string>;
  created_at: number;
}

export type SubscriberStatus = 'pending' | 'subscribed' | 'unsubscribed';

export interface NewsletterSubscriberTable {
  id: string;
  website_id: string;
  list_id: string;
  email: string;
  status: SubscriberStatus;
  confirm_token_hash: string | null;
  confirm_sent_at: number | null;
  unsubscribe_token: string;
  source: 'form' | 'popup' | 'import';
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

export interface NewsletterCampaignTable {
  id: string;
  website_id: string;
  list_id: string | null;
  subject: Generated<string>;
  body: Generated<string>;
  track_opens: Generated<number>;
  status: 'draft' | 'sent';
  recipient_count: Generated<number>;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
}

export interface NewsletterDeliveryTable {
  campaign_id: string;
  subscriber_id: string;
  outbox_id: string;
  open_token: string | null;
  opened_at: number | null;
}

/** A captcha answer already used; kept until the answer would have expired anyway. */
export interface CaptchaSpentTable {
  answer_hash: string;
  website_id: string;
  expires_at: number;
}

/** A single-use key for one form submission; only its SHA-256 is kept. */
export interface FormSubmissionKeyTable {
  key_hash: string;
  website_id: string;
  created_at: number;
  expires_at: number;
}

export interface FormSubmissionTable {
  id: string;
  website_id: string;
  form_id: string;
  /** JSON object of the answers keyed by field id. */
  answers: string;
  created_at: number;
}

export interface CartTable {
  id: string;
  website_id: string;
  token: string;
  order_id: string | null;
  currency: string;
  is_purchased: number;
  created_at: number;
  updated_at: number;
  /** The customer account whose cart this is; null for a visitor's. */
  site_user_id: Generated<string | null>;
}

export interface CartEntryTable {
  id: string;
  cart_id: string;
  item_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  /** Hash of additional_fields ('' when none): the merge key beside sku, short enough to index. */
  fields_key: string;
  purchase_price_cents: number;
  created_at: number;
}

/** Back-in-stock waitlist (spec §3 "Waitlist signup"); one row per product, variant and email. */
export interface RestockSignupTable {
  id: string;
  website_id: string;
  product_id: string;
  variant_id: string;
  sku: string;
  email: string;
  is_join_mailing_list: number;
  language: string | null;
  created_at: number;
  notified_at: number | null;
  /** The customer account that signed up (the account call); null for the visitor form. */
  site_user_id: Generated<string | null>;
}

/** A one-item cart for subscription checkout (/checkout/subscribe?cartToken=…), with the plan and price as they were. */
export interface SubscriptionCartTable {
  id: string;
  website_id: string;
  token: string;
  item_id: string;
  sku: string;
  quantity: number;
  additional_fields: string | null;
  subscription_option_id: string | null;
  /** JSON subscription plan snapshot { billingPeriod: { value, unit }, numBillingCycles }. */
  plan: string;
  price_cents: number;
  currency: string;
  created_at: number;
}

/** Append-only quick-view analytics (POST /api/census/RecordQuickView/{id}). */
export interface CensusQuickViewTable {
  id: string;
  website_id: string;
  item_id: string;
  at: number;
}

/** Append-only analytics events (census hits, commerce events, web vitals, error reports). */
export interface AnalyticsEventTable {
  id: string;
  website_id: string;
  at: number;
  /** Days since 1970-01-01 on the store's calendar (its time zone; UTC before migration 0022). */
  day: number;
  kind: string;
  name: string;
  visitor_id: string | null;
  visit_count: number | null;
  path: string;
  referrer: string | null;
  item_id: string | null;
  value: number | null;
  device: string;
  data: string;
  /** ISO 3166 country code the request came from, when a proxy said (migration 0022). */
  country: string | null;
}

/** Daily rollups of the events, one row per (metric, day, key): what the dashboard reads. */
export interface AnalyticsDailyTable {
  website_id: string;
  day: number;
  metric: string;
  key: string;
  count: number;
  total: number;
}

/** One row per visit (visitor id and its visit count), so a visit is counted once. */
export interface AnalyticsVisitTable {
  website_id: string;
  visitor_id: string;
  visit_count: number;
  day: number;
}

/** One row per visitor and day: unique visitors over any range. */
export interface AnalyticsVisitorDayTable {
  website_id: string;
  day: number;
  visitor_id: string;
  /** The visitor's active day before this one (null: none); kept by the writer (migration 0022). */
  previous_day: number | null;
}

/**
 * Visitor-days counted by day and previous active day (-1: none; migration 0023): the visitors
 * of a range are its days' counts whose previous day is before the range.
 */
export interface AnalyticsVisitorDaysDailyTable {
  website_id: string;
  day: number;
  previous_day: number;
  count: number;
}

/** A tax rule of a country, or of one region of it (spec §3 Cart applicableTaxRules); rules that match a place add up. */
export interface TaxRuleTable {
  id: string;
  website_id: string;
  name: string;
  country: string;
  /** Subdivision code without the country prefix (commerce region lists); null: the whole country. */
  region: string | null;
  rate_percent: number;
  applies_to_shipping: number;
  position: number;
}

export interface ShippingOptionTable {
  id: string;
  website_id: string;
  name: string;
  cost_cents: number;
  /** Shipping is free when the subtotal reaches this; null: never free. */
  free_over_cents: number | null;
  /** JSON array of country codes the option ships to; [] ships anywhere. */
  countries: string;
  position: number;
}

export interface CouponTable {
  id: string;
  website_id: string;
  /** Upper case; shoppers may type it in any case. */
  code: string;
  type: 'percentage' | 'fixed' | 'free-shipping';
  percent: number | null;
  amount_cents: number | null;
  min_subtotal_cents: number | null;
  valid_from: number | null;
  valid_until: number | null;
  active: number;
  /** 1: the coupon also discounts gift cards; 0 (default): gift cards are sold at face value. */
  applies_to_gift_cards: Generated<number>;
  /** 1 (default): may be used with other coupons; 0: only alone. */
  combinable: Generated<number>;
  /** Orders that may use the coupon in all; null: no limit. */
  max_uses: number | null;
  /** Orders one customer (email) may use it in; null: no limit. */
  max_uses_per_customer: number | null;
  times_used: Generated<number>;
}

/** One order's use of a coupon: counts toward the coupon's overall and per-customer limits. */
export interface CouponRedemptionTable {
  id: string;
  website_id: string;
  coupon_id: string;
  order_id: string;
  email: string;
  created_at: number;
}

/** A cart's pricing choices: where it ships, the chosen shipping option and the entered coupon codes. */
export interface CartPricingTable {
  cart_id: string;
  country: string | null;
  region: string | null;
  postal_code: string | null;
  shipping_option_id: string | null;
  /** JSON array of upper-case coupon codes in the order entered. */
  coupon_codes: string;
  updated_at: number;
}

/** Transactional outbox: written in the business transaction, drained by the outbox worker. */
export interface OutboxTable {
  id: string;
  website_id: string;
  /** The email template name. */
  kind: string;
  /** JSON { to, template, data }. */
  payload: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  /** A worker's claim lasts until then; a crashed worker's row becomes due again after it. */
  locked_until: number | null;
  claim_token: string | null;
  created_at: number;
  sent_at: number | null;
  last_error: string | null;
  /** What the mail is about ('order:{id}', 'restock:{signup id}'): an order lists the mails it sent. */
  ref: string | null;
}

/** 'reserved' while checkout authorizes the payment (stock, gift card and coupons held, no lock). */
/** 'cancelled': a pay-later plan the shopper declined at the provider (nothing was paid). */
export type OrderStatus = 'reserved' | 'paid' | 'pending' | 'partially_refunded' | 'refunded' | 'cancelled';
export type FulfilmentStatus = 'unfulfilled' | 'fulfilled';

/** A placed order (spec §3 "Order"); money in minor units of `currency`. */
export interface OrderTable {
  id: string;
  website_id: string;
  purchased_cart_id: string | null;
  source_kind: 'cart' | 'gift-card' | 'subscription';
  /** 'cart:{id}', 'subscription:{id}' or 'gift-card:{order id}'; unique, so a cart is bought once. */
  source_key: string;
  /**
   * Payment state: 'reserved' while checkout authorizes; 'paid' once authorized; 'pending' when
   * the payment method settles later; 'partially_refunded' / 'refunded' once some or all of
   * amount_paid_cents went back (owner refunds).
   */
  status: OrderStatus;
  /** 'fulfilled' once the owner marked it shipped (order_fulfilments). */
  fulfilment_status: Generated<FulfilmentStatus>;
  /** What refunds gave back so far; never above amount_paid_cents. */
  refunded_cents: Generated<number>;
  /** When a refund put the order's items back in stock (once per order); null until then. */
  restocked_at: number | null;
  /** JSON [{sku, quantity}] the reservation took off counted stock; null once settled. */
  reserved_stock: string | null;
  test_mode: number;
  email: string;
  /** JSON shipping address or null. */
  shipping_address: string | null;
  /** JSON { id, name, costCents } or null. */
  shipping_option: string | null;
  /** JSON array of the coupon codes applied. */
  coupon_codes: string;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  tax_cents: number;
  grand_total_cents: number;
  gift_card_cents: number;
  amount_paid_cents: number;
  payment_provider: string | null;
  payment_reference: string | null;
  /** Secret in the order's status and confirmation links. */
  access_token: string;
  /** The customer account signed in when it was placed; null for a visitor's order. */
  site_user_id: Generated<string | null>;
  created_at: number;
  /** Friendly number, sequential per store from #1001; null while reserved (taken when placed). */
  number: Generated<number | null>;
  /** JSON billing address; null when billing is the shipping address. */
  billing_address: Generated<string | null>;
  phone: Generated<string | null>;
  /** The shopper's note to the store. */
  note: Generated<string | null>;
}

/** The last order number each store gave out. */
export interface OrderCounterTable {
  website_id: string;
  last_number: number;
}

export interface OrderItemTable {
  id: string;
  order_id: string;
  position: number;
  item_id: string;
  sku: string;
  product_name: string;
  product_type: number;
  quantity: number;
  unit_price_cents: number;
  additional_fields: string | null;
  /** JSON {option name: value} of the variant, in the product's option order; null without options. */
  variant_options: Generated<string | null>;
}

/** One row per checkout idempotency key: the same key answers the same order. */
export interface IdempotencyKeyTable {
  website_id: string;
  key: string;
  request_hash: string;
  order_id: string | null;
  status: 'completed';
  created_at: number;
}

export interface GiftCardTable {
  id: string;
  website_id: string;
  /** 16 characters, stored without the group dashes. */
  code: string;
  currency: string;
  initial_cents: number;
  balance_cents: number;
  issued_order_id: string | null;
  recipient_email: string | null;
  recipient_name: Generated<string | null>;
  /** The buyer's message, delivered with the card. */
  message: Generated<string | null>;
  created_at: number;
}

export interface GiftCardRedemptionTable {
  id: string;
  gift_card_id: string;
  order_id: string;
  amount_cents: number;
  created_at: number;
}

/** A digital item's download link (/downloads/{token}). */
export interface DownloadTable {
  token: string;
  website_id: string;
  order_id: string;
  item_id: string;
  product_name: string;
  created_at: number;
}

export type SubscriptionStatus = 'active' | 'paused' | 'past_due' | 'cancelled' | 'completed';

/** A subscription bought at checkout; the renewal worker bills it at `next_attempt_at`. */
export interface SubscriptionTable {
  id: string;
  website_id: string;
  /** The order that bought it (its first billing cycle). */
  order_id: string;
  status: SubscriptionStatus;
  /** JSON plan snapshot { billingPeriod: { value, unit }, numBillingCycles }. */
  plan: string;
  /** Billing cycles paid for, the first order's included. */
  cycles_billed: number;
  /** The first order's time: billing dates count whole periods from it. */
  started_at: number;
  /** When the next cycle is due; null once the subscription has ended. */
  next_billing_at: number | null;
  /** When the worker next tries to bill: the due date, or a retry after a decline or shortage. */
  next_attempt_at: number | null;
  /** Declined charges of the cycle being billed. */
  failed_attempts: number;
  last_error: string | null;
  item_id: string;
  sku: string;
  product_name: string;
  product_type: number;
  quantity: number;
  unit_price_cents: number;
  additional_fields: string | null;
  currency: string;
  email: string;
  /** JSON shipping address or null. */
  shipping_address: string | null;
  shipping_option_id: string | null;
  payment_provider: string | null;
  /** The provider's reusable token for later charges; null when the provider gave none. */
  payment_token: string | null;
  /** Secret in the subscription's status and cancel links. */
  access_token: string;
  /** A worker's claim lasts until then. */
  locked_until: number | null;
  claim_token: string | null;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
}

/** A person who runs the site (owner's area), with one spec §6 site role. Install-wide, not per website. */
export interface ContributorTable {
  id: string;
  /** Stored lowercased, so sign-in and invites match whatever case was typed. */
  email: string;
  name: string;
  /** Site role number of spec §6. */
  role: number;
  /** argon2id (PHC string); null until a set-password, invite or reset link is used. */
  password_hash: string | null;
  created_at: number;
  disabled: Generated<number>;
}

/** A signed-in contributor's session; the id is the SHA-256 of the cookie's token, never the token. */
export interface OwnerSessionTable {
  id: string;
  contributor_id: string;
  created_at: number;
  /** Sliding: moved forward as the session is used. */
  expires_at: number;
  last_seen: number;
}

/** A customer account of one website; no password until one is set (sign-in by emailed link only). */
export interface SiteUserTable {
  id: string;
  website_id: string;
  email: string;
  password_hash: string | null;
  created_at: number;
}

export interface SiteUserSessionTable {
  id: string;
  site_user_id: string;
  created_at: number;
  expires_at: number;
  last_seen: number;
}

/** One-time links of a customer account (sign in, reset the password); the id is the token's SHA-256. */
export interface SiteUserTokenTable {
  id: string;
  site_user_id: string;
  purpose: 'sign-in' | 'reset';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SiteUserAddressTable {
  id: string;
  site_user_id: string;
  /** JSON address in the checkout's shape. */
  address: string;
  created_at: number;
}

/** One-time link tokens (set a password, reset it, accept an invite); the id is the token's SHA-256. */
export interface ContributorTokenTable {
  id: string;
  contributor_id: string;
  purpose: 'set-password' | 'reset' | 'invite';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Who changed what and when in the owner's area; kept when the contributor is removed. */
export interface AuditLogTable {
  id: string;
  at: number;
  /** Null for changes made from the command line. */
  contributor_id: string | null;
  contributor_email: string | null;
  action: string;
  target: string;
  /** JSON object or null. */
  detail: string | null;
}

/** Money an owner gave back on an order through the payment provider. */
export interface OrderRefundTable {
  id: string;
  website_id: string;
  order_id: string;
  amount_cents: number;
  /** 1: this refund put the order's items back in stock. */
  restocked: number;
  /** 'pending' while the payment provider is asked, 'done' once it refunded. */
  status: Generated<'pending' | 'done'>;
  reason: string | null;
  contributor_email: string | null;
  created_at: number;
}

/** An order marked shipped, with how to follow it. */
export interface OrderFulfilmentTable {
  id: string;
  website_id: string;
  order_id: string;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  contributor_email: string | null;
  created_at: number;
}

/**
 * An uploaded image (its width variants are files in the media storage) or a digital product's
 * file. Alt text and focal point apply to images.
 */
export interface MediaAssetTable {
  id: string;
  website_id: string;
  kind: 'image' | 'file';
  /** The name it was uploaded with. */
  file_name: string;
  /** What the stored files are served as (images) or the uploaded type (files). */
  content_type: string;
  size_bytes: number;
  /** Images: the stored files' extension ('jpg' or 'webp'); null for files. */
  ext: string | null;
  width: number | null;
  height: number | null;
  /** JSON array of the width variants stored, e.g. [100, 300, 500]. */
  widths: Generated<string>;
  alt_text: Generated<string>;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  created_at: number;
}

export interface ContentItemTable {
  id: string;
  website_id: string;
  collection_id: string;
  record_type: number;
  title: string;
  url_slug: string;
  excerpt: string;
  /** JSON array of blocks. */
  blocks: string;
  /** ContentStatus of @storefront/commerce. */
  status: string;
  publish_on: number | null;
  author_name: string;
  main_image_id: string | null;
  asset_url: string;
  external_link: string;
  promoted_block_type: string;
  comment_state: number;
  like_count: number;
  starred: number;
  position: number;
  source_id: string | null;
  created_at: number;
  updated_at: number;
  /** An event's start and end, ms since epoch; null for every other item (migration 0024). */
  event_start: number | null;
  event_end: number | null;
  /** JSON spec §3 Location of an event; null: none. */
  location: string | null;
  /** argon2id hash of the page's password (spec §2 protected content); null: open. */
  password_hash: string | null;
  /** JSON array of the paywall products that open the item (issue 16 member areas); null: open. */
  member_products: Generated<string | null>;
}

export interface ContentTermTable {
  item_id: string;
  /** 'category' or 'tag'. */
  kind: string;
  slug: string;
  name: string;
}

export interface ContentTaxonomyTable {
  collection_id: string;
  kind: string;
  slug: string;
  name: string;
  description: string;
}

export interface ContentCommentTable {
  id: string;
  website_id: string;
  item_id: string;
  parent_id: string | null;
  author_name: string;
  author_email: string;
  author_url: string;
  body: string;
  status: string;
  source_id: string | null;
  created_at: number;
  moderated_at: number | null;
}

export interface ContentLikeTable {
  item_id: string;
  visitor_hash: string;
  created_at: number;
}

export interface SearchDocumentTable {
  doc_id: Generated<number>;
  item_id: string;
  website_id: string;
  title: string;
  body: string;
}

/** The template editor's working copy of one theme template. */
export interface TemplateDraftTable {
  website_id: string;
  template: string;
  source: string;
  updated_at: number;
  updated_by_id: string | null;
  updated_by_email: string | null;
}

/** One published version of a theme template; the newest per template is in force. */
export interface TemplateVersionTable {
  id: string;
  website_id: string;
  template: string;
  number: number;
  /** Null: the theme's own file. */
  source: string | null;
  action: string;
  restored_number: number | null;
  published_at: number;
  published_by_id: string | null;
  published_by_email: string | null;
}

/** A product review: a buyer's (from the reviews-request link) or an imported one. */
export interface ProductReviewTable {
  id: string;
  website_id: string;
  product_id: string;
  source: 'native' | 'imported';
  order_id: string | null;
  rating: number;
  title: string;
  body: string;
  author_name: string;
  status: 'pending' | 'approved' | 'rejected';
  import_key: string | null;
  created_at: number;
  moderated_at: number | null;
}

/** An order's reviews-request link; the id is the SHA-256 of the link's token. */
export interface ReviewRequestTable {
  id: string;
  website_id: string;
  order_id: string;
  created_at: number;
  expires_at: number;
}

export interface DB {
  product_reviews: ProductReviewTable;
  review_requests: ReviewRequestTable;
  content_items: ContentItemTable;
  content_terms: ContentTermTable;
  content_taxonomy: ContentTaxonomyTable;
  content_comments: ContentCommentTable;
  content_likes: ContentLikeTable;
  search_documents: SearchDocumentTable;
  order_refunds: OrderRefundTable;
  order_fulfilments: OrderFulfilmentTable;
  websites: WebsiteTable;
  store_settings: StoreSettingsTable;
  collections: CollectionTable;
  products: ProductTable;
  variants: VariantTable;
  forms: FormTable;
  mailing_lists: MailingListTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  newsletter_campaigns: NewsletterCampaignTable;
  newsletter_deliveries: NewsletterDeliveryTable;
  form_submission_keys: FormSubmissionKeyTable;
  form_submissions: FormSubmissionTable;
  captcha_spent: CaptchaSpentTable;
  carts: CartTable;
  cart_entries: CartEntryTable;
  restock_signups: RestockSignupTable;
  subscription_carts: SubscriptionCartTable;
  census_quick_views: CensusQuickViewTable;
  analytics_events: AnalyticsEventTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_visits: AnalyticsVisitTable;
  analytics_visitor_days: AnalyticsVisitorDayTable;
  analytics_visitor_days_daily: AnalyticsVisitorDaysDailyTable;
  tax_rules: TaxRuleTable;
  shipping_options: ShippingOptionTable;
  coupons: CouponTable;
  coupon_redemptions: CouponRedemptionTable;
  cart_pricing: CartPricingTable;
  outbox: OutboxTable;
  orders: OrderTable;
  order_counters: OrderCounterTable;
  order_items: OrderItemTable;
  idempotency_keys: IdempotencyKeyTable;
  gift_cards: GiftCardTable;
  gift_card_redemptions: GiftCardRedemptionTable;
  downloads: DownloadTable;
  subscriptions: SubscriptionTable;
  contributors: ContributorTable;
  owner_sessions: OwnerSessionTable;
  contributor_tokens: ContributorTokenTable;
  audit_log: AuditLogTable;
  media_assets: MediaAssetTable;
  site_users: SiteUserTable;
  site_user_sessions: SiteUserSessionTable;
  site_user_tokens: SiteUserTokenTable;
  site_user_addresses: SiteUserAddressTable;
  template_drafts: TemplateDraftTable;
  template_versions: TemplateVersionTable;
}

import {
  type CartLineInput,
  type CartTotals,
  type CartTotalsInput,
  type Coupon,
  computeCartTotals,
  formatMoney,
  type GiftCardInput,
  type InvalidCouponReason,
  isCountryCode,
  type Money,
  regionName,
  regionsFor,
  regionWord,
  toMoney,
  validatePostalCode,
} from '@storefront/commerce';
import { readCache } from '../../db/read-cache.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import {
  type CartPricingRow,
  type CouponRow,
  countCustomerRedemptions,
  deletePricingRow,
  findCartPricing,
  findCoupon,
  findCouponsByCodes,
  findShippingOption,
  findTaxRule,
  insertCoupon,
  insertCouponRedemption,
  insertShippingOption,
  insertTaxRule,
  listAllTaxRules,
  listCoupons,
  listShippingOptions,
  listTaxRules,
  nextPosition,
  reverseCouponRedemptionsOfOrder,
  type ShippingOptionRow,
  saveCartPricing,
  type TaxRuleRow,
  takeCouponUse,
  updateCoupon,
  updateShippingOption,
  updateTaxRule,
} from './repo.js';

/** Where a cart ships: a country code, a region code of commerce's region lists and a postal code. */
export interface ShippingLocation {
  country: string;
  region: string | null;
  postalCode: string | null;
}

export interface ShippingLocationView extends ShippingLocation {
  regionName: string | null;
}

/** A shipping option as this cart would pay for it: `costCents` is 0 once the subtotal reaches `freeOverCents`. */
export interface ShippingOptionView {
  id: string;
  name: string;
  costCents: number;
  cost: Money;
  /** The option's own price, before any free-over threshold. */
  baseCostCents: number;
  freeOverCents: number | null;
  countries: string[];
}

export interface TaxRuleView {
  id: string;
  name: string;
  country: string;
  region: string | null;
  ratePercent: number;
  appliesToShipping: boolean;
  /** What the rule adds to this cart. */
  amountCents: number;
}

export interface InvalidCouponView {
  code: string;
  reason: InvalidCouponReason;
  message: string;
  coupon: Coupon;
}

/** The pricing fields of the cart (spec §3 Cart), all computed by commerce's computeCartTotals. */
export interface CartPricingView {
  shippingOptions: ShippingOptionView[];
  selectedShippingOption: ShippingOptionView | null;
  shippingLocation: ShippingLocationView | null;
  applicableTaxRules: TaxRuleView[];
  coupons: Coupon[];
  validCoupons: Coupon[];
  invalidCoupons: InvalidCouponView[];
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

export interface PricingRequest {
  currency: string;
  location?: ShippingLocation | null;
  /** The chosen option; when absent the cheapest available option is chosen. */
  shippingOptionId?: string | null;
  /** Codes as entered, in order; matched without regard to case. */
  couponCodes?: readonly string[];
  giftCard?: GiftCardInput | null;
  /** The customer's email, when known: coupons limited per customer count this customer's uses. */
  customerEmail?: string | null;
}

/** computeCartTotals' input for a cart, plus what was looked up to build it. */
export interface PricingInputs extends CartTotalsInput {
  shippingOptions: ShippingOptionView[];
  taxRules: TaxRuleView[];
  /** Codes with no active coupon of this website (never passed to commerce). */
  unknownCouponCodes: string[];
  location: ShippingLocation | null;
  /** False when the store has shipping options and none ships to the location's country. */
  shipsToLocation: boolean;
}

export const INVALID_COUPON_MESSAGES: Record<InvalidCouponReason, string> = {
  'not-started': 'This coupon is not active yet.',
  expired: 'This coupon has expired.',
  'minimum-not-met': 'Your subtotal is below the minimum for this coupon.',
  'no-shipping': 'This coupon is for free shipping, and nothing in your cart ships.',
  duplicate: 'This coupon is already applied.',
  'not-combinable': 'This coupon cannot be combined with other coupons.',
  'usage-limit': 'This coupon has reached its usage limit.',
  'customer-limit': 'You have already used this coupon as often as it allows.',
  'gift-cards-excluded': 'This coupon does not apply to gift cards.',
};

export const UNKNOWN_COUPON = 'That coupon code is not valid.';
export const COUPON_NOT_APPLIED = 'That coupon is not applied to your cart.';
export const SHIPPING_OPTION_UNAVAILABLE = 'That shipping option is not available for your address.';
/** A code is at most the coupons.code column's width. */
export const COUPON_CODE_MAX_LENGTH = 64;

export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** One customer is one address, however it is typed. */
function normalizeCustomerEmail(email: string): string {
  return email.trim().toLowerCase();
}

export const COUPON_LIMIT_MESSAGES = {
  usage: INVALID_COUPON_MESSAGES['usage-limit'],
  customer: INVALID_COUPON_MESSAGES['customer-limit'],
} as const;

/**
 * Counts an order's use of its coupons inside the order's transaction. The overall count rises
 * only while under the limit (one conditional UPDATE, so racing orders cannot both take the last
 * use; on PostgreSQL it also locks the coupon row, so the per-customer count below is not raced
 * either). Throws 409 with the coupon's limit message when a limit was reached meanwhile.
 */
export async function redeemCoupons(
  ctx: RequestContext,
  codes: readonly string[],
  orderId: string,
  customerEmail: string,
): Promise<void> {
  if (codes.length === 0) return;
  const email = normalizeCustomerEmail(customerEmail);
  const rows = await findCouponsByCodes(ctx.db, ctx.websiteId, codes.map(normalizeCouponCode));
  for (const row of rows) {
    if (!(await takeCouponUse(ctx.db, row.id))) throw new HttpError(409, COUPON_LIMIT_MESSAGES.usage);
    if (row.max_uses_per_customer !== null) {
      const used = (await countCustomerRedemptions(ctx.db, [row.id], email)).get(row.id) ?? 0;
      if (used >= row.max_uses_per_customer) throw new HttpError(409, COUPON_LIMIT_MESSAGES.customer);
    }
    await insertCouponRedemption(ctx.db, {
      id: newId('cr'),
      website_id: ctx.websiteId,
      coupon_id: row.id,
      order_id: orderId,
      email,
      created_at: ctx.clock.now(),
    });
  }
}

function parseCountries(json: string): string[] {
  return JSON.parse(json) as string[];
}

function shipsTo(row: ShippingOptionRow, location: ShippingLocation | null): boolean {
  const countries = parseCountries(row.countries);
  return countries.length === 0 || (location !== null && countries.includes(location.country));
}

function shippingOptionView(
  row: ShippingOptionRow,
  subtotalCents: number,
  currency: string,
): ShippingOptionView {
  const free = row.free_over_cents !== null && subtotalCents >= row.free_over_cents;
  const costCents = free ? 0 : row.cost_cents;
  return {
    id: row.id,
    name: row.name,
    costCents,
    cost: toMoney(costCents, currency),
    baseCostCents: row.cost_cents,
    freeOverCents: row.free_over_cents,
    countries: parseCountries(row.countries),
  };
}

function couponOf(row: CouponRow, customerUses: number): Coupon {
  const common = {
    code: row.code,
    ...(row.min_subtotal_cents !== null ? { minSubtotalCents: row.min_subtotal_cents } : {}),
    ...(row.valid_from !== null ? { validFrom: row.valid_from } : {}),
    ...(row.valid_until !== null ? { validUntil: row.valid_until } : {}),
    appliesToGiftCards: row.applies_to_gift_cards === 1,
    combinable: row.combinable === 1,
    usageLimitReached: row.max_uses !== null && row.times_used >= row.max_uses,
    customerLimitReached: row.max_uses_per_customer !== null && customerUses >= row.max_uses_per_customer,
  };
  if (row.type === 'percentage') return { ...common, type: 'percentage', percent: row.percent ?? 0 };
  if (row.type === 'fixed') return { ...common, type: 'fixed', amountCents: row.amount_cents ?? 0 };
  return { ...common, type: 'free-shipping' };
}

/** Kept pricing rules: one store's shipping options, and its tax rules of the countries it sells to. */
const PRICING_RULES_CACHE_SIZE = 256;
const keptShippingOptions = readCache<ShippingOptionRow[]>(PRICING_RULES_CACHE_SIZE);
const keptTaxRules = readCache<TaxRuleRow[]>(PRICING_RULES_CACHE_SIZE);

/**
 * The shipping options and a country's tax rules as every cart view and order reads them: kept
 * until this process writes them, and at most READ_CACHE_TTL_MS (db/read-cache.ts).
 */
function pricingRules(ctx: RequestContext, country: string | null) {
  return Promise.all([
    keptShippingOptions.get(ctx.db, ctx.websiteId, () => listShippingOptions(ctx.db, ctx.websiteId)),
    country === null
      ? Promise.resolve([])
      : keptTaxRules.get(ctx.db, `${ctx.websiteId}\u0000${country}`, () =>
          listTaxRules(ctx.db, ctx.websiteId, country),
        ),
  ]);
}

function taxRuleApplies(rule: TaxRuleRow, location: ShippingLocation): boolean {
  return rule.region === null || rule.region.toUpperCase() === location.region?.toUpperCase();
}

/**
 * Looks up the tax rules, shipping options and coupons that price these lines and returns
 * commerce's computeCartTotals input. Shipping options are those shipping to the location (or
 * anywhere); tax rules are those of the location's country and region, and none without a
 * location (tax is estimated once the shopper says where the order ships).
 */
export async function getPricingForCart(
  ctx: RequestContext,
  cartLines: readonly CartLineInput[],
  request: PricingRequest,
): Promise<PricingInputs> {
  const location = request.location ?? null;
  const subtotalCents = cartLines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const codes = [...new Set((request.couponCodes ?? []).map(normalizeCouponCode))];
  const [[optionRows, ruleRows], couponRows] = await Promise.all([
    pricingRules(ctx, location?.country ?? null),
    findCouponsByCodes(ctx.db, ctx.websiteId, codes),
  ]);
  const shippingOptions = optionRows
    .filter((o) => shipsTo(o, location))
    .map((o) => shippingOptionView(o, subtotalCents, request.currency));
  const cheapest = shippingOptions.reduce<ShippingOptionView | null>(
    (best, o) => (best === null || o.costCents < best.costCents ? o : best),
    null,
  );
  const selectedShipping =
    request.shippingOptionId === undefined || request.shippingOptionId === null
      ? (cheapest?.id ?? null)
      : request.shippingOptionId;
  const taxRules = location
    ? ruleRows
        .filter((r) => taxRuleApplies(r, location))
        .map((r) => ({
          id: r.id,
          name: r.name,
          country: r.country,
          region: r.region,
          ratePercent: r.rate_percent,
          appliesToShipping: r.applies_to_shipping === 1,
          amountCents: 0,
        }))
    : [];
  const active = new Map(couponRows.filter((c) => c.active === 1).map((c) => [c.code, c]));
  const email = request.customerEmail ? normalizeCustomerEmail(request.customerEmail) : null;
  const limited = [...active.values()].filter((c) => c.max_uses_per_customer !== null);
  const customerUses =
    email && limited.length > 0
      ? await countCustomerRedemptions(
          ctx.db,
          limited.map((c) => c.id),
          email,
        )
      : new Map<string, number>();
  return {
    entries: cartLines,
    currency: request.currency,
    taxRules,
    shippingOptions,
    selectedShipping,
    coupons: codes.flatMap((code) => {
      const row = active.get(code);
      return row ? [couponOf(row, customerUses.get(row.id) ?? 0)] : [];
    }),
    giftCards: request.giftCard ? [request.giftCard] : [],
    now: ctx.clock.now(),
    unknownCouponCodes: codes.filter((code) => !active.has(code)),
    location,
    shipsToLocation: optionRows.length === 0 || shippingOptions.length > 0,
  };
}

/** Gives back the coupon uses of an order that was never paid, inside the caller's transaction. */
export async function releaseCoupons(ctx: RequestContext, orderId: string): Promise<void> {
  await reverseCouponRedemptionsOfOrder(ctx.db, orderId);
}

/** Prices lines with commerce and shapes the cart's pricing fields. */
export async function priceCart(
  ctx: RequestContext,
  cartLines: readonly CartLineInput[],
  request: PricingRequest,
): Promise<{ inputs: PricingInputs; totals: CartTotals; view: CartPricingView }> {
  const inputs = await getPricingForCart(ctx, cartLines, request);
  const totals = computeCartTotals(inputs);
  const amounts = new Map(totals.taxes.map((t) => [t.rule.id, t.amountCents]));
  const selectedId = totals.selectedShippingOption?.id;
  const currency = request.currency;
  const view: CartPricingView = {
    shippingOptions: inputs.shippingOptions,
    selectedShippingOption: inputs.shippingOptions.find((o) => o.id === selectedId) ?? null,
    shippingLocation: inputs.location
      ? {
          ...inputs.location,
          regionName: inputs.location.region
            ? regionName(inputs.location.country, inputs.location.region)
            : null,
        }
      : null,
    applicableTaxRules: inputs.taxRules.map((r) => ({ ...r, amountCents: amounts.get(r.id) ?? 0 })),
    coupons: [...(inputs.coupons ?? [])],
    validCoupons: totals.validCoupons,
    invalidCoupons: totals.invalidCoupons.map(({ coupon, reason }) => ({
      code: coupon.code,
      reason,
      message:
        reason === 'minimum-not-met' && coupon.minSubtotalCents !== undefined
          ? `${INVALID_COUPON_MESSAGES[reason]} (${formatMoney(coupon.minSubtotalCents, currency)})`
          : INVALID_COUPON_MESSAGES[reason],
      coupon,
    })),
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    shippingCostCents: totals.shippingCostCents,
    discountCents: totals.discountCents,
    grandTotalCents: totals.grandTotalCents,
    totalQuantity: totals.totalQuantity,
    hasDigital: totals.hasDigital,
    purelyDigital: totals.purelyDigital,
    requiresShipping: totals.requiresShipping,
  };
  return { inputs, totals, view };
}

/** The pricing choices a cart has stored (location, shipping option, coupon codes). */
export async function getCartPricingState(
  ctx: RequestContext,
  cartId: string,
): Promise<Omit<PricingRequest, 'currency' | 'giftCard'>> {
  const row = await findCartPricing(ctx.db, cartId);
  if (!row) return {};
  return {
    location: row.country ? { country: row.country, region: row.region, postalCode: row.postal_code } : null,
    shippingOptionId: row.shipping_option_id,
    couponCodes: JSON.parse(row.coupon_codes) as string[],
  };
}

/** The cart view's pricing fields for a stored cart (or for lines not yet in a cart when cartId is null). */
export async function cartPricingView(
  ctx: RequestContext,
  cartId: string | null,
  cartLines: readonly CartLineInput[],
  currency: string,
): Promise<CartPricingView> {
  const state = cartId ? await getCartPricingState(ctx, cartId) : {};
  return (await priceCart(ctx, cartLines, { ...state, currency })).view;
}

async function updateState(
  ctx: RequestContext,
  cartId: string,
  change: (row: CartPricingRow) => CartPricingRow,
): Promise<void> {
  const current = (await findCartPricing(ctx.db, cartId)) ?? {
    cart_id: cartId,
    country: null,
    region: null,
    postal_code: null,
    shipping_option_id: null,
    coupon_codes: '[]',
    updated_at: 0,
  };
  await saveCartPricing(ctx.db, { ...change(current), updated_at: ctx.clock.now() });
}

/**
 * Adds a coupon code to a cart. Unknown or inactive codes are refused (400); a known code that
 * does not apply now (expired, minimum not met, …) is kept and listed in invalidCoupons with its
 * reason, so it applies as soon as the cart qualifies. Adding a code twice changes nothing.
 */
export async function addCouponCode(ctx: RequestContext, cartId: string, code: string): Promise<void> {
  const wanted = normalizeCouponCode(code);
  const [row] = await findCouponsByCodes(ctx.db, ctx.websiteId, [wanted]);
  if (!row || row.active !== 1) throw new HttpError(400, UNKNOWN_COUPON);
  await updateState(ctx, cartId, (state) => {
    const codes = JSON.parse(state.coupon_codes) as string[];
    return codes.includes(wanted) ? state : { ...state, coupon_codes: JSON.stringify([...codes, wanted]) };
  });
}

/** Removes a coupon code from a cart; 404 when the cart does not hold it. */
export async function removeCouponCode(ctx: RequestContext, cartId: string, code: string): Promise<void> {
  const wanted = normalizeCouponCode(code);
  const state = await getCartPricingState(ctx, cartId);
  if (!(state.couponCodes ?? []).includes(wanted)) {
    throw new HttpError(404, COUPON_NOT_APPLIED);
  }
  await updateState(ctx, cartId, (row) => ({
    ...row,
    coupon_codes: JSON.stringify((JSON.parse(row.coupon_codes) as string[]).filter((c) => c !== wanted)),
  }));
}

/**
 * Checks a shipping location: a two-letter country, a region of that country's list when the
 * country has one (by code or name), and a postal code by the country's rule (spec §5 messages).
 */
export function checkShippingLocation(input: {
  country: string;
  region?: string | null;
  postalCode?: string | null;
}): ShippingLocation {
  const country = input.country.trim().toUpperCase();
  if (!isCountryCode(country)) {
    throw new HttpError(400, 'country must be a two-letter country code, e.g. "US".');
  }
  let region: string | null = null;
  const wantedRegion = input.region?.trim();
  if (wantedRegion) {
    const regions = regionsFor(country);
    if (regions.length > 0) {
      const wanted = wantedRegion.toUpperCase();
      const found = regions.find((r) => r.code.toUpperCase() === wanted || r.name.toUpperCase() === wanted);
      if (!found)
        throw new HttpError(400, `"${wantedRegion}" is not a ${regionWord(country).singular} of ${country}.`);
      region = found.code;
    } else {
      region = wantedRegion;
    }
  }
  let postalCode: string | null = null;
  if (input.postalCode !== undefined && input.postalCode !== null && input.postalCode.trim() !== '') {
    const checked = validatePostalCode(country, input.postalCode);
    if (!checked.ok) throw new HttpError(400, checked.message);
    postalCode = checked.value;
  }
  return { country, region, postalCode };
}

export async function setShippingLocation(
  ctx: RequestContext,
  cartId: string,
  location: ShippingLocation,
): Promise<void> {
  await updateState(ctx, cartId, (row) => ({
    ...row,
    country: location.country,
    region: location.region,
    postal_code: location.postalCode,
  }));
}

/** Chooses a shipping option among those that ship to the cart's location (or anywhere). */
export async function setShippingOption(
  ctx: RequestContext,
  cartId: string,
  optionId: string,
): Promise<void> {
  const state = await getCartPricingState(ctx, cartId);
  const options = await listShippingOptions(ctx.db, ctx.websiteId);
  const option = options.find((o) => o.id === optionId);
  if (!option || !shipsTo(option, state.location ?? null))
    throw new HttpError(400, SHIPPING_OPTION_UNAVAILABLE);
  await updateState(ctx, cartId, (row) => ({ ...row, shipping_option_id: optionId }));
}

/** A coupon as the owner's area shows and edits it; times ISO 8601, amounts in minor units. */
export interface CouponView {
  id: string;
  code: string;
  type: CouponRow['type'];
  percent?: number;
  amountCents?: number;
  minSubtotalCents?: number;
  validFrom?: string;
  validUntil?: string;
  active: boolean;
  appliesToGiftCards: boolean;
  combinable: boolean;
  maxUses?: number;
  maxUsesPerCustomer?: number;
  timesUsed: number;
}

/** A coupon's settings as the owner writes them (times in ms). */
export interface CouponInput {
  code: string;
  type: CouponRow['type'];
  percent?: number;
  amountCents?: number;
  minSubtotalCents?: number;
  validFrom?: number;
  validUntil?: number;
  active: boolean;
  appliesToGiftCards: boolean;
  combinable: boolean;
  maxUses?: number;
  maxUsesPerCustomer?: number;
}

export interface TaxRuleInput {
  name: string;
  country: string;
  region?: string;
  ratePercent: number;
  appliesToShipping: boolean;
}

export interface ShippingOptionInput {
  name: string;
  costCents: number;
  freeOverCents?: number;
  countries: string[];
}

export interface TaxRuleSettings extends TaxRuleInput {
  id: string;
}

export interface ShippingOptionSettings extends ShippingOptionInput {
  id: string;
}

export const PRICING_NOT_FOUND = {
  coupon: 'That coupon does not exist.',
  taxRule: 'That tax rule does not exist.',
  shippingOption: 'That shipping option does not exist.',
} as const;
export const COUPON_CODE_TAKEN = 'A coupon with this code already exists.';

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());
const opt = <T>(v: T | null) => (v === null ? undefined : v);

function couponView(r: CouponRow): CouponView {
  return {
    id: r.id,
    code: r.code,
    type: r.type,
    percent: opt(r.percent),
    amountCents: opt(r.amount_cents),
    minSubtotalCents: opt(r.min_subtotal_cents),
    validFrom: iso(r.valid_from),
    validUntil: iso(r.valid_until),
    active: r.active === 1,
    appliesToGiftCards: r.applies_to_gift_cards === 1,
    combinable: r.combinable === 1,
    maxUses: opt(r.max_uses),
    maxUsesPerCustomer: opt(r.max_uses_per_customer),
    timesUsed: r.times_used,
  };
}

function couponColumns(c: CouponInput) {
  return {
    code: normalizeCouponCode(c.code),
    type: c.type,
    percent: c.percent ?? null,
    amount_cents: c.amountCents ?? null,
    min_subtotal_cents: c.minSubtotalCents ?? null,
    valid_from: c.validFrom ?? null,
    valid_until: c.validUntil ?? null,
    active: c.active ? 1 : 0,
    applies_to_gift_cards: c.appliesToGiftCards ? 1 : 0,
    combinable: c.combinable ? 1 : 0,
    max_uses: c.maxUses ?? null,
    max_uses_per_customer: c.maxUsesPerCustomer ?? null,
  };
}

function taxRuleSettings(r: TaxRuleRow): TaxRuleSettings {
  return {
    id: r.id,
    name: r.name,
    country: r.country,
    region: opt(r.region),
    ratePercent: r.rate_percent,
    appliesToShipping: r.applies_to_shipping === 1,
  };
}

function shippingOptionSettings(r: ShippingOptionRow): ShippingOptionSettings {
  return {
    id: r.id,
    name: r.name,
    costCents: r.cost_cents,
    freeOverCents: opt(r.free_over_cents),
    countries: parseCountries(r.countries),
  };
}

export async function listCouponSettings(ctx: RequestContext): Promise<CouponView[]> {
  return (await listCoupons(ctx.db, ctx.websiteId)).map(couponView);
}

export async function getCouponSettings(ctx: RequestContext, id: string): Promise<CouponView> {
  const row = await findCoupon(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, PRICING_NOT_FOUND.coupon);
  return couponView(row);
}

async function refuseTakenCode(ctx: RequestContext, code: string, exceptId?: string): Promise<void> {
  const [other] = await findCouponsByCodes(ctx.db, ctx.websiteId, [normalizeCouponCode(code)]);
  if (other && other.id !== exceptId)
    throw new HttpError(409, COUPON_CODE_TAKEN, undefined, { code: COUPON_CODE_TAKEN });
}

/** Creates a coupon (409 with a field error when its code, in any case, is taken). */
export async function createCoupon(ctx: RequestContext, input: CouponInput): Promise<CouponView> {
  await refuseTakenCode(ctx, input.code);
  const id = newId('cp');
  await insertCoupon(ctx.db, { id, website_id: ctx.websiteId, ...couponColumns(input) });
  return getCouponSettings(ctx, id);
}

/** Replaces a coupon's settings; its use count stays. */
export async function updateCouponSettings(
  ctx: RequestContext,
  id: string,
  input: CouponInput,
): Promise<CouponView> {
  await getCouponSettings(ctx, id);
  await refuseTakenCode(ctx, input.code, id);
  await updateCoupon(ctx.db, ctx.websiteId, id, couponColumns(input));
  return getCouponSettings(ctx, id);
}

export async function deleteCoupon(ctx: RequestContext, id: string): Promise<void> {
  if (!(await deletePricingRow(ctx.db, 'coupons', ctx.websiteId, id)))
    throw new HttpError(404, PRICING_NOT_FOUND.coupon);
}

export async function listTaxRuleSettings(ctx: RequestContext): Promise<TaxRuleSettings[]> {
  return (await listAllTaxRules(ctx.db, ctx.websiteId)).map(taxRuleSettings);
}

export async function getTaxRuleSettings(ctx: RequestContext, id: string): Promise<TaxRuleSettings> {
  const row = await findTaxRule(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, PRICING_NOT_FOUND.taxRule);
  return taxRuleSettings(row);
}

function taxRuleColumns(r: TaxRuleInput) {
  return {
    name: r.name,
    country: r.country,
    region: r.region ?? null,
    rate_percent: r.ratePercent,
    applies_to_shipping: r.appliesToShipping ? 1 : 0,
  };
}

export async function createTaxRule(ctx: RequestContext, input: TaxRuleInput): Promise<TaxRuleSettings> {
  const id = newId('tx');
  const position = await nextPosition(ctx.db, 'tax_rules', ctx.websiteId);
  await insertTaxRule(ctx.db, { id, website_id: ctx.websiteId, position, ...taxRuleColumns(input) });
  return getTaxRuleSettings(ctx, id);
}

export async function updateTaxRuleSettings(
  ctx: RequestContext,
  id: string,
  input: TaxRuleInput,
): Promise<TaxRuleSettings> {
  await getTaxRuleSettings(ctx, id);
  await updateTaxRule(ctx.db, ctx.websiteId, id, taxRuleColumns(input));
  return getTaxRuleSettings(ctx, id);
}

export async function deleteTaxRule(ctx: RequestContext, id: string): Promise<void> {
  if (!(await deletePricingRow(ctx.db, 'tax_rules', ctx.websiteId, id)))
    throw new HttpError(404, PRICING_NOT_FOUND.taxRule);
}

export async function listShippingOptionSettings(ctx: RequestContext): Promise<ShippingOptionSettings[]> {
  return (await listShippingOptions(ctx.db, ctx.websiteId)).map(shippingOptionSettings);
}

export async function getShippingOptionSettings(
  ctx: RequestContext,
  id: string,
): Promise<ShippingOptionSettings> {
  const row = await findShippingOption(ctx.db, ctx.websiteId, id);
  if (!row) throw new HttpError(404, PRICING_NOT_FOUND.shippingOption);
  return shippingOptionSettings(row);
}

function shippingOptionColumns(o: ShippingOptionInput) {
  return {
    name: o.name,
    cost_cents: o.costCents,
    free_over_cents: o.freeOverCents ?? null,
    countries: JSON.stringify([...new Set(o.countries)]),
  };
}

export async function createShippingOption(
  ctx: RequestContext,
  input: ShippingOptionInput,
): Promise<ShippingOptionSettings> {
  const id = newId('sh');
  const position = await nextPosition(ctx.db, 'shipping_options', ctx.websiteId);
  await insertShippingOption(ctx.db, {
    id,
    website_id: ctx.websiteId,
    position,
    ...shippingOptionColumns(input),
  });
  return getShippingOptionSettings(ctx, id);
}

export async function updateShippingOptionSettings(
  ctx: RequestContext,
  id: string,
  input: ShippingOptionInput,
): Promise<ShippingOptionSettings> {
  await getShippingOptionSettings(ctx, id);
  await updateShippingOption(ctx.db, ctx.websiteId, id, shippingOptionColumns(input));
  return getShippingOptionSettings(ctx, id);
}

export async function deleteShippingOption(ctx: RequestContext, id: string): Promise<void> {
  if (!(await deletePricingRow(ctx.db, 'shipping_options', ctx.websiteId, id)))
    throw new HttpError(404, PRICING_NOT_FOUND.shippingOption);
}

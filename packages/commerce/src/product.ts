/** Product model and display rules (spec §1, §3, §4). */

/** Spec §1: "physical 1, digital 2, service 3, gift card 4, paywall 5". */
export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;
export type ProductTypeNumber = (typeof ProductType)[keyof typeof ProductType];

export type BillingPeriodUnit = 'WEEK' | 'MONTH' | 'YEAR';

/** Spec §3: subscriptionPlan { billingPeriod { value, unit }, numBillingCycles }. */
export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: BillingPeriodUnit };
  /** Number of billing cycles; 0, null or absent means the subscription never ends. */
  numBillingCycles?: number | null;
}

export interface CommerceVariant {
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
}

export interface CommerceProduct {
  id: string;
  name: string;
  productType: ProductTypeNumber;
  variants: CommerceVariant[];
  variantOptionOrdering?: string[];
  /** Digital products carry their own sale flag (spec §4 "Digital uses its own flag"). */
  onSale?: boolean;
  isSubscribable?: boolean;
  subscriptionPlan?: SubscriptionPlan | null;
  additionalFieldsFormId?: string | null;
  useCustomAddButtonText?: boolean;
  customAddButtonText?: string;
  /** A digital product the merchant lets a shopper buy more than once per order. */
  multipleQuantityAllowed?: boolean;
}

/** Spec §3 "Stock result". */
export interface StockResult {
  unlimited: boolean;
  qtyInStock: number;
}

export type VariantSelection = Record<string, string | null | undefined>;

/** Spec §5: "Digital and gift-card stock counts as unlimited." */
export function hasUnlimitedStockByType(product: Pick<CommerceProduct, 'productType'>): boolean {
  return product.productType === ProductType.DIGITAL || product.productType === ProductType.GIFT_CARD;
}

/**
 * The owner's inventory: a counted variant with this many or fewer left is running low (spec
 * leaves the level to us; five is a day or two of sales for a small shop).
 */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = 'in' | 'low' | 'out';

/** How the owner's inventory labels a variant's stock: out at 0, low up to LOW_STOCK_THRESHOLD. */
export function stockLevel(variant: StockResult): StockLevel {
  if (variant.unlimited) return 'in';
  if (variant.qtyInStock <= 0) return 'out';
  return variant.qtyInStock <= LOW_STOCK_THRESHOLD ? 'low' : 'in';
}

export function variantInStock(variant: StockResult, quantity = 1): boolean {
  return variant.unlimited || variant.qtyInStock >= quantity;
}

/**
 * Spec §4: physical or service with every variant lacking stock and not unlimited; the other
 * types of §1 never are (digital and gift-card stock counts as unlimited; paywall access never
 * runs out). A type outside §1's list is one the spec does not describe: it gets the stock rule,
 * as the reference engine gives it (fixtures f-product-status-8, p-sold-out).
 */
export function isSoldOut(product: CommerceProduct): boolean {
  if (hasUnlimitedStockByType(product) || product.productType === ProductType.PAYWALL) return false;
  return product.variants.every((v) => !v.unlimited && v.qtyInStock <= 0);
}

/** Spec §4: any variant on sale; digital uses its own flag; gift card never. */
export function isOnSale(product: CommerceProduct): boolean {
  if (product.productType === ProductType.GIFT_CARD) return false;
  if (product.productType === ProductType.DIGITAL) return product.onSale === true;
  return product.variants.some((v) => v.onSale);
}

export type ProductBadge = 'sold-out' | 'sale' | null;

/** Spec §4: "Sold out takes precedence over sale; otherwise no badge." */
export function productBadge(product: CommerceProduct): ProductBadge {
  if (isSoldOut(product)) return 'sold-out';
  if (isOnSale(product)) return 'sale';
  return null;
}

/** The price a shopper pays for a variant right now. */
export function effectivePriceCents(
  variant: Pick<CommerceVariant, 'onSale' | 'priceCents' | 'salePriceCents'>,
): number {
  return variant.onSale ? variant.salePriceCents : variant.priceCents;
}

/** True when the variants do not all cost the same (so a "from" price is shown). */
export function hasVariedPrices(product: CommerceProduct): boolean {
  const prices = new Set(product.variants.map(effectivePriceCents));
  return prices.size > 1;
}

/** Lowest current price across variants, or null without variants. */
export function fromPrice(product: CommerceProduct): number | null {
  if (product.variants.length === 0) return null;
  return Math.min(...product.variants.map(effectivePriceCents));
}

/** Sum of variant stock; Infinity when any variant is unlimited or the type counts as unlimited. */
export function totalStock(product: CommerceProduct): number {
  if (hasUnlimitedStockByType(product)) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (const v of product.variants) {
    if (v.unlimited) return Number.POSITIVE_INFINITY;
    total += Math.max(0, v.qtyInStock);
  }
  return total;
}

export interface VariantOption {
  name: string;
  values: string[];
}

/**
 * Option names with their distinct values, in `variantOptionOrdering` order (names not listed
 * there follow in first-seen order); values keep first-seen order.
 */
export function variantOptions(product: CommerceProduct): VariantOption[] {
  const byName = new Map<string, string[]>();
  for (const v of product.variants) {
    for (const name of Object.keys(v.attributes)) {
      const value = v.attributes[name];
      const values = byName.get(name);
      if (values === undefined) byName.set(name, [value]);
      else if (!values.includes(value)) values.push(value);
    }
  }
  const ordering = product.variantOptionOrdering ?? [];
  const names = [
    ...ordering.filter((n) => byName.has(n)),
    ...[...byName.keys()].filter((n) => !ordering.includes(n)),
  ];
  return names.map((name) => ({ name, values: byName.get(name) ?? [] }));
}

/** Option names (in display order) that have no value chosen in `selection`. */
export function unselectedOptions(product: CommerceProduct, selection: VariantSelection): string[] {
  return variantOptions(product)
    .map((o) => o.name)
    .filter((name) => {
      const value = selection[name];
      return value === undefined || value === null || value === '';
    });
}

/**
 * The variant whose attributes match the selection on every option. A product whose single
 * variant has no attributes always resolves to that variant.
 */
export function findVariant(product: CommerceProduct, selection: VariantSelection): CommerceVariant | null {
  const names = variantOptions(product).map((o) => o.name);
  if (names.length === 0) return product.variants[0] ?? null;
  return (
    product.variants.find((v) =>
      names.every((name) => v.attributes[name] !== undefined && v.attributes[name] === selection[name]),
    ) ?? null
  );
}

export interface QuantitySettings {
  /** Spec §3 store settings: "multipleQuantityAllowedForServices (default true)". */
  multipleQuantityAllowedForServices?: boolean;
}

/**
 * Spec §5: shown only for physical products, or services when multiple quantity is allowed;
 * not for subscribable products; and only when total stock exceeds 1.
 */
export function showQuantityInput(product: CommerceProduct, settings: QuantitySettings = {}): boolean {
  if (product.isSubscribable) return false;
  const servicesAllowed = settings.multipleQuantityAllowedForServices ?? true;
  const typeAllows =
    product.productType === ProductType.PHYSICAL ||
    (product.productType === ProductType.SERVICE && servicesAllowed);
  return typeAllows && totalStock(product) > 1;
}

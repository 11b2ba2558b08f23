import {
  type AnswerField,
  addButtonText,
  BUTTON_TEXT,
  choiceAvailability,
  choiceMark,
  DEFAULT_TEXTS,
  DONATION_TEXT,
  decimalFromMinor,
  descriptionFallback,
  effectivePriceCents,
  formAnswerLines,
  formatMoney,
  fromPriceText,
  type InstallmentContext,
  installmentDisplay,
  isOnSale,
  isQuantityFixed,
  isSoldOut,
  minorFromMoney,
  ProductType,
  pillCartCountText,
  pillCartLabel,
  priceDisplay,
  productBadge,
  QUANTITY_MAX,
  QUANTITY_MIN,
  SUBSCRIPTION_OPTION_LABEL,
  scarcityMessage,
  showPillCart,
  showQuantityInput,
  subscriptionPriceText,
  toMoney,
  totalStock,
  variantOptions,
} from '@storefront/commerce';
import type { CartView } from '../modules/cart/service.js';
import type { CatalogProduct, Collection, ProductImage } from '../modules/catalog/service.js';
import type { FormSchema } from '../modules/forms/service.js';
import { DEFAULT_RESTOCK_SUCCESS_TEXT } from '../modules/restock/service.js';
import type { Site } from '../modules/site/service.js';
import { plainText, sanitizeHtml } from '../platform/html.js';
import type { WebAssets } from './assets.js';
import { showsPillCart } from './page-types.js';

/** Serialises JSON for an inline `<script type="application/json">` without letting `</script>` out. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The price block's texts, from commerce's decision of what it shows (from / sale / single). */
function priceContext(p: CatalogProduct, currency: string, locale: string) {
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const shown = priceDisplay(p);
  return {
    onSale: shown?.kind === 'sale',
    varied: shown?.kind === 'from',
    text: !shown ? '' : money(shown.kind === 'sale' ? shown.original : shown.amount),
    saleText: shown?.kind === 'sale' ? money(shown.sale) : '',
    fromText: shown?.kind === 'from' ? fromPriceText(money(shown.amount)) : '',
    salePriceLabel: DEFAULT_TEXTS.salePrice,
    originalPriceLabel: DEFAULT_TEXTS.originalPrice,
  };
}

/** Spec §3 subscription wording of the price ('$22.00 every month'); '' for other products. */
export function subscriptionText(p: CatalogProduct, price: ReturnType<typeof priceContext>): string {
  if (!p.isSubscribable) return '';
  return subscriptionPriceText({
    priceString: price.onSale ? price.saleText : price.text,
    plan: p.subscriptionPlan,
  });
}

function badgeText(p: CatalogProduct, badge: ReturnType<typeof productBadge>): string {
  if (badge === 'sold-out') return p.merchandising?.customSoldOutText || DEFAULT_TEXTS.soldOut;
  return badge === 'sale' ? DEFAULT_TEXTS.sale : '';
}

/** An image as templates read it (spec §3 Image); alt text falls back to `fallbackAlt` when the image has none. */
function imageContext(img: ProductImage, fallbackAlt: string) {
  return {
    assetUrl: img.assetUrl,
    altText: img.altText ?? fallbackAlt,
    originalSize: img.originalSize ?? '',
    systemDataVariants: img.systemDataVariants ?? '',
    mediaFocalPoint: img.mediaFocalPoint ?? null,
  };
}

/** What a product list shows of a product: link, image, badge and price. */
export function productCardContext(p: CatalogProduct, site: Site) {
  const badge = productBadge(p);
  return {
    id: p.id,
    title: p.name,
    fullUrl: p.fullUrl,
    assetUrl: p.images[0]?.assetUrl ?? '',
    // The first image with what the theme's image-srcset reads (uploaded images carry width variants).
    image: p.images[0] ? imageContext(p.images[0], '') : null,
    display: {
      badge,
      badgeText: badgeText(p, badge),
      price: priceContext(p, site.website.currency, site.website.locale),
      quickViewProps: JSON.stringify({ itemId: p.id, text: DEFAULT_TEXTS.quickView }),
      quickViewText: DEFAULT_TEXTS.quickView,
    },
  };
}

/**
 * Spec §3 merchandising: the low-stock message. The element is there whenever scarcity is on, so
 * the product form can fill it in for the chosen variant; at load it shows the product's total
 * stock when the merchant asks for it (packages/web/docs/product-form.md).
 */
function scarcityContext(p: CatalogProduct) {
  const m = p.merchandising;
  if (!m?.scarcityEnabled || !m.scarcityText || !shownIn(m.scarcityTemplateViews, 'product-page'))
    return null;
  const stock = totalStock(p);
  const text = Number.isFinite(stock) && stock > 0 ? scarcityMessage(m.scarcityText, stock) : '';
  return {
    text,
    shown: !!m.scarcityShownByDefault && text !== '',
    template: m.scarcityText,
    shownByDefault: !!m.scarcityShownByDefault,
  };
}

/** A subscribable product's options to choose from, when there are several (title, or the id). */
function subscriptionChoices(p: CatalogProduct): { id: string; title: string }[] {
  const options = p.isSubscribable ? (p.productSubscriptionOptions ?? []) : [];
  return options.length > 1 ? options.map((o) => ({ id: o.id, title: o.title || o.id })) : [];
}

/** Where a form renders: the product page or the quick view (merchandising views). */
export type MerchandisingView = 'product-page' | 'quick-view';

/**
 * The merchant's choice of views for the restock form or scarcity (restockNotificationViews,
 * scarcityTemplateViews): listed views only; a product saved without a choice shows them on its page.
 */
export function shownIn(views: unknown, view: MerchandisingView): boolean {
  return Array.isArray(views) ? views.includes(view) : view === 'product-page';
}

/** Props of the ProductForm island (packages/web/README.md). */
export function productFormProps(p: CatalogProduct, site: Site, view: MerchandisingView = 'product-page') {
  return {
    itemId: p.id,
    productType: p.productType,
    name: p.name,
    currency: site.website.currency,
    options: variantOptions(p),
    variants: p.variants,
    addButtonText: addButtonText(p),
    soldOut: isSoldOut(p),
    // A donation is one gift of the typed amount: no quantity.
    showQuantity:
      !p.donation &&
      showQuantityInput(p, {
        multipleQuantityAllowedForServices: site.storeSettings.multipleQuantityAllowedForServices,
      }),
    donation: p.donation,
    expressCheckout: p.expressCheckout,
    isSubscribable: !!p.isSubscribable,
    subscriptionOptionId: p.productSubscriptionOptions?.[0]?.id ?? null,
    // Every option the merchant offers is a choice; one option needs none.
    subscriptionOptions: subscriptionChoices(p),
    additionalFieldsFormId: p.additionalFieldsFormId ?? null,
    variantSelector: p.merchandising?.variantSelector ?? 'dropdown',
    scarcity:
      p.merchandising?.scarcityEnabled &&
      p.merchandising.scarcityText &&
      shownIn(p.merchandising.scarcityTemplateViews, view)
        ? { template: p.merchandising.scarcityText, shownByDefault: !!p.merchandising.scarcityShownByDefault }
        : null,
  };
}

/** The Installments island (packages/web/docs/installments.md): rendered whenever the provider is on, so a later variant may qualify. */
function installmentsContext(p: CatalogProduct, site: Site, installments: InstallmentContext) {
  if (!installments.afterPayAvailable || isSoldOut(p)) return null;
  const first = p.variants[0];
  const priceCents = first ? effectivePriceCents(first) : 0;
  const { currency, locale } = site.website;
  const props = {
    itemId: p.id,
    productType: p.productType,
    isSubscribable: !!p.isSubscribable,
    currency,
    priceCents,
    context: installments,
    soldOut: isSoldOut(p),
  };
  const display = installmentDisplay({
    product: p,
    priceCents,
    context: installments,
    currency,
    locale,
    soldOut: props.soldOut,
  });
  return {
    props: JSON.stringify(props),
    inRange: display.kind === 'in-range' ? display : null,
    outOfRange: display.kind === 'out-of-range' ? display : null,
  };
}

/** The RestockForm island (packages/web/docs/restock.md), for physical and service products with waitlist messages. */
export function restockFormProps(p: CatalogProduct, site: Site, view: MerchandisingView) {
  const messages = p.merchandising?.restockNotificationMessages;
  if (!messages || (p.productType !== ProductType.PHYSICAL && p.productType !== ProductType.SERVICE))
    return null;
  if (!shownIn(p.merchandising?.restockNotificationViews, view)) return null;
  const variants = p.variants.map((v) => ({
    sku: v.sku,
    variantId: v.sku,
    attributes: v.attributes,
    soldOut: !v.unlimited && v.qtyInStock <= 0,
  }));
  const texts = {
    buttonText: messages.buttonText ?? '',
    CTAText: messages.CTAText ?? '',
    placeholderText: messages.placeholderText ?? '',
    mailingListDescription: messages.mailingListDescription ?? '',
  };
  return {
    productId: p.id,
    variants,
    messages: texts,
    mailingListSignUpEnabled: !!p.merchandising?.mailingListSignUpEnabled,
    mailingListOptInByDefault: !!p.merchandising?.mailingListOptInByDefault,
    successText: site.storeSettings.restockNotificationsSuccessText || DEFAULT_RESTOCK_SUCCESS_TEXT,
    // Spec §4: "The restock form is hidden by default when configured."
    shownByDefault: false,
  };
}

/** The product page's restock form: the island's props and the server markup's values. */
function restockContext(p: CatalogProduct, site: Site) {
  const props = restockFormProps(p, site, 'product-page');
  if (!props) return null;
  const { variants } = props;
  return {
    ...props,
    props: JSON.stringify(props),
    shown: variants.every((v) => v.soldOut),
    variantId: variants.length === 1 ? variants[0].variantId : '',
    // Without JavaScript the shopper names the variant in the form itself.
    variantChoiceLabel: Object.keys(variants[0]?.attributes ?? {}).join(' / ') || 'Item',
    variantChoices:
      variants.length > 1
        ? variants.map((v) => ({
            variantId: v.variantId,
            label: Object.values(v.attributes).join(' / ') || v.sku,
          }))
        : [],
  };
}

/**
 * Spec §3 Money: `value` in minor units ('7800') with its currency. `decimalValue` and
 * `currencyCode` beside them ('78.00') are what themes and the engine's money formatter print.
 */
function themeMoney(cents: number, currency: string) {
  return { ...toMoney(cents, currency), ...decimalPrice(cents, currency) };
}

/** Spec §3 "price (decimalValue)": a price as the decimal a theme prints. */
function decimalPrice(cents: number, currency: string) {
  return { decimalValue: decimalFromMinor(cents, currency), currencyCode: currency };
}

/** The product's JSON as a product page sees it: spec §3 "Product item", plus display values under `display`. */
export function productContext(
  p: CatalogProduct,
  site: Site,
  crumb: string,
  installments: InstallmentContext,
  additionalFieldsForm: FormSchema | null = null,
) {
  const { currency } = site.website;
  // The product's own price is its lowest: the "from" price of a product whose variants differ.
  const lowest = p.variants.reduce((a, v) => (v.priceCents < a.priceCents ? v : a), p.variants[0]);
  const subscriptionOptions = p.isSubscribable ? (p.productSubscriptionOptions ?? []) : [];
  const card = productCardContext(p, site);
  const soldOut = isSoldOut(p);
  const options = variantOptions(p);
  const islandProps = productFormProps(p, site);
  const { showQuantity } = islandProps;
  const money = (cents: number) => formatMoney(cents, currency, site.website.locale);
  return {
    ...card,
    collectionId: p.collectionId,
    recordType: p.recordType,
    excerpt: p.excerpt ?? '',
    body: sanitizeHtml(p.description ?? ''),
    items: p.images.map((img) => imageContext(img, p.name)),
    // The gallery: a strip of slides that scrolls (swipes) without JavaScript, thumbnails that
    // link to each slide; the Gallery script follows the chosen variant and opens the lightbox.
    gallery: {
      multiple: p.images.length > 1,
      props: JSON.stringify({ itemId: p.id, variantImages: p.variantImages }),
      slides: p.images.map((img, i) => ({
        ...imageContext(img, p.name),
        number: i + 1,
        label: `Image ${i + 1} of ${p.images.length}`,
      })),
    },
    // Spec §3 product page context: these beside the item's own fields.
    productType: p.productType,
    subscribable: !!p.isSubscribable,
    isSubscription: !!p.isSubscribable,
    name: p.name,
    price: decimalPrice(lowest?.priceCents ?? 0, currency),
    userDefinedVariantOptions: options.map((o) => ({ name: o.name, values: o.values })),
    structuredContent: {
      productType: p.productType,
      isSubscribable: !!p.isSubscribable,
      subscriptionPlan: p.subscriptionPlan ?? null,
      productSubscriptionOptions: subscriptionOptions.map((o) => ({ id: o.id, title: o.title ?? '' })),
      priceMoney: themeMoney(lowest?.priceCents ?? 0, currency),
      salePriceMoney: themeMoney(lowest?.salePriceCents ?? 0, currency),
      onSale: isOnSale(p),
      additionalFieldsFormId: p.additionalFieldsFormId ?? null,
      additionalFieldsForm: additionalFieldsForm && {
        id: additionalFieldsForm.id,
        name: additionalFieldsForm.name,
        fields: additionalFieldsForm.fields,
      },
      useCustomAddButtonText: !!p.useCustomAddButtonText,
      customAddButtonText: p.customAddButtonText ?? '',
      audioAssetUrl: p.audioAssetUrl ?? '',
      variantOptionOrdering: p.variantOptionOrdering ?? [],
      variants: p.variants.map((v) => ({
        sku: v.sku,
        attributes: v.attributes,
        priceMoney: themeMoney(v.priceCents, currency),
        salePriceMoney: themeMoney(v.salePriceCents, currency),
        price: decimalPrice(v.priceCents, currency),
        salePrice: decimalPrice(v.salePriceCents, currency),
        // A subscription's price per option the shopper may choose; none for other products.
        pricingOptions: subscriptionOptions.map((o) => ({
          productSubscriptionOptionId: o.id,
          priceMoney: themeMoney(v.priceCents, currency),
          salePriceMoney: themeMoney(v.salePriceCents, currency),
          onSale: v.onSale,
        })),
        onSale: v.onSale,
        qtyInStock: v.qtyInStock,
        unlimited: v.unlimited,
        optionValues: Object.entries(v.attributes).map(([optionName, value]) => ({ optionName, value })),
      })),
    },
    display: {
      ...card.display,
      isDetail: true,
      subscriptionText: subscriptionText(p, card.display.price),
      scarcity: scarcityContext(p),
      installments: installmentsContext(p, site, installments),
      restock: restockContext(p, site),
      metaDescription: descriptionFallback(plainText(p.excerpt || p.description || '')),
      soldOut,
      // Nothing chosen yet: each value marked when no variant with it is in stock (the island
      // marks the same, then follows the shopper's choices).
      options: options.map((o) => ({
        name: o.name,
        values: o.values.map((value) => ({
          value,
          mark: choiceMark(choiceAvailability(p, {}, o.name, value)),
        })),
      })),
      radioSelectors: islandProps.variantSelector === 'radio',
      showQuantity,
      quantity: { min: QUANTITY_MIN, max: QUANTITY_MAX, label: DEFAULT_TEXTS.quantity },
      subscriptionOptions: islandProps.subscriptionOptions,
      subscriptionOptionLabel: SUBSCRIPTION_OPTION_LABEL,
      // The donate page (spec §2, 203): the amount box instead of a price and quantity.
      donation: p.donation && {
        label: DONATION_TEXT.label,
        rangeText: DONATION_TEXT.range(money(p.donation.minCents), money(p.donation.maxCents)),
        presets: p.donation.presetsCents.map((cents) => ({ value: decimalFromMinor(cents, currency) })),
      },
      buttonText: soldOut ? BUTTON_TEXT.soldOut : islandProps.addButtonText,
      crumb,
      islandProps: JSON.stringify(islandProps),
    },
  };
}

export interface PageInput {
  site: Site;
  pageType: number;
  title: string;
  crumb: string;
  /** The response's CSP nonce, carried by the page's scripts. */
  nonce: string;
  cart: CartView;
  assets: WebAssets;
  collection?: Collection;
  collections: Collection[];
  /** Pages of their own besides the collections (forms published at /{slug}), for the navigation. */
  pages?: { title: string; url: string }[];
  path: string;
  cartError?: string;
  /** The outcome of a plain (no JavaScript) restock form, shown in the form. */
  restockMessage?: string;
  /** The shopper closed the site's announcement. */
  announcementDismissed?: boolean;
  /** Spec §3 website captchaSettings.siteKey: set when the site verifies with reCAPTCHA. */
  recaptchaSiteKey?: string;
  /** The owner offers a newsletter sign-up in the popup overlay (spec §2 104): its island is on the page. */
  newsletterPopup?: boolean;
  /** The footer's newsletter sign-up, rendered (render/form-block.ts footerSignUpHtml); '' for none. */
  footerSignUpHtml?: string;
  /** The order a confirmation page confirms, for the ad pixels' Purchase (that shopper's own page only). */
  purchase?: PagePurchase;
}

/** Spec §7 ad-pixel Purchase: the order, and its value as analytics reports it (spec §9: subtotal / 100). */
export interface PagePurchase {
  orderId: string;
  value: number;
  currency: string;
}

/** Whether `path` is at or under `url` (so /blog is not active on /blogroll). */
function isUnder(path: string, url: string): boolean {
  return path === url || path.startsWith(`${url}/`);
}

/** Spec §3 folders: top-level collections in order, a folder with the collections inside it. */
export function navigation(collections: Collection[], path: string) {
  const entry = (c: Collection) => ({ title: c.title, url: c.fullUrl, active: isUnder(path, c.fullUrl) });
  return collections
    .filter((c) => !c.parentId && !c.notLinked)
    .map((c) => {
      if (!c.folder) return { ...entry(c), children: null };
      const children = collections.filter((x) => x.parentId === c.id && !x.notLinked).map(entry);
      return { ...entry(c), active: children.some((x) => x.active), children };
    });
}

/** Every page's footer: the owner's policy links, contact details and social accounts. */
function footerContext(site: Site, signUpHtml: string) {
  const f = site.website.footer;
  const contact = !!(f.contactEmail || f.contactPhone || f.contactAddress);
  return {
    policies: f.policies.length > 0 ? f.policies : null,
    contact: contact
      ? {
          email: f.contactEmail ?? '',
          phone: f.contactPhone ?? '',
          // A tel: link dials digits and a leading +, whatever the owner typed between them.
          phoneHref: f.contactPhone ? `tel:${f.contactPhone.replace(/[^\d+]/g, '')}` : '',
          address: f.contactAddress ?? '',
        }
      : null,
    socialAccounts: f.socialAccounts.length > 0 ? f.socialAccounts : null,
    signUpHtml,
  };
}

/** The context every page template gets: website, settings, collection and our `sf` block. */
export function pageContext(input: PageInput, extra: Record<string, unknown> = {}) {
  const { site, cart } = input;
  const pill = {
    totalQuantity: cart.totalQuantity,
    subtotalCents: cart.subtotalCents,
    currency: cart.currency,
  };
  const subtotalText = formatMoney(cart.subtotalCents, cart.currency, site.website.locale);
  return {
    website: site.website,
    websiteSettings: {
      storeSettings: site.storeSettings,
      commentsEnabled: site.community.commentsEnabled,
      simpleLikingEnabled: site.community.simpleLikingEnabled,
      shareButtonOptions: site.community.shareButtonOptions,
    },
    storeSettings: site.storeSettings,
    pageType: input.pageType,
    collection: input.collection ?? null,
    ...extra,
    sf: {
      title: input.title,
      crumb: input.crumb,
      nonce: input.nonce,
      scripts: input.assets.scripts,
      styles: input.assets.styles,
      navigation: [
        ...navigation(input.collections, input.path),
        ...(input.pages ?? []).map((p) => ({ ...p, active: input.path === p.url })),
      ],
      announcement:
        site.website.announcement && !input.announcementDismissed
          ? { ...site.website.announcement, returnTo: input.path }
          : null,
      footer: footerContext(site, input.footerSignUpHtml ?? ''),
      cartError: input.cartError ?? '',
      accountActive: input.path.startsWith('/account'),
      restockMessage: input.restockMessage ?? '',
      newsletterPopup: input.newsletterPopup ?? false,
      contextJson: scriptJson({
        websiteId: site.website.id,
        currency: site.website.currency,
        locale: site.website.locale,
        pageType: input.pageType,
        cartUrl: '/cart',
        ...(input.recaptchaSiteKey ? { captchaSettings: { siteKey: input.recaptchaSiteKey } } : {}),
        // What the analytics script records with each page (spec §3 analytics record, §6 flags).
        analytics: {
          censusDisabled: site.analytics.censusDisabled,
          cookieConsent: site.analytics.cookieConsent,
          collectionId: input.collection?.id ?? null,
          itemId: (extra.item as { id?: string } | undefined)?.id ?? null,
          // The merchant's ad-pixel ids, only when set (the script loads nothing without them).
          ...(Object.keys(site.pixels).length > 0 ? { pixels: site.pixels } : {}),
          ...(input.purchase ? { purchase: input.purchase } : {}),
        },
      }),
      pillCart: showsPillCart(input.pageType) && {
        shown: showPillCart(cart.totalQuantity),
        countText: pillCartCountText(cart.totalQuantity),
        subtotalText,
        label: pillCartLabel(cart.totalQuantity, subtotalText),
        props: JSON.stringify(pill),
      },
    },
  };
}

/** The cart page's context: the CartPage island's server markup (packages/web/docs/cart.md). */
export function cartPageContext(
  cart: CartView,
  locale: string,
  entryForms: Record<string, string>,
  formFields: Record<string, AnswerField[]> = {},
) {
  const money = (cents: number) => formatMoney(cents, cart.currency, locale);
  const shippingChosen = !!cart.selectedShippingOption || cart.shippingCostCents > 0;
  return {
    cart: {
      ...cart,
      empty: cart.entries.length === 0,
      subtotalText: money(cart.subtotalCents),
      discountText: cart.discountCents > 0 ? `\u2212${money(cart.discountCents)}` : '',
      shippingText: cart.requiresShipping
        ? shippingChosen
          ? money(cart.shippingCostCents)
          : 'Calculated at checkout'
        : '',
      taxText: cart.taxCents > 0 ? money(cart.taxCents) : '',
      totalText: money(cart.grandTotalCents),
      hasCoupons: cart.validCoupons.length + cart.invalidCoupons.length > 0,
      entries: cart.entries
        .map((e) => ({
          ...e,
          editable: e.additionalFields != null && e.itemId in entryForms,
          fixedQuantity: isQuantityFixed(e),
          unitPriceText: money(e.purchasePriceCents),
          lineTotalText: money(minorFromMoney(e.subTotal)),
          attributeList: Object.entries(e.chosenVariant.attributes).map(([name, value]) => ({ name, value })),
          answers: formAnswerLines(formFields[entryForms[e.itemId] ?? ''] ?? [], e.additionalFields ?? null),
        }))
        .map((e) => ({ ...e, hasAnswers: e.answers.length > 0 })),
      islandProps: JSON.stringify({ cart, entryForms, formFields }),
    },
  };
}

/** Wire shapes the islands receive from the server (docs/api.md). */

export interface WireMoney {
  /** Minor units as a decimal string (spec §3 Money). */
  value: string;
  currency: string;
}

export interface CartEntry {
  id: string;
  itemId: string;
  quantity: number;
  chosenVariant: { sku: string; attributes: Record<string, string> };
  title: string;
  subTotal: WireMoney;
  purchasePriceCents: number;
  additionalFields: string | null;
  productType: number;
  url: string;
  imageUrl: string | null;
}

export interface Cart {
  id: string | null;
  websiteId: string;
  orderId: string | null;
  created: number;
  isPurchased: boolean;
  currency: string;
  entries: CartEntry[];
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

/** What the pill cart needs; the PillCart island's props. */
export interface CartSummary {
  totalQuantity: number;
  subtotalCents: number;
  currency: string;
}

/** `<script type="application/json" id="sf-context">` on every page. */
/** The page's analytics settings and ids (server render/context.ts). */
export interface PageAnalytics {
  censusDisabled: boolean;
  cookieConsent: 'off' | 'banner';
  collectionId: string | null;
  itemId: string | null;
}

export interface PageContext {
  websiteId: string;
  currency: string;
  locale: string;
  pageType: number;
  cartUrl: string;
  /** Absent on pages rendered before analytics existed (then nothing is recorded). */
  analytics?: PageAnalytics;
  /** Spec §3 website captchaSettings: present when the site verifies with reCAPTCHA. */
  captchaSettings?: { siteKey: string };
}

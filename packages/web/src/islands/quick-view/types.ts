import type { ProductFormProps } from '../ProductForm';
import type { RestockFormProps } from '../RestockForm';

/** `GET /api/commerce/quick-view/{itemId}` (docs/quick-view.md). */
export interface QuickViewItem {
  id: string;
  name: string;
  fullUrl: string;
  images: { assetUrl: string; altText: string }[];
  /** Plain text. */
  excerpt: string;
  price: {
    text: string;
    saleText: string;
    onSale: boolean;
    /** 'from $10.00' when variants differ in price, else null or ''. */
    fromText: string | null;
    salePriceLabel: string;
    originalPriceLabel: string;
  };
  /** Spec §3 plan wording of a subscription's price ('$22.00 every month'); '' otherwise. */
  subscriptionText?: string;
  /** e.g. 'sold-out' or 'sale'; null without a badge. */
  badge: string | null;
  badgeText: string;
}

export interface QuickViewResponse {
  item: QuickViewItem;
  productForm: ProductFormProps;
  /** The restock form where the merchant shows it in the quick view (restockNotificationViews). */
  restockForm?: RestockFormProps | null;
}

export function quickViewPath(itemId: string): string {
  return `/api/commerce/quick-view/${encodeURIComponent(itemId)}`;
}

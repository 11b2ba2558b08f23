/** The wire contract of the quick view (the quick-view island imports its types). */
import { z } from 'zod';
import { text } from '../platform/request-input.js';

export const quickViewParams = z.object({ itemId: text() });

/** GET /api/commerce/quick-view/{itemId} (packages/web/docs/quick-view.md). */
export const quickViewReply = z.object({
  item: z.object({
    id: z.string(),
    name: z.string(),
    fullUrl: z.string(),
    images: z.array(z.object({ assetUrl: z.string(), altText: z.string() })),
    /** Plain text. */
    excerpt: z.string(),
    price: z.object({
      onSale: z.boolean(),
      /** Variants differ in price: `fromText` says from what. */
      varied: z.boolean(),
      text: z.string(),
      saleText: z.string(),
      /** 'from $10.00' when variants differ in price, else ''. */
      fromText: z.string(),
      salePriceLabel: z.string(),
      originalPriceLabel: z.string(),
    }),
    /** Spec §3 plan wording of a subscription's price ('$22.00 every month'); '' otherwise. */
    subscriptionText: z.string(),
    /** 'sold-out' or 'sale'; null without a badge. */
    badge: z.enum(['sold-out', 'sale']).nullable(),
    badgeText: z.string(),
  }),
  /** The ProductForm island's props (packages/web/src/islands/ProductForm.tsx). */
  productForm: z.looseObject({}),
  /** The RestockForm island's props where the merchant shows it in the quick view, else null. */
  restockForm: z.looseObject({}).nullable(),
});

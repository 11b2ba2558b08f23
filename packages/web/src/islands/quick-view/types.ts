import type { z } from 'zod';
import type { quickViewReply } from '../../../../server/src/render/quick-view-schema';
import type { ProductFormProps } from '../ProductForm';
import type { RestockFormProps } from '../RestockForm';

/** `GET /api/commerce/quick-view/{itemId}` (docs/quick-view.md). */
export type QuickViewItem = z.output<typeof quickViewReply>['item'];

export interface QuickViewResponse {
  item: QuickViewItem;
  productForm: ProductFormProps;
  /** The restock form where the merchant shows it in the quick view (restockNotificationViews). */
  restockForm?: RestockFormProps | null;
}

export function quickViewPath(itemId: string): string {
  return `/api/commerce/quick-view/${encodeURIComponent(itemId)}`;
}

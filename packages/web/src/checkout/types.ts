/**
 * Wire shapes of checkout: the types of the server routes' zod schemas (docs/openapi.json), so the
 * browser and the server cannot drift apart.
 */
import type { Quote } from '../../../server/src/modules/checkout/schema';

export type {
  CheckoutSource,
  OrderRequest,
  PaymentInput,
  Quote,
  QuoteRequest,
} from '../../../server/src/modules/checkout/schema';
export type { DecimalMoney, ShippingAddress } from '../../../server/src/modules/orders/view';

export type QuoteItem = Quote['items'][number];

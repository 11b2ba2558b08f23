/**
 * Wire shapes of checkout: the types of the server routes' zod schemas (docs/openapi.json), so the
 * browser and the server cannot drift apart.
 */
import type { OrderRequest, Quote } from '../../../server/src/modules/checkout/schema';

export type {
  CheckoutSource,
  OrderRequest,
  PaymentInput,
  Quote,
  QuoteRequest,
} from '../../../server/src/modules/checkout/schema';
export type { DecimalMoney, ShippingAddress } from '../../../server/src/modules/orders/view';

export type QuoteItem = Quote['items'][number];

/** Pay-later for this order (docs/pay-later.md); null when the store offers none. */
export type PayLaterQuote = NonNullable<Quote['payLater']>;

export type PaymentMethod = NonNullable<OrderRequest['paymentMethod']>;

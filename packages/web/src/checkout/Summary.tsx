import { formatMoney, minorFromDecimal } from '@storefront/commerce';
import type { Quote } from './types';

export const SUMMARY_TEXT = {
  heading: 'Order summary',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  tax: 'Tax',
  giftCard: 'Gift card',
  total: 'Total',
  amountDue: 'Amount due',
  /** Before payment a subscription says that it recurs, in its plan's words. */
  plan: (planText: string) => `Subscription: ${planText}`,
} as const;

/** The order summary in the server's no-JS markup (theme checkout.page), kept live from the quote. */
export function Summary({ quote, locale, updating }: { quote: Quote; locale: string; updating: boolean }) {
  const money = (cents: number) => formatMoney(cents, quote.currency, locale);
  return (
    <div className="checkout-summary" aria-busy={updating || undefined}>
      <h2>{SUMMARY_TEXT.heading}</h2>
      <ul className="checkout-items">
        {quote.items.map((item) => (
          <li className="checkout-item" key={`${item.itemId}-${item.sku}`}>
            <span className="checkout-item-name">
              {item.productName}
              {item.variant && <span className="checkout-item-variant">{item.variant}</span>}
            </span>{' '}
            <span className="checkout-item-quantity">{`× ${item.quantity}`}</span>{' '}
            <span className="checkout-item-total">
              {money(minorFromDecimal(item.lineTotal.decimalValue, item.lineTotal.currency))}
            </span>
          </li>
        ))}
      </ul>
      <dl className="checkout-totals">
        <dt>{SUMMARY_TEXT.subtotal}</dt>
        <dd>{money(quote.subtotalCents)}</dd>
        {quote.discountCents > 0 && (
          <>
            <dt>{SUMMARY_TEXT.discount}</dt>
            <dd>{`−${money(quote.discountCents)}`}</dd>
          </>
        )}
        {quote.requiresShipping && (
          <>
            <dt>{SUMMARY_TEXT.shipping}</dt>
            <dd>{money(quote.shippingCostCents)}</dd>
          </>
        )}
        {quote.taxCents > 0 && (
          <>
            <dt>{SUMMARY_TEXT.tax}</dt>
            <dd>{money(quote.taxCents)}</dd>
          </>
        )}
        <dt>{SUMMARY_TEXT.total}</dt>
        <dd className="checkout-grand-total">{money(quote.grandTotalCents)}</dd>
        {quote.giftCardAppliedCents > 0 && (
          <>
            <dt>{SUMMARY_TEXT.giftCard}</dt>
            <dd>{`−${money(quote.giftCardAppliedCents)}`}</dd>
            <dt>{SUMMARY_TEXT.amountDue}</dt>
            <dd className="checkout-amount-due">{money(quote.amountDueCents)}</dd>
          </>
        )}
      </dl>
      {quote.planText && <p className="checkout-plan">{SUMMARY_TEXT.plan(quote.planText)}</p>}
    </div>
  );
}

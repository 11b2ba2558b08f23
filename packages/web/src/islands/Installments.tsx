import {
  effectivePriceCents,
  INSTALLMENTS_DEFAULT_COUNT,
  type InstallmentContext,
  installmentDisplay,
  type ProductTypeNumber,
} from '@storefront/commerce';
import { lazy, type MouseEvent, Suspense, useRef, useState } from 'react';
import { pageContext } from '../context';
import { useProductSelection } from '../product-store';
import { installmentProvider } from './installments/provider';

// The popup's dialog loads on the first open: most shoppers never open it, and the product
// page's JavaScript budget is tight.
const Dialog = lazy(() => import('../ui/Dialog').then((m) => ({ default: m.Dialog })));

export interface InstallmentsProps {
  itemId: string;
  productType: ProductTypeNumber;
  isSubscribable: boolean;
  currency: string;
  /** The price shown before a variant is chosen (minor units). */
  priceCents: number;
  /** Spec §3 "Installment context per item"; null when the store has none. */
  context: InstallmentContext | null;
  /** Nothing can be bought: no pay-later offer. */
  soldOut?: boolean;
}

/** A circled 'i' drawn, not a font glyph some systems lack; the markup the server renders too. */
function InfoIcon() {
  return (
    <svg className="installments-info-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="8" cy="4.75" r="1" fill="currentColor" />
      <path d="M8 7v5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Spec §4/§9 pay-later message under the price: said once, in the pill. It follows the variant the product form has
 * chosen; the info popup opens from the pill or the info button and hands focus back to it.
 */
export function Installments(props: InstallmentsProps) {
  const { itemId, productType, isSubscribable, currency, context } = props;
  const selection = useProductSelection(itemId);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const { locale } = pageContext();

  const priceCents = selection?.selectedVariant
    ? effectivePriceCents(selection.selectedVariant)
    : props.priceCents;
  const display = installmentDisplay({
    product: { productType, isSubscribable },
    soldOut: props.soldOut ?? false,
    priceCents,
    context,
    currency,
    locale,
  });
  if (display.kind === 'hidden') return null;

  const inRange = display.kind === 'in-range';
  const info = installmentProvider.info({
    brand: display.brand,
    count: inRange ? display.count : INSTALLMENTS_DEFAULT_COUNT,
    priceCents: inRange ? priceCents : null,
    currency,
    locale,
  });

  // Safari does not focus a clicked button, so the trigger is remembered rather than read from focus.
  function openPopup(event: MouseEvent<HTMLButtonElement>) {
    triggerRef.current = event.currentTarget;
    setOpened(true);
    setOpen(true);
  }

  const brand = <span className="installments-brand">{display.brand}</span>;

  return (
    <div className="installments" data-kind={display.kind}>
      <button type="button" className="installments-pill" aria-haspopup="dialog" onClick={openPopup}>
        {inRange ? (
          <>
            {display.pillText} {brand}
          </>
        ) : (
          <>
            {brand} {display.text}
          </>
        )}
      </button>
      <button
        type="button"
        className="installments-info"
        aria-label={`About ${display.brand}`}
        aria-haspopup="dialog"
        onClick={openPopup}
      >
        <InfoIcon />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <Dialog
            open={open}
            onClose={() => setOpen(false)}
            title={info.title}
            returnFocus={triggerRef}
            className="installments-popup"
          >
            <p className="installments-popup-intro">{info.intro}</p>
            <ol className="installments-popup-steps">
              {info.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            {info.schedule.length > 0 && (
              <ul className="installments-popup-schedule">
                {info.schedule.map((payment) => (
                  <li key={payment.when}>
                    <span className="installments-popup-when">{payment.when}</span>{' '}
                    <span className="installments-popup-amount">{payment.amount}</span>
                  </li>
                ))}
              </ul>
            )}
            <p className="installments-popup-note">{info.note}</p>
          </Dialog>
        </Suspense>
      )}
    </div>
  );
}

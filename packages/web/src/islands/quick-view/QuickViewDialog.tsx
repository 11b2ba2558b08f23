import { DEFAULT_TEXTS, formatMoney } from '@storefront/commerce';
import {
  type ComponentType,
  lazy,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { requestJson } from '../../api';
import { pageContext } from '../../context';
import { useProductSelection } from '../../product-store';
import { Dialog } from '../../ui/Dialog';
import type { ProductFormProps } from '../ProductForm';
import { recordQuickView } from './census';
import { type QuickViewItem, type QuickViewResponse, quickViewPath } from './types';

/** The waitlist form, fetched only for a product whose merchant shows it in the quick view. */
const RestockForm = lazy(() => import('../RestockForm').then((m) => ({ default: m.RestockForm })));

export const QUICK_VIEW_TEXTS = {
  loading: 'Loading…',
  loadFailed: 'Unable to load.',
  retry: 'Try again.',
  fullDetails: 'View full details',
} as const;

type Load =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'loaded'; data: QuickViewResponse; Form: ComponentType<ProductFormProps> };

export interface QuickViewDialogProps {
  itemId: string;
  open: boolean;
  onClose: () => void;
  /** The Quick View button, which gets focus back. */
  returnFocus: RefObject<HTMLElement | null>;
}

/** The hidden price labels: the theme's `visually-hidden`, backed by the primitives' own rule. */
const HIDDEN_LABEL = 'visually-hidden sf-visually-hidden';

/**
 * The item's price in the product page's price-block markup (docs/product-form.md): the chosen
 * variant's price once the form has one, the server's text (e.g. a "from" price) before.
 */
function Price({
  itemId,
  currency,
  price,
}: {
  itemId: string;
  currency: string;
  price: QuickViewItem['price'];
}) {
  const variant = useProductSelection(itemId)?.selectedVariant ?? null;
  const { locale } = pageContext();
  const shown = variant
    ? {
        onSale: variant.onSale,
        text: formatMoney(variant.priceCents, currency, locale),
        saleText: formatMoney(variant.salePriceCents, currency, locale),
      }
    : {
        onSale: price.onSale && !price.fromText,
        text: price.fromText || price.text,
        saleText: price.saleText,
      };
  if (!shown.onSale) return <div className="product-price">{shown.text}</div>;
  return (
    <div className="product-price">
      <span className={HIDDEN_LABEL}>{price.salePriceLabel}</span>{' '}
      <span className="sale-price">{shown.saleText}</span>{' '}
      <span className={HIDDEN_LABEL}>{price.originalPriceLabel}</span>{' '}
      <del className="original-price">{shown.text}</del>
    </div>
  );
}

/**
 * Spec §2 quick-view overlay: loads the item's card data and product form when opened, records
 * the view for the census, and offers a retry when loading fails.
 */
export function QuickViewDialog({ itemId, open, onClose, returnFocus }: QuickViewDialogProps) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  // Each load gets a number so a slow answer to an older one is dropped.
  const attempt = useRef(0);
  const loaded = load.kind === 'loaded';

  const fetchItem = useCallback(async () => {
    const current = ++attempt.current;
    setLoad({ kind: 'loading' });
    try {
      const data = await requestJson<QuickViewResponse>('GET', quickViewPath(itemId));
      // The form's code for this product (a donation's comes with its amount field).
      const Form = await import('../ProductForm').then((m) => m.loadProductForm(data.productForm));
      if (attempt.current === current) setLoad({ kind: 'loaded', data, Form });
    } catch {
      if (attempt.current === current) setLoad({ kind: 'failed' });
    }
  }, [itemId]);

  useEffect(() => {
    if (open) void recordQuickView(itemId);
  }, [open, itemId]);

  // Loaded data is kept for the next opening; a failed or unfinished load starts again.
  useEffect(() => {
    if (open && !loaded) void fetchItem();
  }, [open, loaded, fetchItem]);

  const item = load.kind === 'loaded' ? load.data.item : null;
  const image = item?.images[0];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={item ? item.name : DEFAULT_TEXTS.quickView}
      returnFocus={returnFocus}
      className="quick-view"
    >
      {load.kind === 'loading' && <output className="quick-view-loading">{QUICK_VIEW_TEXTS.loading}</output>}
      {load.kind === 'failed' && (
        <p className="quick-view-error" role="alert">
          {QUICK_VIEW_TEXTS.loadFailed}{' '}
          <button type="button" className="quick-view-retry" onClick={() => void fetchItem()}>
            {QUICK_VIEW_TEXTS.retry}
          </button>
        </p>
      )}
      {load.kind === 'loaded' && item && (
        <div className="quick-view-content">
          {image && (
            <div className="quick-view-image">
              <img src={image.assetUrl} alt={image.altText} />
            </div>
          )}
          <div className="quick-view-details">
            {item.badge && (
              <span className={`product-badge product-badge--${item.badge}`} data-badge={item.badge}>
                {item.badgeText}
              </span>
            )}
            {item.subscriptionText ? (
              <div className="product-price">{item.subscriptionText}</div>
            ) : (
              <Price itemId={item.id} currency={load.data.productForm.currency} price={item.price} />
            )}
            {item.excerpt && <p className="quick-view-excerpt">{item.excerpt}</p>}
            <load.Form {...load.data.productForm} />
            {load.data.restockForm && (
              <Suspense fallback={null}>
                <RestockForm {...load.data.restockForm} />
              </Suspense>
            )}
            <a className="quick-view-full-details" href={item.fullUrl}>
              {QUICK_VIEW_TEXTS.fullDetails}
            </a>
          </div>
        </div>
      )}
    </Dialog>
  );
}

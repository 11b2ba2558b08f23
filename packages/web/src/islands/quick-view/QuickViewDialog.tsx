import { DEFAULT_TEXTS } from '@storefront/commerce';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { requestJson } from '../../api';
import { Dialog } from '../../ui/Dialog';
import { recordQuickView } from './census';
import { type QuickViewItem, type QuickViewResponse, quickViewPath } from './types';

const ProductForm = lazy(() => import('../ProductForm').then((m) => ({ default: m.ProductForm })));

export const QUICK_VIEW_TEXTS = {
  loading: 'Loading…',
  loadFailed: 'Unable to load.',
  retry: 'Try again.',
  fullDetails: 'View full details',
} as const;

type Load = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; data: QuickViewResponse };

export interface QuickViewDialogProps {
  itemId: string;
  open: boolean;
  onClose: () => void;
  /** The Quick View button, which gets focus back. */
  returnFocus: RefObject<HTMLElement | null>;
}

function Price({ price }: { price: QuickViewItem['price'] }) {
  if (price.fromText) return <div className="product-price">{price.fromText}</div>;
  if (!price.onSale) return <div className="product-price">{price.text}</div>;
  return (
    <div className="product-price">
      <span className="sf-visually-hidden">{price.salePriceLabel}</span>
      <span className="product-price-sale">{price.saleText}</span>{' '}
      <del className="product-price-original">
        <span className="sf-visually-hidden">{price.originalPriceLabel}</span>
        {price.text}
      </del>
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
      if (attempt.current === current) setLoad({ kind: 'loaded', data });
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
              <span className="product-badge" data-badge={item.badge}>
                {item.badgeText}
              </span>
            )}
            <Price price={item.price} />
            {item.excerpt && <p className="quick-view-excerpt">{item.excerpt}</p>}
            <Suspense fallback={null}>
              <ProductForm {...load.data.productForm} />
            </Suspense>
            <a className="quick-view-full-details" href={item.fullUrl}>
              {QUICK_VIEW_TEXTS.fullDetails}
            </a>
          </div>
        </div>
      )}
    </Dialog>
  );
}

import { type CommerceVariant, scarcityMessage } from '@storefront/commerce';
import { getProductSelection, subscribeProductSelection } from '../../product-store';

/** Spec §3 merchandising `scarcityText` and `scarcityShownByDefault`, as the server passes them. */
export interface ScarcitySettings {
  /** The merchant's text with `{qtyInStock}` where the units left go. */
  template: string;
  /** Whether the server's message shows while no variant is selected. */
  shownByDefault: boolean;
}

/** The server-rendered low-stock message of an item (docs/product-form.md "Scarcity message"). */
export const SCARCITY_SELECTOR = (itemId: string) =>
  `.product-scarcity[data-item-scarcity="${CSS.escape(itemId)}"]`;

/**
 * Keeps the item's low-stock messages outside the island in step with the selected variant: its
 * units left while it has a finite stock above 0, nothing for an unlimited or empty one, and the
 * server's message (shown only by default) while no variant is selected. Returns the function
 * that stops following and puts the server's state back.
 */
export function connectScarcity(itemId: string, settings: ScarcitySettings): () => void {
  const blocks = Array.from(document.querySelectorAll<HTMLElement>(SCARCITY_SELECTOR(itemId)));
  const serverTexts = blocks.map((el) => el.textContent ?? '');
  let shown: CommerceVariant | null = null;
  const restore = () => {
    blocks.forEach((el, i) => {
      el.textContent = serverTexts[i];
      el.hidden = !settings.shownByDefault || serverTexts[i] === '';
    });
  };
  const update = () => {
    const variant = getProductSelection(itemId)?.selectedVariant ?? null;
    if (variant === shown) return;
    shown = variant;
    if (!variant) return restore();
    const finite = !variant.unlimited && variant.qtyInStock > 0;
    for (const el of blocks) {
      el.hidden = !finite;
      if (finite) el.textContent = scarcityMessage(settings.template, variant.qtyInStock);
    }
  };
  update();
  const unsubscribe = subscribeProductSelection(itemId, update);
  return () => {
    unsubscribe();
    if (shown) restore();
  };
}

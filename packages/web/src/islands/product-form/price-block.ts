import { type CommerceVariant, DEFAULT_TEXTS, formatMoney } from '@storefront/commerce';
import { getProductSelection, subscribeProductSelection } from '../../product-store';

/** The server-rendered price block of an item (docs/product-form.md "Price block"). */
export const PRICE_BLOCK_SELECTOR = (itemId: string) =>
  `.product-price[data-item-price="${CSS.escape(itemId)}"]`;

function span(className: string, text: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.className = className;
  el.textContent = text;
  return el;
}

/**
 * The nodes the server renders for one variant's price: the plain price, or the sale price and
 * the struck-through original, each announced by a visually hidden label.
 */
export function priceNodes(variant: CommerceVariant, currency: string, locale: string): Node[] {
  const price = formatMoney(variant.priceCents, currency, locale);
  if (!variant.onSale) return [document.createTextNode(price)];
  const original = document.createElement('del');
  original.className = 'original-price';
  original.textContent = price;
  return [
    span('visually-hidden', DEFAULT_TEXTS.salePrice),
    document.createTextNode(' '),
    span('sale-price', formatMoney(variant.salePriceCents, currency, locale)),
    document.createTextNode(' '),
    span('visually-hidden', DEFAULT_TEXTS.originalPrice),
    document.createTextNode(' '),
    original,
  ];
}

/**
 * Keeps the item's price blocks outside the island in step with the selected variant: the
 * variant's price while one is selected, the server's own text (e.g. "from $20.00") otherwise.
 * Returns the function that stops following and restores the server text.
 */
export function connectPriceBlocks(itemId: string, currency: string, locale: string): () => void {
  const blocks = Array.from(document.querySelectorAll(PRICE_BLOCK_SELECTOR(itemId)));
  const serverNodes = blocks.map((el) => Array.from(el.childNodes, (n) => n.cloneNode(true)));
  let shown: CommerceVariant | null = null;
  const restore = () => {
    blocks.forEach((el, i) => {
      el.replaceChildren(...serverNodes[i].map((n) => n.cloneNode(true)));
    });
  };
  const update = () => {
    const variant = getProductSelection(itemId)?.selectedVariant ?? null;
    if (variant === shown) return;
    shown = variant;
    if (!variant) return restore();
    for (const el of blocks) el.replaceChildren(...priceNodes(variant, currency, locale));
  };
  update();
  const unsubscribe = subscribeProductSelection(itemId, update);
  return () => {
    unsubscribe();
    if (shown) restore();
  };
}

/**
 * The product page's related-product and reviews events (spec §7 RELATED_EVENTS, REVIEW_EVENTS),
 * from the markup's attributes through listeners on the document: no island carries them.
 * - `data-related-products` on the related section, `data-related-item="{itemId}"` on each card:
 *   RelatedProductDisplay once the section is in view, RelatedProductClick on a card's link, and
 *   RelatedProductAddToCart for an add of a related item: on this page, or on the page its card
 *   led to (remembered for the tab's session).
 * - `data-reviews-tab` and `data-reviews-anchor` on the reviews' tab and its summary link:
 *   ReviewsTab and ReviewsVitalsAnchorLink when pressed.
 */
type RecordEvent = (name: string, data: Record<string, unknown>) => void;

const RELATED_ITEM = 'data-related-item';
/** The related item whose card the shopper followed last (session storage key). */
const FOLLOWED_KEY = 'sf:related-item';

/** Session storage may be refused (privacy settings): then nothing is remembered. */
function followed(itemId?: string | null): string | null {
  try {
    if (itemId) sessionStorage.setItem(FOLLOWED_KEY, itemId);
    return sessionStorage.getItem(FOLLOWED_KEY);
  } catch {
    return null;
  }
}

/** Starts the page's listeners; answers whether an added item is one of the related products. */
export function observePageEvents(doc: Document, record: RecordEvent): (itemId: string) => boolean {
  const section = doc.querySelector('[data-related-products]');
  const related = new Set(
    Array.from(
      section?.querySelectorAll(`[${RELATED_ITEM}]`) ?? [],
      (el) => el.getAttribute(RELATED_ITEM) ?? '',
    ),
  );
  if (section && related.size > 0 && 'IntersectionObserver' in window) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      record('RelatedProductDisplay', { relatedItemIds: [...related] });
    });
    seen.observe(section);
  }
  doc.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    const card = target?.closest('a[href]')?.closest(`[${RELATED_ITEM}]`);
    if (card) {
      const relatedItemId = card.getAttribute(RELATED_ITEM);
      followed(relatedItemId);
      record('RelatedProductClick', { relatedItemId });
    } else if (target?.closest('[data-reviews-tab]')) record('ReviewsTab', {});
    else if (target?.closest('[data-reviews-anchor]')) record('ReviewsVitalsAnchorLink', {});
  });
  return (itemId) => related.has(itemId) || followed() === itemId;
}

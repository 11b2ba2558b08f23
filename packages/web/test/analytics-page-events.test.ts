import { afterEach, describe, expect, it, vi } from 'vitest';
import { observePageEvents } from '../src/analytics/page-events';

const PAGE = `
  <button data-reviews-tab>Reviews (3)</button>
  <a href="#reviews" data-reviews-anchor>4.5 stars</a>
  <section data-related-products>
    <ul>
      <li data-related-item="mug"><a href="/shop/p/mug"><h2>Mug</h2></a><button type="button">Quick View</button></li>
      <li data-related-item="cap"><a href="/shop/p/cap">Cap</a></li>
    </ul>
  </section>`;

/** Stands in for the browser's observer: the test says when the section comes into view. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: { callback: IntersectionObserverCallback; disconnected: boolean };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  return (isIntersecting: boolean) => {
    for (const o of observers)
      if (!o.disconnected)
        o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.body.innerHTML = '';
});

describe('the product page’s related-product and reviews events', () => {
  it('records RelatedProductDisplay once, when the section comes into view', () => {
    const inView = stubObserver();
    document.body.innerHTML = PAGE;
    const record = vi.fn();
    observePageEvents(document, record);
    inView(false);
    expect(record).not.toHaveBeenCalled();
    inView(true);
    inView(true);
    expect(record.mock.calls).toEqual([['RelatedProductDisplay', { relatedItemIds: ['mug', 'cap'] }]]);
  });

  it('records RelatedProductClick for a card’s link, not its other buttons', () => {
    stubObserver();
    document.body.innerHTML = PAGE;
    const record = vi.fn();
    document.addEventListener('click', (e) => e.preventDefault(), { once: true });
    observePageEvents(document, record);
    document.querySelector('h2')?.click();
    document.querySelector<HTMLButtonElement>('[data-related-item] button')?.click();
    expect(record.mock.calls).toEqual([['RelatedProductClick', { relatedItemId: 'mug' }]]);
  });

  it('records ReviewsTab and ReviewsVitalsAnchorLink from their attributes', () => {
    stubObserver();
    document.body.innerHTML = PAGE;
    const record = vi.fn();
    observePageEvents(document, record);
    document.querySelector<HTMLElement>('[data-reviews-tab]')?.click();
    document.querySelector<HTMLElement>('[data-reviews-anchor]')?.click();
    expect(record.mock.calls).toEqual([
      ['ReviewsTab', {}],
      ['ReviewsVitalsAnchorLink', {}],
    ]);
  });

  it('tells a related item’s add from the page’s own', () => {
    stubObserver();
    document.body.innerHTML = PAGE;
    const isRelated = observePageEvents(document, vi.fn());
    expect([isRelated('cap'), isRelated('tee')]).toEqual([true, false]);
  });

  it('counts an add on the page a related card led to as the related item’s', () => {
    stubObserver();
    document.body.innerHTML = PAGE;
    document.addEventListener('click', (e) => e.preventDefault(), { once: true });
    observePageEvents(document, vi.fn());
    document.querySelector<HTMLElement>('[data-related-item="cap"] a')?.click();
    // The next page: the cap's own, whose related products are others.
    document.body.innerHTML =
      '<section data-related-products><ul><li data-related-item="mug"></li></ul></section>';
    const isRelated = observePageEvents(document, vi.fn());
    expect([isRelated('cap'), isRelated('tee')]).toEqual([true, false]);
  });

  it('records nothing on a page without those attributes', () => {
    stubObserver();
    document.body.innerHTML = '<a href="/shop/p/tee">Tee</a>';
    const record = vi.fn();
    observePageEvents(document, record);
    document.querySelector('a')?.click();
    expect(record).not.toHaveBeenCalled();
  });
});

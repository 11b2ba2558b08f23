import { getProductSelection, subscribeProductSelection } from '../product-store';
import type { LightboxImage } from './lightbox';

/** Props the product page's gallery carries (theme products.item, `data-gallery`). */
interface GalleryProps {
  itemId: string;
  /** sku → index of the image shown when that variant is picked. */
  variantImages: Record<string, number>;
}

/**
 * The product page's images. Without JavaScript they are a strip that scrolls (swipes on touch)
 * with thumbnails linking to each; this adds previous/next buttons, keeps the thumbnail of the
 * image in view marked, shows the chosen variant's image, and opens the lightbox (its own chunk,
 * fetched on the first open).
 */
export function startGallery(root: HTMLElement): void {
  const strip = root.querySelector<HTMLElement>('.product-gallery-strip');
  if (!strip) return;
  const props = JSON.parse(root.dataset.props ?? '{}') as GalleryProps;
  const slides = Array.from(root.querySelectorAll<HTMLElement>('.product-gallery-slide'));
  const thumbs = Array.from(root.querySelectorAll<HTMLElement>('.product-gallery-thumb'));
  let current = 0;

  const mark = (index: number) => {
    current = index;
    thumbs.forEach((t, i) => {
      if (i === index) t.setAttribute('aria-current', 'true');
      else t.removeAttribute('aria-current');
    });
  };
  // While the strip glides to a chosen image, the images it passes are not "the one in view".
  let gliding: number | null = null;
  const show = (index: number) => {
    const i = (index + slides.length) % slides.length;
    const left = i * strip.clientWidth;
    gliding = Math.abs(strip.scrollLeft - left) < 1 ? null : i;
    strip.scrollTo({ left });
    mark(i);
  };

  strip.addEventListener('scroll', () => {
    const i = Math.round(strip.scrollLeft / strip.clientWidth);
    if (gliding !== null) {
      if (Math.abs(strip.scrollLeft - gliding * strip.clientWidth) < 1) gliding = null;
      return;
    }
    if (i !== current && i >= 0 && i < slides.length) mark(i);
  });
  strip.addEventListener('scrollend', () => {
    gliding = null;
  });
  thumbs.forEach((t, i) => {
    t.addEventListener('click', (e) => {
      e.preventDefault();
      show(i);
    });
  });
  for (const [selector, step] of [
    ['.product-gallery-prev', -1],
    ['.product-gallery-next', 1],
  ] as const) {
    const button = root.querySelector<HTMLButtonElement>(selector);
    if (!button) continue;
    button.hidden = false;
    button.addEventListener('click', () => show(current + step));
  }

  const images = (): LightboxImage[] =>
    slides.map((s) => {
      const img = s.querySelector('img')!;
      return { src: img.currentSrc || img.src, srcset: img.getAttribute('srcset') ?? '', alt: img.alt };
    });
  slides.forEach((s, i) => {
    s.querySelector('a')?.addEventListener('click', (e) => {
      e.preventDefault();
      void import('./lightbox').then((m) => m.openLightbox(images(), i, show));
    });
  });

  const followVariant = () => {
    const sku = getProductSelection(props.itemId)?.selectedVariant?.sku;
    const index = sku === undefined ? undefined : props.variantImages[sku];
    if (index !== undefined && index !== current) show(index);
  };
  subscribeProductSelection(props.itemId, followVariant);
  // The shopper may have swiped before this ran.
  mark(Math.round(strip.scrollLeft / (strip.clientWidth || 1)));
  followVariant();
}

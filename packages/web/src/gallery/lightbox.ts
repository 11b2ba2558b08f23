/** An image as the lightbox shows it: the page's own sources, at the window's width. */
export interface LightboxImage {
  src: string;
  srcset: string;
  alt: string;
}

/** A swipe is a horizontal move of at least this many px (shorter is a tap or a scroll). */
const SWIPE_MIN_PX = 50;

let dialog: HTMLDialogElement | null = null;

function button(className: string, label: string, text: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = className;
  b.setAttribute('aria-label', label);
  b.textContent = text;
  return b;
}

/**
 * Opens the product images full screen at `start`: arrows or swipes step through them, the image
 * or Zoom enlarges it, Esc or Close closes it; Tab stays inside while it is open and focus goes
 * back to where it was. `onClose` hears the index the shopper ended on.
 */
export function openLightbox(images: LightboxImage[], start: number, onClose: (index: number) => void): void {
  dialog?.remove();
  const d = document.createElement('dialog');
  dialog = d;
  d.className = 'lightbox';
  d.setAttribute('aria-label', 'Product images');
  const count = document.createElement('p');
  count.className = 'lightbox-count';
  count.setAttribute('aria-live', 'polite');
  const zoom = button('lightbox-zoom', 'Zoom', 'Zoom');
  zoom.setAttribute('aria-pressed', 'false');
  const close = button('lightbox-close', 'Close', 'Close');
  const bar = document.createElement('div');
  bar.className = 'lightbox-bar';
  bar.append(count, zoom, close);
  const stage = document.createElement('div');
  stage.className = 'lightbox-stage';
  const img = document.createElement('img');
  img.className = 'lightbox-image';
  img.sizes = '100vw';
  stage.append(img);
  d.append(bar, stage);
  const many = images.length > 1;
  if (many)
    d.append(
      button('lightbox-step lightbox-prev', 'Previous image', '\u2039'),
      button('lightbox-step lightbox-next', 'Next image', '\u203a'),
    );

  let index = start;
  const setZoom = (on: boolean, x = 0.5, y = 0.5) => {
    stage.classList.toggle('is-zoomed', on);
    zoom.setAttribute('aria-pressed', String(on));
    // Keeps the point the shopper pointed at under the pointer.
    if (on)
      stage.scrollTo(
        x * stage.scrollWidth - stage.clientWidth / 2,
        y * stage.scrollHeight - stage.clientHeight / 2,
      );
  };
  const show = (i: number) => {
    index = (i + images.length) % images.length;
    const image = images[index];
    setZoom(false);
    img.srcset = image.srcset;
    img.src = image.src;
    img.alt = image.alt;
    count.textContent = `${index + 1} / ${images.length}`;
  };

  d.addEventListener('click', (e) => {
    const target = e.target as Element;
    if (target === close) d.close();
    else if (target === zoom) setZoom(!stage.classList.contains('is-zoomed'));
    else if (target.classList.contains('lightbox-prev')) show(index - 1);
    else if (target.classList.contains('lightbox-next')) show(index + 1);
    else if (target === img) {
      const r = img.getBoundingClientRect();
      setZoom(
        !stage.classList.contains('is-zoomed'),
        (e.clientX - r.left) / r.width,
        (e.clientY - r.top) / r.height,
      );
    }
  });
  d.addEventListener('keydown', (e) => {
    if (many && e.key === 'ArrowLeft') show(index - 1);
    else if (many && e.key === 'ArrowRight') show(index + 1);
    else if (e.key === 'Tab') {
      // The modal dialog makes the page inert; this keeps Tab from leaving for the browser's own UI.
      const focusable = Array.from(d.querySelectorAll('button'));
      const at = focusable.indexOf(document.activeElement as HTMLButtonElement);
      const next = at + (e.shiftKey ? -1 : 1);
      if (next < 0 || next >= focusable.length) {
        e.preventDefault();
        focusable[next < 0 ? focusable.length - 1 : 0].focus();
      }
    } else return;
    if (e.key !== 'Tab') e.preventDefault();
  });
  let swipeFrom: number | null = null;
  stage.addEventListener('pointerdown', (e) => {
    swipeFrom = e.pointerType === 'touch' && !stage.classList.contains('is-zoomed') ? e.clientX : null;
  });
  stage.addEventListener('pointerup', (e) => {
    if (swipeFrom === null || !many) return;
    const dx = e.clientX - swipeFrom;
    swipeFrom = null;
    if (Math.abs(dx) >= SWIPE_MIN_PX) show(index + (dx < 0 ? 1 : -1));
  });
  d.addEventListener('close', () => {
    d.remove();
    if (dialog === d) dialog = null;
    onClose(index);
  });

  document.body.append(d);
  show(start);
  d.showModal();
  close.focus();
}

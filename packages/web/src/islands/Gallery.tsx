import { useCallback, useEffect, useRef, useState } from 'react';

/** What the server puts in a gallery's data-props (render/content-context.ts galleryContext). */
export interface GalleryProps {
  id: string;
  lightbox: boolean;
  theme: 'dark' | 'light';
  autoplay: boolean;
  autoplayMs: number;
  /** Exact sizes as CSS properties (the page's CSP allows no inline style attributes). */
  style: Record<string, string>;
}

interface Slide {
  src: string;
  alt: string;
  caption: string;
}

/** A horizontal swipe at least this long turns the image. */
const SWIPE_PX = 40;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Brings a server-rendered gallery to life: its exact sizes, the previous/next controls and
 * autoplay of a slideshow or slider, and the lightbox, a modal dialog that works by keyboard
 * (arrows, Home, End, Escape; focus kept inside and given back) and by touch (swipe). Without
 * JavaScript each image is a link to the image itself and the slides scroll.
 */
export function Gallery({ id, lightbox, theme, autoplay, autoplayMs, style }: GalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const touchX = useRef<number | null>(null);
  const [slides, setSlides] = useState<Slide[]>([]);
  const [open, setOpen] = useState<number | null>(null);

  const root = useCallback(() => document.getElementById(id), [id]);

  useEffect(() => {
    const el = root();
    if (!el) return;
    for (const [name, value] of Object.entries(style)) el.style.setProperty(name, value);
    const links = [...el.querySelectorAll<HTMLAnchorElement>('a.gallery-link')];
    setSlides(
      links.map((a) => {
        const img = a.querySelector('img');
        return {
          src: a.href,
          alt: img?.alt ?? '',
          caption: a.parentElement?.querySelector('.gallery-meta')?.textContent ?? '',
        };
      }),
    );
    if (!lightbox) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a.gallery-link');
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      trigger.current = link;
      setOpen(links.indexOf(link));
    };
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [root, style, lightbox]);

  // Slideshow and slider: the controls step the scroller; the strip marks the slide in view.
  useEffect(() => {
    const el = root();
    const scroller = el?.querySelector<HTMLElement>('.gallery-slides, .gallery-design-slider .gallery-items');
    const controls = el?.querySelector<HTMLElement>('.gallery-controls');
    if (!el || !scroller) return;
    const items = [...scroller.children] as HTMLElement[];
    const current = () =>
      Math.round(scroller.scrollLeft / Math.max(1, items[0]?.offsetWidth ?? scroller.clientWidth));
    const go = (n: number) => {
      const target = items[(n + items.length) % items.length];
      if (target) scroller.scrollTo({ left: target.offsetLeft - scroller.offsetLeft, behavior: 'smooth' });
    };
    const marks = [...el.querySelectorAll<HTMLAnchorElement>('.gallery-strip a, .gallery-indicators a')];
    const mark = () => {
      const n = current();
      for (const [i, a] of marks.entries()) a.setAttribute('aria-current', i === n ? 'true' : 'false');
    };
    const onMark = (event: MouseEvent) => {
      const a = (event.target as Element).closest('a');
      const i = a ? marks.indexOf(a as HTMLAnchorElement) : -1;
      if (i < 0) return;
      event.preventDefault();
      go(i);
    };
    const prev = controls?.querySelector('.gallery-prev');
    const next = controls?.querySelector('.gallery-next');
    const onPrev = () => go(current() - 1);
    const onNext = () => go(current() + 1);
    if (controls) controls.hidden = false;
    prev?.addEventListener('click', onPrev);
    next?.addEventListener('click', onNext);
    scroller.addEventListener('scroll', mark, { passive: true });
    el.addEventListener('click', onMark);
    mark();
    // Autoplay turns the slides, resting while the visitor points at or focuses the gallery.
    let paused = false;
    const pause = () => {
      paused = true;
    };
    const resume = () => {
      paused = false;
    };
    el.addEventListener('pointerenter', pause);
    el.addEventListener('pointerleave', resume);
    el.addEventListener('focusin', pause);
    el.addEventListener('focusout', resume);
    const timer =
      autoplay && !reducedMotion()
        ? window.setInterval(() => {
            if (!paused && !document.hidden && !dialog.current?.open) go(current() + 1);
          }, autoplayMs)
        : undefined;
    return () => {
      window.clearInterval(timer);
      prev?.removeEventListener('click', onPrev);
      next?.removeEventListener('click', onNext);
      scroller.removeEventListener('scroll', mark);
      el.removeEventListener('click', onMark);
      el.removeEventListener('pointerenter', pause);
      el.removeEventListener('pointerleave', resume);
      el.removeEventListener('focusin', pause);
      el.removeEventListener('focusout', resume);
    };
  }, [root, autoplay, autoplayMs]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open !== null && !d.open) {
      d.showModal();
      d.querySelector<HTMLButtonElement>('.lightbox-close')?.focus();
    }
    if (open === null && d.open) d.close();
  }, [open]);

  const count = slides.length;
  const step = (by: number) => setOpen((n) => (n === null ? n : (n + by + count) % count));

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'Home') setOpen(0);
    else if (event.key === 'End') setOpen(count - 1);
    else if (event.key === 'Tab') {
      // Focus stays among the dialog's buttons.
      const buttons = [...(dialog.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      const first = buttons[0];
      const last = buttons[buttons.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
      return;
    } else return;
    event.preventDefault();
  };

  const onClose = () => {
    setOpen(null);
    trigger.current?.focus();
  };

  const slide = open === null ? null : slides[open];
  if (!lightbox) return null;
  return (
    <dialog
      ref={dialog}
      className={`lightbox lightbox-${theme}`}
      aria-label="Image viewer"
      onKeyDown={onKeyDown}
      onClose={onClose}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
        step(end < start ? 1 : -1);
      }}
    >
      {slide && (
        <div className="lightbox-stage">
          <p className="lightbox-count" aria-live="polite">
            {`Image ${(open ?? 0) + 1} of ${count}`}
          </p>
          <img src={slide.src} alt={slide.alt} />
          {slide.caption && <p className="lightbox-caption">{slide.caption}</p>}
          <button
            type="button"
            className="lightbox-button lightbox-close"
            aria-label="Close"
            onClick={onClose}
          >
            ×
          </button>
          {count > 1 && (
            <>
              <button
                type="button"
                className="lightbox-button lightbox-prev"
                aria-label="Previous image"
                onClick={() => step(-1)}
              >
                ‹
              </button>
              <button
                type="button"
                className="lightbox-button lightbox-next"
                aria-label="Next image"
                onClick={() => step(1)}
              >
                ›
              </button>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}

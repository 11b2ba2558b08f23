import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { newsletterPopupReply } from '../../../server/src/render/site-form-schema';
import { Dialog } from '../ui';
import { SiteForm } from './SiteForm';

/** GET answer of the popup overlay: the newsletter form the owner offers there, or null. */
type PopupReply = z.output<typeof newsletterPopupReply>;
type PopupData = NonNullable<PopupReply['data']>;

export const POPUP_PATH = '/api/newsletter/popup';
/** How long a visitor reads the page before the offer shows. */
export const POPUP_DELAY_MS = 4000;
/** Remembers, in this browser, that the visitor closed the offer (or signed up): it never shows again. */
export const POPUP_DISMISSED_KEY = 'sf-newsletter-popup-dismissed';
/** Pages that may show it: collections, pages, items (spec §2 types 1, 2, 50); never the cart or checkout. */
const POPUP_PAGE_TYPES = ['page-type-1', 'page-type-2', 'page-type-50'];

function dismissed(): boolean {
  try {
    return localStorage.getItem(POPUP_DISMISSED_KEY) !== null;
  } catch {
    return true;
  }
}

function dismiss(): void {
  try {
    localStorage.setItem(POPUP_DISMISSED_KEY, '1');
  } catch {
    // Storage refused (private mode): the offer may show again on the next page, nothing breaks.
  }
}

/** The popup overlay (page type 104): a newsletter sign-up offered once, a few seconds into a visit. */
export function NewsletterPopup() {
  const [data, setData] = useState<PopupData | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (dismissed() || !POPUP_PAGE_TYPES.some((c) => document.body.classList.contains(c))) return;
    // A page that already shows a newsletter sign-up needs no second offer.
    if (document.querySelector('.site-main .site-form-block--newsletter')) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    fetch(POPUP_PATH, { credentials: 'include', signal: controller.signal })
      .then((res) => (res.ok ? (res.json() as Promise<PopupReply>) : null))
      .then((body) => {
        if (!body?.data) return;
        setData(body.data);
        timer = setTimeout(() => setOpen(true), POPUP_DELAY_MS);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, []);

  if (!data) return null;
  return (
    <Dialog
      open={open}
      title={data.title}
      className={`newsletter-popup page-type-${data.pageType}`}
      onClose={() => {
        dismiss();
        setOpen(false);
      }}
    >
      <SiteForm {...data.form} title="" onSuccess={dismiss} />
    </Dialog>
  );
}

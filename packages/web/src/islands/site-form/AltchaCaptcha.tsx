/// <reference types="vite/client" />
import 'altcha/external';
import 'altcha/altcha.css';
import { CAPTCHA_COMPACT_BELOW_PX } from '@storefront/commerce';
import ShaWorker from 'altcha/workers/sha?worker';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { CaptchaHandle } from './types';

type Widget = HTMLElementTagNameMap['altcha-widget'];

// The widget's workers are our own files (/assets/), as the page's CSP allows; never blob: URLs.
globalThis.$altcha.algorithms.set('SHA-256', () => new ShaWorker());

/**
 * The self-hosted proof of work: the widget fetches a challenge from our server when the visitor
 * starts on the form, solves it in a worker and hands over its answer.
 */
export const AltchaCaptcha = forwardRef<
  CaptchaHandle,
  {
    challengeUrl: string;
    /** The form field the widget fills with its answer once solved. */
    name?: string;
    /** 'onsubmit': solved when the form is sent, which the widget holds until then. */
    auto?: 'onfocus' | 'onsubmit';
  }
>(function AltchaCaptcha({ challengeUrl, name = 'altcha', auto = 'onfocus' }, ref) {
  const host = useRef<HTMLDivElement>(null);
  const widget = useRef<Widget | null>(null);
  const solved = useRef<string | null>(null);

  useEffect(() => {
    const el = document.createElement('altcha-widget');
    el.setAttribute('challenge', challengeUrl);
    el.setAttribute('auto', auto);
    el.setAttribute('name', name);
    const onState = (e: Event) => {
      const { state, payload } = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      solved.current = state === 'verified' && payload ? payload : null;
    };
    el.addEventListener('statechange', onState);
    // Spec §9: compact under 320 px: no logo, no attribution line, tighter padding (site.css).
    const narrow = window.matchMedia(`(max-width: ${CAPTCHA_COMPACT_BELOW_PX - 0.02}px)`);
    const compact = () => ({ hideLogo: narrow.matches, hideFooter: narrow.matches });
    el.setAttribute('configuration', JSON.stringify(compact()));
    el.classList.toggle('altcha-compact', narrow.matches);
    host.current?.append(el);
    widget.current = el;
    const fit = () => {
      el.classList.toggle('altcha-compact', narrow.matches);
      void el.configure(compact());
    };
    narrow.addEventListener('change', fit);
    return () => {
      narrow.removeEventListener('change', fit);
      el.removeEventListener('statechange', onState);
      el.remove();
    };
  }, [challengeUrl, name, auto]);

  useImperativeHandle(ref, () => ({
    async answer() {
      if (solved.current) return solved.current;
      try {
        return (await widget.current?.verify())?.payload ?? null;
      } catch {
        return null;
      }
    },
    reset() {
      solved.current = null;
      widget.current?.reset();
    },
  }));
  return <div ref={host} />;
});

import { forwardRef, useEffect, useImperativeHandle } from 'react';
import type { CaptchaHandle } from './types';

interface Grecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Google's script for the site key, added once per page. */
function loadScript(siteKey: string): void {
  if (document.querySelector('script[data-recaptcha]')) return;
  const script = document.createElement('script');
  script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  script.async = true;
  script.dataset.recaptcha = '';
  script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  document.head.append(script);
}

/** A fresh reCAPTCHA token for `siteKey` (the script loaded first), or null when none comes. */
export function recaptchaToken(siteKey: string): Promise<string | null> {
  loadScript(siteKey);
  const g = (globalThis as { grecaptcha?: Grecaptcha }).grecaptcha;
  if (!g) return Promise.resolve(null);
  return new Promise((resolve) => {
    g.ready(() => {
      g.execute(siteKey, { action: 'submit' }).then(resolve, () => resolve(null));
    });
  });
}

/** reCAPTCHA v3: invisible; a fresh token is asked for at each submission, so reset has nothing to do. */
export const RecaptchaCaptcha = forwardRef<CaptchaHandle, { siteKey: string }>(function RecaptchaCaptcha(
  { siteKey },
  ref,
) {
  useEffect(() => loadScript(siteKey), [siteKey]);
  useImperativeHandle(ref, () => ({
    answer: () => recaptchaToken(siteKey),
    reset() {},
  }));
  return null;
});

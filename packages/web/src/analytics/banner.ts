import { ANALYTICS_ID_MS, CONSENT_COOKIE, type CookieConsent } from '@storefront/commerce';
import { setCookie } from './cookies';

export const BANNER_TEXT = {
  label: 'Cookie consent',
  message: 'We use cookies to count visits and improve this shop. No one else sees them.',
  /** When the merchant set ad pixels, which accepting turns on. */
  messageWithPixels:
    'We use cookies to count visits and improve this shop. If you accept, our advertising partners (Meta, Google) also measure our ads.',
  accept: 'Accept',
  decline: 'Decline',
} as const;

/**
 * The cookie-consent banner the merchant turns on: the answer is kept for as long as the
 * analytics identifier would be (390 days), and `onAnswer` applies it at once.
 */
export function showConsentBanner(
  doc: Document,
  onAnswer: (consent: CookieConsent) => void,
  adPixels = false,
): void {
  const banner = doc.createElement('section');
  banner.className = 'sf-consent';
  banner.setAttribute('aria-label', BANNER_TEXT.label);
  const text = doc.createElement('p');
  text.textContent = adPixels ? BANNER_TEXT.messageWithPixels : BANNER_TEXT.message;
  const actions = doc.createElement('div');
  actions.className = 'sf-consent-actions';
  const button = (label: string, consent: CookieConsent, primary: boolean) => {
    const b = doc.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.className = primary ? 'sf-consent-button sf-consent-primary' : 'sf-consent-button';
    b.addEventListener('click', () => {
      setCookie(CONSENT_COOKIE, consent, ANALYTICS_ID_MS);
      banner.remove();
      onAnswer(consent);
    });
    return b;
  };
  actions.append(
    button(BANNER_TEXT.decline, 'restrictive', false),
    button(BANNER_TEXT.accept, 'accepted', true),
  );
  banner.append(text, actions);
  doc.body.append(banner);
}

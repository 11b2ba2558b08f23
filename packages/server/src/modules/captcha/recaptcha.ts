/**
 * reCAPTCHA v3 as an option: the page runs Google's script with the site key, the server asks
 * the verify endpoint about the token. The endpoint is configurable (a proxy, a test peer).
 */
import { sha256 } from '../../platform/ids.js';
import type { CaptchaProvider, VerifiedAnswer } from './provider.js';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** Scores run 0 (a bot) to 1 (a person); Google suggests 0.5 as the line. */
export const RECAPTCHA_MIN_SCORE = 0.5;
/** Google's tokens work for two minutes. */
const TOKEN_TTL_MS = 2 * 60_000;
/** The verify call gives up after this long; the visitor is told to try again. */
const VERIFY_TIMEOUT_MS = 5_000;
const MAX_TOKEN_LENGTH = 4_000;

export interface RecaptchaOptions {
  siteKey: string;
  secretKey: string;
  verifyUrl?: string;
  minScore?: number;
}

export function createRecaptchaProvider(options: RecaptchaOptions): CaptchaProvider {
  const verifyUrl = options.verifyUrl ?? RECAPTCHA_VERIFY_URL;
  const minScore = options.minScore ?? RECAPTCHA_MIN_SCORE;
  return {
    widget: { kind: 'recaptcha', siteKey: options.siteKey },
    async verify(answer, now): Promise<VerifiedAnswer | null> {
      if (answer === '' || answer.length > MAX_TOKEN_LENGTH) return null;
      const res = await fetch(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ secret: options.secretKey, response: answer }).toString(),
        signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`reCAPTCHA verify answered HTTP ${res.status}`);
      const body = (await res.json()) as { success?: unknown; score?: unknown };
      const score = typeof body.score === 'number' ? body.score : 0;
      if (body.success !== true || score < minScore) return null;
      return { id: sha256(`recaptcha:${answer}`), expiresAt: now + TOKEN_TTL_MS };
    },
  };
}

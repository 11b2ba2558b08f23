/**
 * The captcha a site form asks for (spec §5 "Complete CAPTCHA before submitting."): a
 * self-hosted proof of work by default, reCAPTCHA when the site configures it. Both check an
 * answer the same way, so the submission code does not know which one is in use.
 */

import { z } from 'zod';

/** What the page needs to show the captcha (the SiteForm island reads it: render/site-form-schema.ts). */
export const captchaWidgetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('altcha'), challengeUrl: z.string() }),
  z.object({ kind: z.literal('recaptcha'), siteKey: z.string() }),
]);
export type CaptchaWidget = z.output<typeof captchaWidgetSchema>;

/** A genuine answer: what identifies it (to spend it once) and until when it would work. */
export interface VerifiedAnswer {
  id: string;
  expiresAt: number;
}

export interface CaptchaProvider {
  widget: CaptchaWidget;
  /** The answer when it is genuine and unexpired at `now`, null otherwise. Never throws for bad input. */
  verify(answer: string, now: number): Promise<VerifiedAnswer | null>;
}

/** Where the proof-of-work widget fetches its challenges. */
export const CAPTCHA_CHALLENGE_PATH = '/api/form/captcha-challenge';

import { AltchaCaptcha } from './site-form/AltchaCaptcha';

/** What the server puts in a comment form's data-props (render/content-pages.ts). */
export interface CommentCaptchaProps {
  captcha: { kind: 'altcha'; challengeUrl: string } | { kind: 'recaptcha'; siteKey: string };
}

/**
 * The captcha of a comment form: the form stays a plain form; the proof-of-work widget solves its
 * puzzle when the form is sent and adds the answer as `captchaKey`. Without JavaScript (or with
 * reCAPTCHA, which comments do not load) the comment still posts and waits among the spam for a
 * moderator.
 */
export function CommentCaptcha({ captcha }: CommentCaptchaProps) {
  if (captcha.kind !== 'altcha') return null;
  return <AltchaCaptcha challengeUrl={captcha.challengeUrl} name="captchaKey" auto="onsubmit" />;
}

import { z } from 'zod';
import { MAX_ID_LENGTH } from '../../platform/request-input.js';

/** Longest captcha answer carried; the captcha itself is checked by later work. */
const MAX_CAPTCHA_KEY_LENGTH = 10_000;

/**
 * Spec §3 "Form submission payload": form, key, captchaKey; plus formId, which the spec leaves
 * to the page (docs/api.md). `form` stays unknown here: zod would rebuild it by assignment,
 * turning a `__proto__` answer into a prototype instead of an answer to refuse.
 */
export const submissionBody = z.strictObject({
  formId: z.string().min(1, 'formId is required').max(MAX_ID_LENGTH),
  form: z.unknown(),
  key: z.string().max(MAX_ID_LENGTH).optional(),
  captchaKey: z.string().max(MAX_CAPTCHA_KEY_LENGTH).optional(),
});

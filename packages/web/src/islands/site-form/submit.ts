import { formSubmissionErrorMessage, MESSAGES } from '@storefront/commerce';
import { readCrumb } from '../../cookies';

/** Spec §7 form calls. */
export const FORM_KEY_PATH = '/api/form/FormSubmissionKey';
export const SAVE_FORM_PATH = '/api/form/SaveFormSubmission';

export type SaveResult =
  | { kind: 'saved' }
  | { kind: 'invalid'; errors: Record<string, string>; message: string }
  | { kind: 'failed'; message: string };

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': readCrumb() },
    body: JSON.stringify(body),
  });
}

async function json(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const data = (await res.json()) as unknown;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Spec §7: a fresh key, then the answers. Every failure becomes the spec §8 message of its
 * kind; a 400 with data.errors carries the per-field messages.
 */
export async function saveSubmission(
  formId: string,
  form: Record<string, unknown>,
  captchaKey: string | null,
): Promise<SaveResult> {
  let key: unknown;
  try {
    const res = await post(FORM_KEY_PATH, {});
    key = res.ok ? ((await json(res))?.data as { key?: unknown } | undefined)?.key : null;
  } catch {
    key = null;
  }
  if (typeof key !== 'string') return { kind: 'failed', message: MESSAGES.formKeyError };

  let res: Response;
  try {
    res = await post(SAVE_FORM_PATH, { formId, form, key, ...(captchaKey ? { captchaKey } : {}) });
  } catch {
    return { kind: 'failed', message: MESSAGES.formProcessingError };
  }
  if (res.ok) return { kind: 'saved' };
  const body = await json(res);
  const data = (body?.data ?? null) as { errors?: unknown; error?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : '';
  if (res.status === 400 && data?.errors && typeof data.errors === 'object') {
    return { kind: 'invalid', errors: data.errors as Record<string, string>, message };
  }
  if (res.status === 400 && message) return { kind: 'failed', message };
  const serverError = typeof data?.error === 'string' ? data.error : null;
  return { kind: 'failed', message: formSubmissionErrorMessage(res.status, serverError) };
}

/**
 * Spec §4 "run post-submit HTML": the owner's markup is shown, and its scripts run (a script
 * added by innerHTML never does), carrying the page's CSP nonce.
 */
export function runPostSubmitHtml(container: HTMLElement, html: string): void {
  container.innerHTML = html;
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '';
  for (const old of Array.from(container.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const attr of Array.from(old.attributes)) script.setAttribute(attr.name, attr.value);
    script.nonce = nonce;
    script.text = old.text;
    old.replaceWith(script);
  }
}

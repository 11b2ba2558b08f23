/** Every shopper-facing message of spec §5 and §8, verbatim. */

export { NO_ANSWER, SUBSCRIPTION_UNAVAILABLE } from './display-strings.js';

import * as MESSAGES from './message-texts.js';

export { MESSAGES };

export type MessageKey = keyof typeof MESSAGES;

/** Spec §5 site forms: "Email is not valid. Email addresses should follow the format {email}." */
export function emailFormatMessage(exampleEmail: string): string {
  return `Email is not valid. Email addresses should follow the format ${exampleEmail}.`;
}

/** Spec §5: the textarea counter "n / max". */
export function characterCounterText(length: number, max: number): string {
  return `${length} / ${max}`;
}

/**
 * Spec §5: 'Please select the {option} option.', '…the {option1} and {option2} options.',
 * '…the {optionsList} and {lastOption} options.'. The spec allows a reading with a comma before
 * "and"; we use the one without (no Oxford comma): 'Please select the A, B and C options.'.
 */
export function selectOptionMessage(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `Please select the ${names[0]} option.`;
  const head = names.slice(0, -1).join(', ');
  return `Please select the ${head} and ${names[names.length - 1]} options.`;
}

/** Spec §8 form submission: the message for a failed SaveFormSubmission response by status. */
export function formSubmissionErrorMessage(status: number, serverError?: string | null): string {
  switch (status) {
    case 401:
      return MESSAGES.formUnauthorized;
    case 404:
      return MESSAGES.formNotConfigured;
    case 429:
      return MESSAGES.formRateLimited;
    case 500:
      return MESSAGES.formServerError;
    default:
      return serverError || MESSAGES.formUnknownError;
  }
}

/**
 * One of our messages named by its key, as a URL carries it (`?cartError=outOfStock`): only our
 * own texts can appear on a page that way, never text a link's author wrote. '' for anything else.
 */
export function messageByKey(key: string | null | undefined): string {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: any key may come; only callers carry every text.
  return key && Object.hasOwn(MESSAGES, key) ? MESSAGES[key as MessageKey] : '';
}

/** The key of one of our messages, for `messageByKey` on the other side of a redirect. */
export function messageKeyOf(text: string): MessageKey | undefined {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: any text may come; only callers carry every text.
  return (Object.keys(MESSAGES) as MessageKey[]).find((key) => MESSAGES[key] === text);
}

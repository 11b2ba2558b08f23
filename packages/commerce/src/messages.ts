/** Every shopper-facing message of spec §5 and §8, verbatim. */

/**
 * Spec §8 "Display strings", also exported alone: the template engine's browser bundle needs only
 * these two, and naming them directly lets the bundler leave MESSAGES out.
 */
export const SUBSCRIPTION_UNAVAILABLE = 'Unavailable';
export const NO_ANSWER = 'N/A';

export const MESSAGES = {
  // Spec §5 "Add to cart".
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  outOfStock: 'Sorry, we do not have enough of that item available.',
  quantityNotANumber: 'Quantity must be a number.',
  quantityNotAWholeNumber: 'Quantity must be a whole number',
  giftCardDenomination: 'Select a denomination for the Gift Card',

  // Spec §8 "Add-item failures".
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  checkoutSessionOrCookies:
    'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.',
  tooManyRequests: 'Please try again in a few seconds.',

  // Spec §8 "Cart UI strings".
  unableToUpdateQuantity: 'Unable to update quantity',
  unableToRemoveItem: 'Unable to remove item',
  unableToUpdateForm: 'Unable to update form',
  unableToOpenForm: 'Unable to open form',
  unableToAddItem: 'Unable to add item',
  checkConnection: 'Please check your internet connection.',
  tryAgain: 'Please try again.',

  // Spec §5 / §8 "Waitlist".
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  waitlistFailure: 'Unable to submit form. Please try again later.',

  // Spec §5 "Custom forms".
  required: 'Required',
  likertMissing: 'Survey is not valid. Missing a required question.',

  // Spec §5 "Site forms".
  characterLimitExceeded: 'You have exceeded the character limit.',
  formInvalid: 'One or more fields is invalid, please check your entries.',
  captchaIncomplete: 'Complete CAPTCHA before submitting.',

  // Spec §4 "Form handler": the submit button's text while the form is locked.
  formSubmitting: 'Submitting…',

  // Spec §8 "Form submission".
  formUnauthorized: 'Unable to submit form. Please try again later.',
  formNotConfigured: 'This form has not been configured yet.',
  formRateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  formServerError: 'Unable to send form. Please try again later.',
  formUnknownError: 'Unknown error, please try again later.',
  formProcessingError: 'Error processing form submission. Please reload and try again.',
  formKeyError: 'Could not get a form submission key, please try again later.',
  formParseError: 'Could not parse the form fields, please check your entries.',
  formProblemScrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  formProblemScrollUp: 'Your form has encountered a problem. Please scroll up to review.',

  // Spec §5 "Postal codes".
  postal4Digits: 'Postal Codes need to be 4 digits',
  postal5Digits: 'Postal Codes need to be 5 digits',
  zip5Digits: 'ZIP Codes need to be 5 digits',
  postcode4Digits: 'Postcodes need to be 4 digits',
  postalInvalid: 'Invalid postal code',
  fsaInvalid: 'An FSA code is invalid',
  hintOutcode: 'Enter only the 1-4 character outcode portion of postcodes',
  hintEircode: 'Enter only the first three characters of the Eircode',
  hintPostcode3Digits: 'Enter up to 3 digits of the postcode',

  // Spec §8 "Display strings".
  subscriptionUnavailable: SUBSCRIPTION_UNAVAILABLE,
  noAnswer: NO_ANSWER,
} as const;

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
  return key && Object.hasOwn(MESSAGES, key) ? MESSAGES[key as MessageKey] : '';
}

/** The key of one of our messages, for `messageByKey` on the other side of a redirect. */
export function messageKeyOf(text: string): MessageKey | undefined {
  return (Object.keys(MESSAGES) as MessageKey[]).find((key) => MESSAGES[key] === text);
}

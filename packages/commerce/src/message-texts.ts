/**
 * Every shopper-facing message of spec §5 and §8, verbatim, one export each: a bundle that reads
 * a few of them through `MESSAGES.name` carries only those (messages.ts).
 */
import { NO_ANSWER, SUBSCRIPTION_UNAVAILABLE } from './display-strings.js';

// Spec §5 "Add to cart".
export const variantUnavailable = 'Sorry, that item variant is unavailable. Please select another variant.';
export const outOfStock = 'Sorry, we do not have enough of that item available.';
export { quantityNotANumber, quantityNotAWholeNumber } from './quantity-texts.js';
export const giftCardDenomination = 'Select a denomination for the Gift Card';
// Ours, in the same voice: a digital product's licence is bought once per order (issue 18).
export const onePerOrder = 'Sorry, you can buy only one of this item per order.';

// Spec §8 "Add-item failures".
export const sessionExpired = 'Your session has expired. Please reload the page and try again.';
export const enableCookies = 'Please enable cookies in your browser, reload the page, and try again.';
export const checkoutSessionOrCookies =
  'Either your session has expired or you do not have cookies enabled. We cannot continue to checkout.';
export const tooManyRequests = 'Please try again in a few seconds.';

// Spec §8 "Cart UI strings".
export const unableToUpdateQuantity = 'Unable to update quantity';
export const unableToRemoveItem = 'Unable to remove item';
export const unableToUpdateForm = 'Unable to update form';
export const unableToOpenForm = 'Unable to open form';
export const unableToAddItem = 'Unable to add item';
export const checkConnection = 'Please check your internet connection.';
export const tryAgain = 'Please try again.';

// Spec §5 / §8 "Waitlist".
export const emailBlank = 'Email cannot be blank';
export const emailInvalid = 'Email is invalid';
export const waitlistFailure = 'Unable to submit form. Please try again later.';

// Spec §5 "Custom forms".
export const required = 'Required';
export const likertMissing = 'Survey is not valid. Missing a required question.';

// Spec §5 "Site forms".
export const characterLimitExceeded = 'You have exceeded the character limit.';
export const formInvalid = 'One or more fields is invalid, please check your entries.';
export const captchaIncomplete = 'Complete CAPTCHA before submitting.';

// Spec §4 "Form handler": the submit button's text while the form is locked.
export const formSubmitting = 'Submitting…';

// Spec §8 "Form submission".
export const formUnauthorized = 'Unable to submit form. Please try again later.';
export const formNotConfigured = 'This form has not been configured yet.';
export const formRateLimited =
  'Unable to submit form. Submission rate limit exceeded. Please try again later.';
export const formServerError = 'Unable to send form. Please try again later.';
export const formUnknownError = 'Unknown error, please try again later.';
export const formProcessingError = 'Error processing form submission. Please reload and try again.';
export const formKeyError = 'Could not get a form submission key, please try again later.';
export const formParseError = 'Could not parse the form fields, please check your entries.';
export const formProblemScrollDown = 'Your form has encountered a problem. Please scroll down to review.';
export const formProblemScrollUp = 'Your form has encountered a problem. Please scroll up to review.';

// Spec §5 "Postal codes".
export const postal4Digits = 'Postal Codes need to be 4 digits';
export const postal5Digits = 'Postal Codes need to be 5 digits';
export const zip5Digits = 'ZIP Codes need to be 5 digits';
export const postcode4Digits = 'Postcodes need to be 4 digits';
export const postalInvalid = 'Invalid postal code';
export const fsaInvalid = 'An FSA code is invalid';
export const hintOutcode = 'Enter only the 1-4 character outcode portion of postcodes';
export const hintEircode = 'Enter only the first three characters of the Eircode';
export const hintPostcode3Digits = 'Enter up to 3 digits of the postcode';

// Spec §8 "Display strings".
export const subscriptionUnavailable = SUBSCRIPTION_UNAVAILABLE;
export const noAnswer = NO_ANSWER;

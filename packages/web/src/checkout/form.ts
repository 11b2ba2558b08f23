import {
  ADDRESS_WORDS,
  GIFT_MESSAGE_MAX_LENGTH,
  MESSAGES,
  ORDER_DETAIL_MESSAGES,
  ORDER_NOTE_MAX_LENGTH,
  RECIPIENT_NAME_MAX_LENGTH,
  regionsFor,
  validateAddressPostalCode,
  validateEmail,
  validatePhone,
} from '@storefront/commerce';
import { DEFAULT_COUNTRY, labelCase } from './address';
import type { PaymentInput, ShippingAddress } from './types';

/** The order's two addresses; their errors are keyed `shippingAddress.city`, `billingAddress.city`… */
export type AddressKind = 'shippingAddress' | 'billingAddress';

export interface AddressState {
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export interface PaymentState {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  name: string;
}

export const EMPTY_ADDRESS: AddressState = {
  firstName: '',
  lastName: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
};

export const EMPTY_PAYMENT: PaymentState = { cardNumber: '', expMonth: '', expYear: '', cvc: '', name: '' };

/** Field labels; the region and postal labels depend on the country (address.ts). */
export const LABELS = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  line1: labelCase(ADDRESS_WORDS.address.singular),
  line2: labelCase(ADDRESS_WORDS.address2.singular),
  city: labelCase(ADDRESS_WORDS.city.singular),
  country: 'Country',
  cardNumber: 'Card number',
  expMonth: 'Expiry month',
  expYear: 'Expiry year',
  cvc: 'CVC',
  cardName: 'Name on card',
  coupon: 'Coupon code',
  giftCard: 'Gift card code',
  phone: 'Phone (optional)',
  note: 'Note to the store (optional)',
  sameBilling: 'Billing address is the same as shipping',
  recipientName: "Recipient's name (optional)",
  recipientEmail: "Recipient's email (optional)",
  giftMessage: 'Message (optional)',
} as const;

/** Error keys are the server's (docs/api.md 400 `errors`): `email`, `shippingAddress.city`, `payment.cvc`, … */
export type Errors = Record<string, string>;

const ADDRESS_REQUIRED = ['firstName', 'lastName', 'line1', 'city'] as const;

/** The shopper's address checked with commerce's rules (spec §5 postal codes); empty when it passes. */
export function addressErrors(address: AddressState, kind: AddressKind = 'shippingAddress'): Errors {
  const errors: Errors = {};
  for (const field of ADDRESS_REQUIRED) {
    if (address[field].trim() === '') errors[`${kind}.${field}`] = MESSAGES.required;
  }
  if (regionsFor(address.country).length > 0 && address.region === '')
    errors[`${kind}.region`] = MESSAGES.required;
  const postal = validateAddressPostalCode(address.country, address.postalCode);
  if (!postal.ok) errors[`${kind}.postalCode`] = postal.message;
  return errors;
}

/** What the shopper adds besides addresses and payment; a gift card's recipient when one is bought. */
export interface DetailsState {
  phone: string;
  note: string;
  recipientName: string;
  recipientEmail: string;
  giftMessage: string;
}

export const EMPTY_DETAILS: DetailsState = {
  phone: '',
  note: '',
  recipientName: '',
  recipientEmail: '',
  giftMessage: '',
};

/** The server's rules for these details (commerce), checked before any call. */
export function detailsErrors(details: DetailsState, giftCard: boolean): Errors {
  const errors: Errors = {};
  const phone = validatePhone(details.phone);
  if (!phone.ok) errors.phone = phone.message;
  if (details.note.trim().length > ORDER_NOTE_MAX_LENGTH) errors.note = ORDER_DETAIL_MESSAGES.note;
  if (giftCard) {
    const email = validateEmail(details.recipientEmail);
    if (!email.ok) errors['source.recipientEmail'] = email.message;
    if (details.recipientName.trim().length > RECIPIENT_NAME_MAX_LENGTH)
      errors['source.recipientName'] = ORDER_DETAIL_MESSAGES.recipientName;
    if (details.giftMessage.trim().length > GIFT_MESSAGE_MAX_LENGTH)
      errors['source.message'] = ORDER_DETAIL_MESSAGES.giftMessage;
  }
  return errors;
}

export function paymentErrors(payment: PaymentState): Errors {
  const errors: Errors = {};
  for (const field of ['cardNumber', 'expMonth', 'cvc', 'name'] as const) {
    if (payment[field].trim() === '') errors[`payment.${field}`] = MESSAGES.required;
  }
  if (payment.expYear === '') errors['payment.expYear'] = MESSAGES.required;
  return errors;
}

export function emailErrors(email: string): Errors {
  const checked = validateEmail(email, { required: true });
  return checked.ok ? {} : { email: checked.message };
}

export function wireAddress(address: AddressState): ShippingAddress {
  const { line2, region, ...rest } = address;
  return {
    ...rest,
    ...(line2.trim() ? { line2: line2.trim() } : {}),
    ...(region ? { region } : {}),
  };
}

export function wirePayment(payment: PaymentState): PaymentInput {
  return {
    cardNumber: payment.cardNumber.replace(/\s+/g, ''),
    expMonth: Number(payment.expMonth),
    expYear: Number(payment.expYear),
    cvc: payment.cvc.trim(),
    name: payment.name.trim(),
  };
}

/** DOM id of the control for an error key. */
export function fieldId(key: string): string {
  return `checkout-${key.replace(/\./g, '-')}`;
}

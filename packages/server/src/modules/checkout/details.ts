import {
  GIFT_MESSAGE_MAX_LENGTH,
  ORDER_DETAIL_MESSAGES,
  ORDER_NOTE_MAX_LENGTH,
  RECIPIENT_NAME_MAX_LENGTH,
  validateEmail,
  validatePhone,
} from '@storefront/commerce';
import type { ShippingAddress } from '../orders/view.js';
import { checkShippingAddress } from './address.js';
import type { PlaceOrderBody } from './schema.js';

/** What an order carries besides what is bought and where it ships; null when not given. */
export interface OrderDetails {
  billingAddress: ShippingAddress | null;
  phone: string | null;
  note: string | null;
  recipient: { email: string | null; name: string | null; message: string | null };
}

/**
 * Checks the order's other details, each problem keyed by its body field: a billing address by
 * the shipping address's rules, a phone number, the note's length, and a gift card's recipient.
 */
export function checkOrderDetails(
  body: PlaceOrderBody,
): { ok: true; details: OrderDetails } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  let billingAddress: ShippingAddress | null = null;
  if (body.billingAddress) {
    const checked = checkShippingAddress(body.billingAddress, 'billingAddress');
    if (checked.ok) billingAddress = checked.address;
    else Object.assign(errors, checked.errors);
  }
  const phone = validatePhone(body.phone ?? '');
  if (!phone.ok) errors.phone = phone.message;
  const note = body.note?.trim() || null;
  if (note && note.length > ORDER_NOTE_MAX_LENGTH) errors.note = ORDER_DETAIL_MESSAGES.note;
  const recipient: OrderDetails['recipient'] = { email: null, name: null, message: null };
  if (body.source.kind === 'gift-card') {
    const email = body.source.recipientEmail?.trim();
    if (email) {
      const checked = validateEmail(email);
      if (checked.ok) recipient.email = checked.email;
      else errors['source.recipientEmail'] = checked.message;
    }
    recipient.name = body.source.recipientName?.trim() || null;
    if (recipient.name && recipient.name.length > RECIPIENT_NAME_MAX_LENGTH)
      errors['source.recipientName'] = ORDER_DETAIL_MESSAGES.recipientName;
    recipient.message = body.source.message?.trim() || null;
    if (recipient.message && recipient.message.length > GIFT_MESSAGE_MAX_LENGTH)
      errors['source.message'] = ORDER_DETAIL_MESSAGES.giftMessage;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, details: { billingAddress, phone: phone.ok ? phone.phone : null, note, recipient } };
}

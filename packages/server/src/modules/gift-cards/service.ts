import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { decimalMoney } from '../orders/view.js';
import { formatGiftCardCode, newGiftCardCode, normalizeGiftCardCode } from './code.js';
import {
  debitGiftCard,
  findGiftCardByCode,
  insertGiftCard,
  insertRedemption,
  listGiftCardsOfOrder,
  reverseRedemptionsOfOrder,
} from './repo.js';

export const GIFT_CARD_MESSAGES = {
  invalid: 'That gift card code is not valid.',
  empty: 'That gift card has no balance left.',
  changed: 'That gift card’s balance changed. Please review your order and try again.',
  notForGiftCards: 'A gift card cannot be used to buy gift cards.',
} as const;

export interface GiftCardBalance {
  id: string;
  code: string;
  balanceCents: number;
  currency: string;
}

/** The card a shopper typed, or null for an unknown or malformed code. */
export async function findGiftCard(
  db: Kysely<DB>,
  websiteId: string,
  input: string,
): Promise<GiftCardBalance | null> {
  const code = normalizeGiftCardCode(input);
  if (!code) return null;
  const row = await findGiftCardByCode(db, websiteId, code);
  return row
    ? {
        id: row.id,
        code: formatGiftCardCode(row.code),
        balanceCents: row.balance_cents,
        currency: row.currency,
      }
    : null;
}

/** GET /api/commerce/gift-cards/{code}/balance. */
export async function giftCardBalance(ctx: RequestContext, input: string) {
  const card = await findGiftCard(ctx.db, ctx.websiteId, input);
  if (!card) throw new HttpError(404, GIFT_CARD_MESSAGES.invalid);
  return {
    code: card.code,
    balance: decimalMoney(card.balanceCents, card.currency),
    balanceCents: card.balanceCents,
  };
}

/** Redeems `amountCents` for an order inside the caller's transaction; false when the balance no longer covers it. */
export async function redeemGiftCard(
  db: Kysely<DB>,
  card: GiftCardBalance,
  orderId: string,
  amountCents: number,
  now: number,
): Promise<boolean> {
  if (amountCents <= 0) return true;
  if (!(await debitGiftCard(db, card.id, amountCents))) return false;
  await insertRedemption(db, {
    id: newId('gcr'),
    gift_card_id: card.id,
    order_id: orderId,
    amount_cents: amountCents,
    created_at: now,
  });
  return true;
}

/** Issues a new card worth `amountCents` for a gift-card order; answers its printed code. */
export async function issueGiftCard(
  db: Kysely<DB>,
  input: {
    websiteId: string;
    orderId: string;
    amountCents: number;
    currency: string;
    recipientEmail: string | null;
    recipientName?: string | null;
    message?: string | null;
    now: number;
  },
): Promise<string> {
  const code = newGiftCardCode();
  await insertGiftCard(db, {
    id: newId('gc'),
    website_id: input.websiteId,
    code,
    currency: input.currency,
    initial_cents: input.amountCents,
    balance_cents: input.amountCents,
    issued_order_id: input.orderId,
    recipient_email: input.recipientEmail,
    recipient_name: input.recipientName ?? null,
    message: input.message ?? null,
    created_at: input.now,
  });
  return formatGiftCardCode(code);
}

/** Cards an order issued, printed codes and amounts. */
export async function giftCardsOfOrder(db: Kysely<DB>, orderId: string) {
  const rows = await listGiftCardsOfOrder(db, orderId);
  return rows.map((r) => ({
    code: formatGiftCardCode(r.code),
    amountCents: r.initial_cents,
    currency: r.currency,
    recipientEmail: r.recipient_email,
    recipientName: r.recipient_name,
    message: r.message,
  }));
}

/** Gives an unpaid order's gift card debits back to the cards, inside the caller's transaction. */
export async function releaseGiftCardRedemptions(db: Kysely<DB>, orderId: string): Promise<void> {
  await reverseRedemptionsOfOrder(db, orderId);
}

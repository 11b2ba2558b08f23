import type { Insertable, Kysely } from 'kysely';
import type { DB, GiftCardRedemptionTable, GiftCardTable } from '../../db/schema.js';

export function findGiftCardByCode(db: Kysely<DB>, websiteId: string, code: string) {
  return db
    .selectFrom('gift_cards')
    .selectAll()
    .where('website_id', '=', websiteId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function insertGiftCard(db: Kysely<DB>, row: Insertable<GiftCardTable>): Promise<void> {
  await db.insertInto('gift_cards').values(row).execute();
}

/** Takes `amount` off the balance only when that much is left (one statement); answers whether it did. */
export async function debitGiftCard(db: Kysely<DB>, id: string, amount: number): Promise<boolean> {
  const result = await db
    .updateTable('gift_cards')
    .set((eb) => ({ balance_cents: eb('balance_cents', '-', amount) }))
    .where('id', '=', id)
    .where('balance_cents', '>=', amount)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertRedemption(
  db: Kysely<DB>,
  row: Insertable<GiftCardRedemptionTable>,
): Promise<void> {
  await db.insertInto('gift_card_redemptions').values(row).execute();
}

export function listGiftCardsOfOrder(db: Kysely<DB>, orderId: string) {
  return db
    .selectFrom('gift_cards')
    .selectAll()
    .where('issued_order_id', '=', orderId)
    .orderBy('created_at')
    .execute();
}

/** Gives back what an order's redemptions took, and forgets them (the order was never paid). */
export async function reverseRedemptionsOfOrder(db: Kysely<DB>, orderId: string): Promise<void> {
  const rows = await db
    .selectFrom('gift_card_redemptions')
    .select(['gift_card_id', 'amount_cents'])
    .where('order_id', '=', orderId)
    .execute();
  for (const r of rows) {
    await db
      .updateTable('gift_cards')
      .set((eb) => ({ balance_cents: eb('balance_cents', '+', r.amount_cents) }))
      .where('id', '=', r.gift_card_id)
      .execute();
  }
  await db.deleteFrom('gift_card_redemptions').where('order_id', '=', orderId).execute();
}

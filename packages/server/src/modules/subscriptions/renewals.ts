import {
  addBillingPeriods,
  billingCyclesLeft,
  MESSAGES,
  ProductType,
  type ProductTypeNumber,
  type SubscriptionPlan,
} from '@storefront/commerce';
import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../db/index.js';
import type { DB, SubscriptionTable } from '../../db/schema.js';
import { type Clock, systemClock } from '../../platform/clock.js';
import type { RequestContext } from '../../platform/context.js';
import { newId, newToken } from '../../platform/ids.js';
import { startPollingJob } from '../../platform/jobs.js';
import { DEFAULT_LOCALE } from '../catalog/import-schema.js';
import { checkShippingAddress } from '../checkout/address.js';
import type { ShippingAddressInput } from '../checkout/schema.js';
import { enqueueEmail } from '../email/service.js';
import { reserveStock } from '../inventory/service.js';
import {
  confirmationEmailData,
  findOrderRow,
  insertDownloads,
  insertOrder,
  insertOrderItems,
  listOrderItems,
  type OrderRow,
  orderRef,
} from '../orders/service.js';
import type { ShippingAddress } from '../orders/view.js';
import { PAYMENT_MESSAGES, type PaymentProvider } from '../payments/provider.js';
import { createTestPaymentProvider } from '../payments/test-provider.js';
import { priceCart } from '../pricing/service.js';
import { DEFAULT_TIME_ZONE } from '../site/service.js';
import { claimDueSubscriptions, findWebsite, type SubscriptionRow, updateClaimed } from './billing-repo.js';
import { enqueueSubscriptionEmail } from './billing-service.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How often an idle worker looks for due subscriptions. */
export const RENEWAL_POLL_MS = MINUTE_MS;
/** Subscriptions one worker claims per pass. */
export const RENEWAL_BATCH_SIZE = 20;
/** How long a claim holds a subscription; a worker that dies mid-renewal frees it after this. */
export const RENEWAL_LEASE_MS = 10 * MINUTE_MS;
/**
 * After a declined renewal charge, the next try is this long after the decline: 1 day after the
 * first, 3 days after the second. A decline with no delay left cancels the subscription.
 */
export const RENEWAL_DECLINE_RETRY_MS = [DAY_MS, 3 * DAY_MS] as const;
/** A renewal short of stock is tried again after this, without charging and without counting a decline. */
export const RENEWAL_STOCK_RETRY_MS = DAY_MS;
/** A provider that failed to answer (it may or may not have charged) is asked again, with the same key, after this. */
export const RENEWAL_ERROR_RETRY_MS = HOUR_MS;

export type RenewalOutcome = 'renewed' | 'completed' | 'past_due' | 'cancelled' | 'retry' | 'lost';

export interface RenewalLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RenewalWorkerOptions {
  database: Database;
  clock: Clock;
  provider: PaymentProvider;
  pollMs?: number;
  batchSize?: number;
  log?: RenewalLog;
  /** false: no timer; the caller drives passes with runOnce (tests). */
  autoStart?: boolean;
}

export interface RenewalWorker {
  /** One pass: claims the due subscriptions and bills each; answers what became of each, by subscription id. */
  runOnce(): Promise<Map<string, RenewalOutcome>>;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
}

/** Why a renewal was rolled back: what is recorded on the subscription afterwards. */
class RenewalStopped extends Error {
  constructor(
    readonly reason: 'declined' | 'out-of-stock' | 'retry' | 'lost',
    message: string,
  ) {
    super(message);
  }
}

/** A charge made inside a renewal transaction, released if the transaction then fails. */
interface Charged {
  value: { reference: string; amountCents: number } | null;
}

const silentLog: RenewalLog = { info: () => {}, warn: () => {} };

/**
 * The provider's idempotency key of one attempt at one cycle. A declined attempt is recorded
 * before the next one, so each retry after a decline has a new key; an attempt that crashed or
 * got no answer is repeated with the same key, so the provider charges it once.
 */
export function renewalIdempotencyKey(row: SubscriptionRow): string {
  return `${row.website_id}:subscription:${row.id}:cycle:${row.cycles_billed + 1}:attempt:${row.failed_attempts + 1}`;
}

/**
 * Bills due subscriptions. Each is claimed exclusively (any number of workers on any number of
 * instances never bill one twice), then one transaction writes the renewal order (its source key
 * is unique per subscription and cycle), takes the stock with conditional decrements, queues the
 * confirmation email and charges the kept payment token last; a shortage or a decline rolls all
 * of it back and is recorded on the subscription (past_due, retried, or cancelled when the retry
 * schedule is spent). A successful cycle moves the next billing date on by one period counted
 * from the start, and completes a finite plan after its last cycle.
 */
export function startRenewalWorker(options: RenewalWorkerOptions): RenewalWorker {
  const { database, clock, provider } = options;
  const log = options.log ?? silentLog;

  async function renewInTransaction(
    trx: Kysely<DB>,
    row: SubscriptionRow,
    token: string,
    charged: Charged,
  ): Promise<'renewed' | 'completed'> {
    const now = clock.now();
    // The first statement writes, so SQLite takes its write lock at once; it also proves the claim is still ours.
    if (!(await updateClaimed(trx, row.id, token, { updated_at: now }))) {
      throw new RenewalStopped('lost', 'claim lost');
    }
    const website = await findWebsite(trx, row.website_id);
    const timeZone = website?.time_zone || DEFAULT_TIME_ZONE;
    const plan = JSON.parse(row.plan) as SubscriptionPlan;
    const cycle = row.cycles_billed + 1;
    const ctx: RequestContext = { db: trx, websiteId: row.website_id, clock };
    const address = row.shipping_address ? (JSON.parse(row.shipping_address) as ShippingAddress) : null;
    const checked = address ? checkShippingAddress(address as ShippingAddressInput) : null;
    const productType = row.product_type as ProductTypeNumber;
    const { totals: t } = await priceCart(
      ctx,
      [
        {
          itemId: row.item_id,
          sku: row.sku,
          quantity: row.quantity,
          unitPriceCents: row.unit_price_cents,
          productType,
        },
      ],
      {
        currency: row.currency,
        location: checked?.location ?? null,
        shippingOptionId: row.shipping_option_id,
        couponCodes: [],
        giftCard: null,
      },
    );
    const orderId = newId('o');
    const due = t.amountDueCents;
    // A renewal belongs to the account that bought the subscription, so it lists with its orders.
    const first = await findOrderRow(ctx, row.order_id);
    const orderRow: OrderRow = {
      id: orderId,
      website_id: row.website_id,
      purchased_cart_id: null,
      source_kind: 'subscription',
      // Unique per website: one renewal order per subscription and cycle, whatever retries or races happen.
      source_key: `subscription:${row.id}:cycle:${cycle}`,
      status: 'paid',
      test_mode: provider.testMode ? 1 : 0,
      email: row.email,
      shipping_address: t.requiresShipping ? row.shipping_address : null,
      shipping_option: t.selectedShippingOption ? JSON.stringify(t.selectedShippingOption) : null,
      coupon_codes: '[]',
      currency: row.currency,
      subtotal_cents: t.subtotalCents,
      discount_cents: t.discountCents,
      shipping_cents: t.shippingCostCents,
      tax_cents: t.taxCents,
      grand_total_cents: t.grandTotalCents,
      gift_card_cents: 0,
      amount_paid_cents: due,
      payment_provider: due > 0 ? provider.name : null,
      payment_reference: null,
      access_token: newToken(16),
      reserved_stock: null,
      created_at: now,
      fulfilment_status: 'unfulfilled',
      refunded_cents: 0,
      restocked_at: null,
      site_user_id: first?.site_user_id ?? null,
      number: null,
      billing_address: null,
      phone: null,
      note: null,
    };
    orderRow.number = await insertOrder(trx, orderRow);
    const item = {
      id: newId('oi'),
      order_id: orderId,
      position: 0,
      item_id: row.item_id,
      sku: row.sku,
      product_name: row.product_name,
      product_type: row.product_type,
      quantity: row.quantity,
      unit_price_cents: row.unit_price_cents,
      additional_fields: row.additional_fields,
      // The variant's options as the first order recorded them.
      variant_options: (await listOrderItems(trx, row.order_id))[0]?.variant_options ?? null,
    };
    await insertOrderItems(trx, [item]);
    if (productType === ProductType.DIGITAL) {
      await insertDownloads(trx, [
        {
          token: newToken(16),
          website_id: row.website_id,
          order_id: orderId,
          item_id: row.item_id,
          product_name: row.product_name,
          created_at: now,
        },
      ]);
    }
    await enqueueEmail(ctx, trx, {
      to: row.email,
      template: 'order-confirmation',
      ref: orderRef(orderId),
      data: confirmationEmailData(
        orderRow,
        { items: [item], downloads: [], giftCards: [] },
        { siteTitle: website?.site_title || 'Store', locale: website?.locale || 'en-US', link: null },
      ),
    });
    // reserveStock re-reads a variant it could not decrement, so an unlimited variant goes on.
    const stock = await reserveStock(trx, row.website_id, [
      { sku: row.sku, quantity: row.quantity, name: row.product_name, unlimited: false },
    ]);
    if (!stock.ok) throw new RenewalStopped('out-of-stock', MESSAGES.outOfStock);
    // Payment last: everything above is undone by the rollback if the charge is refused.
    if (due > 0) {
      if (!row.payment_token || !provider.charge) {
        throw new RenewalStopped('declined', PAYMENT_MESSAGES.declined);
      }
      let result: Awaited<ReturnType<NonNullable<PaymentProvider['charge']>>>;
      try {
        result = await provider.charge({
          token: row.payment_token,
          amountCents: due,
          currency: row.currency,
          idempotencyKey: renewalIdempotencyKey(row),
        });
      } catch (err) {
        log.warn({ err, subscriptionId: row.id }, `payment provider ${provider.name} failed`);
        throw new RenewalStopped('retry', PAYMENT_MESSAGES.processingError);
      }
      if (!result.ok)
        throw new RenewalStopped(result.code === 'retry' ? 'retry' : 'declined', result.message);
      charged.value = { reference: result.reference, amountCents: due };
      await trx
        .updateTable('orders')
        .set({
          payment_reference: result.reference,
          status: result.status === 'pending' ? 'pending' : 'paid',
        })
        .where('id', '=', orderId)
        .execute();
    }
    const completed = billingCyclesLeft(plan, cycle) === 0;
    const next = completed ? null : addBillingPeriods(row.started_at, plan, cycle, timeZone);
    const advanced = await updateClaimed(trx, row.id, token, {
      status: completed ? 'completed' : 'active',
      cycles_billed: cycle,
      next_billing_at: next,
      next_attempt_at: next,
      failed_attempts: 0,
      last_error: null,
      locked_until: null,
      claim_token: null,
      updated_at: now,
    });
    // Never commit a charged order the subscription does not count (the charge is released).
    if (!advanced) throw new RenewalStopped('lost', 'claim lost');
    return completed ? 'completed' : 'renewed';
  }

  /** Records why a renewal stopped, on the subscription this worker still holds. */
  async function recordStop(
    row: SubscriptionRow,
    token: string,
    stop: RenewalStopped,
  ): Promise<RenewalOutcome> {
    const now = clock.now();
    const release = { locked_until: null, claim_token: null, last_error: stop.message, updated_at: now };
    if (stop.reason === 'lost') return 'lost';
    if (stop.reason === 'retry') {
      await updateClaimed(database.db, row.id, token, {
        ...release,
        next_attempt_at: now + RENEWAL_ERROR_RETRY_MS,
      });
      return 'retry';
    }
    if (stop.reason === 'out-of-stock') {
      await updateClaimed(database.db, row.id, token, {
        ...release,
        status: 'past_due',
        next_attempt_at: now + RENEWAL_STOCK_RETRY_MS,
      });
      return 'past_due';
    }
    const failed = row.failed_attempts + 1;
    const delay = RENEWAL_DECLINE_RETRY_MS[failed - 1];
    const change: Updateable<SubscriptionTable> =
      delay === undefined
        ? {
            ...release,
            status: 'cancelled',
            failed_attempts: failed,
            next_billing_at: null,
            next_attempt_at: null,
            cancelled_at: now,
          }
        : { ...release, status: 'past_due', failed_attempts: failed, next_attempt_at: now + delay };
    // A declined charge is the shopper's to fix: they hear of it (and of the cancellation it ends in) with the change.
    await database.db.transaction().execute(async (trx) => {
      if (!(await updateClaimed(trx, row.id, token, change))) return;
      const website = await findWebsite(trx, row.website_id);
      await enqueueSubscriptionEmail(
        { db: trx, websiteId: row.website_id, clock },
        {
          siteTitle: website?.site_title ?? '',
          locale: website?.locale || DEFAULT_LOCALE,
          timeZone: website?.time_zone || DEFAULT_TIME_ZONE,
        },
        { ...row, ...change } as SubscriptionRow,
        delay === undefined ? 'cancelled' : 'renewal-failed',
      );
    });
    return delay === undefined ? 'cancelled' : 'past_due';
  }

  async function renew(row: SubscriptionRow, token: string): Promise<RenewalOutcome> {
    // Held in an object: set inside the transaction callback and read after it fails.
    const charged: Charged = { value: null };
    try {
      const outcome = await database.db
        .transaction()
        .execute((trx) => renewInTransaction(trx, row, token, charged));
      log.info({ subscriptionId: row.id, cycle: row.cycles_billed + 1 }, `subscription ${outcome}`);
      return outcome;
    } catch (err) {
      const held = charged.value;
      if (held && provider.refund) {
        await provider
          .refund(held.reference, held.amountCents)
          .catch((e) => log.warn({ err: e, subscriptionId: row.id }, 'releasing a renewal charge failed'));
      }
      const stop =
        err instanceof RenewalStopped
          ? err
          : new RenewalStopped('retry', err instanceof Error ? err.message : String(err));
      if (!(err instanceof RenewalStopped)) log.warn({ err, subscriptionId: row.id }, 'renewal failed');
      const outcome = await recordStop(row, token, stop);
      log.info(
        { subscriptionId: row.id, reason: stop.reason, error: stop.message },
        `subscription ${outcome}`,
      );
      return outcome;
    }
  }

  async function pass(): Promise<Map<string, RenewalOutcome>> {
    const now = clock.now();
    const token = newToken(12);
    const rows = await claimDueSubscriptions(database, {
      now,
      lockedUntil: now + RENEWAL_LEASE_MS,
      token,
      limit: options.batchSize ?? RENEWAL_BATCH_SIZE,
    });
    const outcomes = new Map<string, RenewalOutcome>();
    for (const row of rows) outcomes.set(row.id, await renew(row, token));
    return outcomes;
  }

  const job = startPollingJob({
    pass,
    pollMs: options.pollMs ?? RENEWAL_POLL_MS,
    failureMessage: 'renewal pass failed',
    log,
    autoStart: options.autoStart,
  });

  return {
    runOnce: job.runOnce,
    async stop() {
      await job.stop();
    },
  };
}

/** The server's worker: the system clock, and the provider checkout uses (the test provider unless one is configured). */
export function startConfiguredRenewalWorker(
  database: Database,
  log: RenewalLog,
  provider: PaymentProvider = createTestPaymentProvider(),
): RenewalWorker {
  log.info({ provider: provider.name }, 'subscription renewal worker started');
  return startRenewalWorker({ database, clock: systemClock, provider, log });
}

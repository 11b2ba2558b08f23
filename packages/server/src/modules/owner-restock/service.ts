import { HttpError } from '../../platform/errors.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { enqueueEmail } from '../email/service.js';
import {
  type RestockTarget,
  restockGroups,
  restockSignups,
  restockTarget,
  takeWaitingSignups,
  waitingGroupsInStock,
} from '../restock/service.js';
import { RESTOCK_PAGE_SIZE, type RestockSendBody } from './schema.js';

export const RESTOCK_TOOL_MESSAGES = {
  badCursor: 'That page does not exist.',
  stillOutOfStock: 'This variant is still out of stock. Restock it before notifying its waitlist.',
} as const;

/** Cursors are base64url JSON of where the page ended; anything else is a 400. */
function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeCursor<T>(cursor: string | undefined, check: (v: unknown) => v is T): T | null {
  if (cursor === undefined) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (check(value)) return value;
  } catch {
    // An unreadable cursor is answered below like a misshapen one.
  }
  throw new HttpError(400, RESTOCK_TOOL_MESSAGES.badCursor, undefined, {
    cursor: RESTOCK_TOOL_MESSAGES.badCursor,
  });
}

const isGroupCursor = (v: unknown): v is { productId: string; variantId: string } =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Record<string, unknown>).productId === 'string' &&
  typeof (v as Record<string, unknown>).variantId === 'string';

const isSignupCursor = (v: unknown): v is { at: number; id: string } =>
  typeof v === 'object' &&
  v !== null &&
  Number.isSafeInteger((v as Record<string, unknown>).at) &&
  typeof (v as Record<string, unknown>).id === 'string';

/** GET …/restock/groups: the waitlists by product and variant, with counts and whether each can be sent now. */
export async function listSignUpGroups(ctx: SiteContext, cursor: string | undefined) {
  const rows = await restockGroups(ctx, decodeCursor(cursor, isGroupCursor), RESTOCK_PAGE_SIZE + 1);
  const page = rows.slice(0, RESTOCK_PAGE_SIZE);
  const hasNextPage = rows.length > RESTOCK_PAGE_SIZE;
  const last = page.at(-1);
  const signUpGroups = await Promise.all(
    page.map(async (g) => {
      const target = await restockTarget(ctx, g.productId, g.variantId).catch(() => null);
      return {
        ...g,
        productName: target?.product.name ?? null,
        variantText: target?.variantText ?? null,
        /** False also when the product or variant no longer exists. */
        inStock: target?.inStock ?? false,
      };
    }),
  );
  return {
    signUpGroups,
    hasNextPage,
    nextPageCursor:
      hasNextPage && last ? encodeCursor({ productId: last.productId, variantId: last.variantId }) : null,
  };
}

/** GET …/restock?productId&variantId&cursor: one variant's signups. */
export async function listSignUps(
  ctx: SiteContext,
  productId: string,
  variantId: string,
  cursor: string | undefined,
) {
  const rows = await restockSignups(
    ctx,
    productId,
    variantId,
    decodeCursor(cursor, isSignupCursor),
    RESTOCK_PAGE_SIZE + 1,
  );
  const signUps = rows.slice(0, RESTOCK_PAGE_SIZE);
  const hasNextPage = rows.length > RESTOCK_PAGE_SIZE;
  const last = signUps.at(-1);
  return {
    signUps,
    hasNextPage,
    nextPageCursor: hasNextPage && last ? encodeCursor({ at: last.created, id: last.id }) : null,
  };
}

async function sendableTarget(ctx: SiteContext, request: RestockSendBody): Promise<RestockTarget> {
  const target = await restockTarget(ctx, request.productId, request.variantId);
  if (!target.inStock) throw new HttpError(409, RESTOCK_TOOL_MESSAGES.stillOutOfStock);
  return target;
}

/** Queues one mail per waiting signup of the target and marks them notified, in the caller's transaction. */
async function notify(ctx: SiteContext, baseUrl: string, target: RestockTarget): Promise<number> {
  const signups = await takeWaitingSignups(ctx, target.product.id, target.variantId);
  for (const s of signups) {
    await enqueueEmail(ctx, ctx.db, {
      to: s.email,
      template: 'restock-notification',
      ref: `restock:${s.id}`,
      data: {
        siteTitle: ctx.site.website.siteTitle,
        productName: target.product.name,
        ...(target.variantText ? { variantText: target.variantText } : {}),
        productUrl: `${baseUrl}${target.product.fullUrl}`,
        ...(s.language ? { language: s.language } : {}),
      },
    });
  }
  return signups.length;
}

/**
 * When the merchant turned automatic sending on: mails every waitlist whose variant can be bought
 * again (after an owner edit, an import or a refund put stock back), each signup once, with an
 * audit entry per variant. Answers how many mails were queued.
 */
export async function sendWaitlistsBackInStock(ctx: SiteContext, baseUrl: string): Promise<number> {
  if (!ctx.site.storeSettings.restockAutoSend) return 0;
  let sent = 0;
  for (const group of await waitingGroupsInStock(ctx)) {
    const target = await restockTarget(ctx, group.productId, group.variantId).catch(() => null);
    if (!target?.inStock) continue;
    sent += await ctx.db.transaction().execute(async (trx) => {
      const tctx: SiteContext = { ...ctx, db: trx };
      const count = await notify(tctx, baseUrl, target);
      if (count > 0)
        await recordAudit(tctx, null, 'restock.auto-send', `variant:${target.variantId}`, {
          productId: target.product.id,
          sent: count,
        });
      return count;
    });
  }
  return sent;
}

/**
 * Sends the back-in-stock mail to every waiting signup of each variant, each signup once (two
 * sends at the same moment split the signups, never both mail one). Every variant must be
 * buyable again (409 otherwise, nothing sent); all of it commits together with its audit entry.
 */
export async function sendRestockNotifications(
  ctx: SiteContext,
  actor: AuditActor,
  baseUrl: string,
  requests: readonly RestockSendBody[],
) {
  const targets: RestockTarget[] = [];
  for (const [i, request] of requests.entries()) {
    try {
      targets.push(await sendableTarget(ctx, request));
    } catch (err) {
      if (err instanceof HttpError && requests.length > 1)
        throw new HttpError(err.statusCode, err.message, undefined, { [`sendRequests.${i}`]: err.message });
      throw err;
    }
  }
  return ctx.db.transaction().execute(async (trx) => {
    const tctx: SiteContext = { ...ctx, db: trx };
    const results: { productId: string; variantId: string; sent: number }[] = [];
    for (const target of targets) {
      const sent = await notify(tctx, baseUrl, target);
      results.push({ productId: target.product.id, variantId: target.variantId, sent });
      await recordAudit(tctx, actor, 'restock.send', `variant:${target.variantId}`, {
        productId: target.product.id,
        sent,
      });
    }
    const sent = results.reduce((sum, r) => sum + r.sent, 0);
    return { results, sent };
  });
}

import type { RequestContext } from '../../platform/context.js';
import { newId } from '../../platform/ids.js';
import { insertQuickView, productExists } from './repo.js';

/** Longest id looked up; anything longer cannot be a product id (varchar(64)). */
const MAX_ITEM_ID_LENGTH = 64;

/** Records that a product's quick view was opened; ids of no product of the site are not stored. Answers whether it was stored. */
export async function recordQuickView(ctx: RequestContext, itemId: string): Promise<boolean> {
  if (itemId.length === 0 || itemId.length > MAX_ITEM_ID_LENGTH) return false;
  if (!(await productExists(ctx.db, ctx.websiteId, itemId))) return false;
  await insertQuickView(ctx.db, {
    id: newId('qv'),
    website_id: ctx.websiteId,
    item_id: itemId,
    at: ctx.clock.now(),
  });
  return true;
}

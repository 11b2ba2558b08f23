import { minorFromDecimal } from '@storefront/commerce';
import { z } from 'zod';
import { refundBody } from '../../../../../../server/src/modules/owner-orders/schema';

/** The refund form as typed: the amount in the order's currency ("12.50"), not minor units. */
export interface RefundValues {
  amountCents?: string;
  whole: boolean;
  restock: boolean;
  reason: string;
}

/**
 * The form's values become the API body and the server's refundBody judges it, so each problem
 * shows at its field with the server's words. An amount that is not a number reads NaN, which
 * the schema refuses with its own message.
 */
export function refundSchema(currency: string) {
  return z
    .object({
      amountCents: z.string().optional(),
      whole: z.boolean(),
      restock: z.boolean(),
      reason: z.string(),
    })
    .transform(({ amountCents, whole, restock, reason }): z.input<typeof refundBody> => {
      const typed = whole ? '' : (amountCents ?? '').trim();
      let cents: number | undefined;
      if (typed !== '') {
        try {
          cents = minorFromDecimal(typed, currency);
        } catch {
          cents = Number.NaN;
        }
      }
      return whole ? { whole: true, restock, reason } : { amountCents: cents, restock, reason };
    })
    .pipe(refundBody);
}

export const REFUND_FIELDS = ['amountCents', 'whole', 'restock', 'reason'] as const;

import { z } from 'zod';

export const auditQuery = z.object({
  cursor: z.string().max(200).optional(),
});

/** GET /api/config/audit: one page of the log, newest first, with the cursor of the next (older) page. */
export const auditReply = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      at: z.number(),
      /** Null for what the store did by itself (an automatic send, a renewal). */
      contributor: z.object({ id: z.string(), email: z.string() }).nullable(),
      action: z.string(),
      target: z.string(),
      /** What changed, as the action records it. */
      detail: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});

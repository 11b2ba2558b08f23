import { z } from 'zod';

export const auditQuery = z.object({
  cursor: z.string().max(200).optional(),
});

/** The wire contract of the owner's media calls; browser-safe (zod only), the config screens import it. */
import { z } from 'zod';

/** Alt text is read aloud by screen readers: a sentence or two, not an essay. */
export const ALT_TEXT_MAX_LENGTH = 1000;

/** A focal point coordinate: 0 is the left (top) edge, 1 the right (bottom) edge. */
const coordinate = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');

export const focalPointSchema = z.strictObject({ x: coordinate, y: coordinate });

/** PATCH /api/config/media/:id */
export const mediaPatchSchema = z
  .strictObject({
    altText: z.string().max(ALT_TEXT_MAX_LENGTH, `must be at most ${ALT_TEXT_MAX_LENGTH} characters`),
    focalPoint: focalPointSchema,
  })
  .partial();

export type MediaPatch = z.output<typeof mediaPatchSchema>;

/** GET /api/config/media?page= */
export const mediaListQuerySchema = z.object({
  page: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').default(1),
});

/** An image of the library, as the media calls answer it. */
export const mediaAssetReply = z.object({
  id: z.string(),
  fileName: z.string(),
  /** The full-size file; `?format=500w` on it serves a width variant (the theme's srcset convention). */
  url: z.string(),
  altText: z.string(),
  focalPoint: z.object({ x: z.number(), y: z.number() }),
  width: z.number(),
  height: z.number(),
  /** Width → URL of each width variant made. */
  variants: z.record(z.string(), z.string()),
  createdAt: z.number(),
});
export type MediaAsset = z.output<typeof mediaAssetReply>;

export const mediaAssetEnvelope = z.object({ asset: mediaAssetReply });

/** GET /api/config/media: a page of the library, newest first. */
export const mediaPageReply = z.object({
  assets: z.array(mediaAssetReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MediaPage = z.output<typeof mediaPageReply>;

/** PATCH /api/config/media/:id */
export const mediaParams = z.object({ id: z.string().min(1).max(64) });

import { Readable } from 'node:stream';
import { EDITOR_MESSAGES } from '@storefront/commerce';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { RequestContext } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import {
  IMAGE_EXT_TYPES,
  type ImageExt,
  ImageRejected,
  ImageTooManyPixels,
  MAX_IMAGE_PIXELS,
  processImage,
} from './images.js';
import {
  countMedia,
  deleteMedia,
  findMedia,
  findMediaByIds,
  insertMedia,
  listMedia,
  type MediaRow,
  updateMedia,
} from './repo.js';
import type { MediaPatch } from './schema.js';
import type { MediaStorage, StoredObject } from './storage.js';

/** Largest image upload; above it the editor's file-too-large message (spec §5) answers 413. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Largest digital product file: books, albums and courses, not whole video libraries. */
export const MAX_DIGITAL_FILE_BYTES = 500 * 1024 * 1024;
/** Images per page of the media library. */
export const MEDIA_PAGE_SIZE = 50;
/** Spec (image meta): "mediaFocalPoint x,y (default 0.5,0.5)". */
export const DEFAULT_FOCAL_POINT = 0.5;

/** An image of the media library as the owner's API answers it. */
export interface MediaAsset {
  id: string;
  fileName: string;
  /** The full-size file; `?format=500w` on it serves a width variant (the theme's srcset convention). */
  url: string;
  altText: string;
  focalPoint: { x: number; y: number };
  width: number;
  height: number;
  /** Width → URL of each width variant made. */
  variants: Record<string, string>;
  createdAt: number;
}

/** An image as a product page shows it (spec §3 Image, with the engine's srcset inputs). */
export interface ResolvedImage {
  mediaId: string;
  assetUrl: string;
  /** Absent until the owner writes one (the page then uses the product's name). */
  altText?: string;
  originalSize: string;
  /** '{W}x{H},100w,300w,…': what the image-srcset formatter reads. */
  systemDataVariants: string;
  mediaFocalPoint: { x: number; y: number };
}

/** A digital product's file as the owner's API answers it. */
export interface MediaFile {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

/** Longest file name kept (the column holds 256); longer names keep their end, the extension. */
const FILE_NAME_MAX_LENGTH = 200;
const CONTENT_TYPE_RE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/i;

/** The uploader's file name without any folder part or control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-FILE_NAME_MAX_LENGTH) || 'file';
}

/** The declared type when it is a well-formed `type/subtype`, else application/octet-stream. */
function cleanContentType(type: string): string {
  return CONTENT_TYPE_RE.test(type) ? type.toLowerCase() : 'application/octet-stream';
}

const imageKey = (id: string, name: string) => `images/${id}/${name}`;
const fileKey = (id: string) => `files/${id}`;
const fileNameOf = (name: 'original' | number, ext: string) =>
  `${name === 'original' ? 'original' : `${name}w`}.${ext}`;

export function mediaUrl(id: string, file: string): string {
  return `/media/${id}/${file}`;
}

function widthsOf(row: MediaRow): number[] {
  return JSON.parse(row.widths) as number[];
}

function toAsset(row: MediaRow): MediaAsset {
  const ext = row.ext ?? 'webp';
  return {
    id: row.id,
    fileName: row.file_name,
    url: mediaUrl(row.id, fileNameOf('original', ext)),
    altText: row.alt_text,
    focalPoint: { x: row.focal_x, y: row.focal_y },
    width: row.width ?? 0,
    height: row.height ?? 0,
    variants: Object.fromEntries(widthsOf(row).map((w) => [String(w), mediaUrl(row.id, fileNameOf(w, ext))])),
    createdAt: row.created_at,
  };
}

/**
 * Stores an uploaded image: decoded and re-encoded at its full size and at every width variant
 * up to it. A file that is not a JPEG, PNG, WebP or GIF image is refused (415) whatever it was
 * declared as; one that fails to encode answers 'File processing failed' (422).
 */
export async function uploadImage(
  ctx: RequestContext,
  actor: AuditActor,
  storage: MediaStorage,
  upload: { fileName: string; data: Buffer },
): Promise<MediaAsset> {
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await processImage(upload.data);
  } catch (error) {
    if (error instanceof ImageRejected)
      throw new HttpError(415, EDITOR_MESSAGES.unableToUploadFile, undefined, {
        file: 'Only JPEG, PNG, WebP and GIF images can be uploaded.',
      });
    if (error instanceof ImageTooManyPixels)
      throw new HttpError(422, EDITOR_MESSAGES.fileProcessingFailed, undefined, {
        file: `Images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`,
      });
    throw new HttpError(422, EDITOR_MESSAGES.fileProcessingFailed);
  }
  const id = newId('img');
  const fileName = cleanFileName(upload.fileName);
  const keys = image.files.map((f) => imageKey(id, fileNameOf(f.name, image.ext)));
  const row = {
    id,
    website_id: ctx.websiteId,
    kind: 'image' as const,
    file_name: fileName,
    content_type: IMAGE_EXT_TYPES[image.ext],
    size_bytes: upload.data.length,
    ext: image.ext,
    width: image.width,
    height: image.height,
    widths: JSON.stringify(image.widths),
    alt_text: '',
    focal_x: DEFAULT_FOCAL_POINT,
    focal_y: DEFAULT_FOCAL_POINT,
    created_at: ctx.clock.now(),
  };
  try {
    for (const [i, f] of image.files.entries()) await storage.put(keys[i], f.data);
    await ctx.db.transaction().execute(async (trx) => {
      await insertMedia(trx, row);
      await recordAudit({ db: trx, clock: ctx.clock }, actor, 'media.upload', id, {
        fileName: upload.fileName,
      });
    });
  } catch (error) {
    await Promise.all(keys.map((k) => storage.delete(k)));
    throw error;
  }
  return toAsset({ ...row });
}

/**
 * Stores a digital product's file as sent (it is only ever delivered as a download). The stream
 * errors when it passes the size limit; nothing is kept then.
 */
export async function uploadFile(
  ctx: RequestContext,
  actor: AuditActor,
  storage: MediaStorage,
  upload: { fileName: string; contentType: string; stream: Readable },
): Promise<MediaFile> {
  const id = newId('file');
  const fileName = cleanFileName(upload.fileName);
  const contentType = cleanContentType(upload.contentType);
  let bytes = 0;
  async function* counted() {
    for await (const chunk of upload.stream) {
      bytes += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
  }
  try {
    await storage.put(fileKey(id), Readable.from(counted()));
    await ctx.db.transaction().execute(async (trx) => {
      await insertMedia(trx, {
        id,
        website_id: ctx.websiteId,
        kind: 'file',
        file_name: fileName,
        content_type: contentType,
        size_bytes: bytes,
        ext: null,
        width: null,
        height: null,
        created_at: ctx.clock.now(),
      });
      await recordAudit({ db: trx, clock: ctx.clock }, actor, 'media.upload', id, {
        fileName: upload.fileName,
      });
    });
  } catch (error) {
    await storage.delete(fileKey(id));
    throw error;
  }
  return { id, fileName, contentType, size: bytes };
}

export async function listImages(ctx: RequestContext, page: number) {
  const [rows, total] = await Promise.all([
    listMedia(ctx.db, ctx.websiteId, 'image', MEDIA_PAGE_SIZE, (page - 1) * MEDIA_PAGE_SIZE),
    countMedia(ctx.db, ctx.websiteId, 'image'),
  ]);
  return { assets: rows.map(toAsset), total, page, pageSize: MEDIA_PAGE_SIZE };
}

export async function getImage(ctx: RequestContext, id: string): Promise<MediaAsset | null> {
  const row = await findMedia(ctx.db, ctx.websiteId, id);
  return row?.kind === 'image' ? toAsset(row) : null;
}

/** Alt text and focal point; 404 for an id that is not one of the site's images. */
export async function editImage(
  ctx: RequestContext,
  actor: AuditActor,
  id: string,
  patch: MediaPatch,
): Promise<MediaAsset> {
  const row = await findMedia(ctx.db, ctx.websiteId, id);
  if (row?.kind !== 'image') throw new HttpError(404, 'No image has that id.');
  const values = {
    ...(patch.altText !== undefined ? { alt_text: patch.altText } : {}),
    ...(patch.focalPoint ? { focal_x: patch.focalPoint.x, focal_y: patch.focalPoint.y } : {}),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (Object.keys(values).length > 0) await updateMedia(trx, ctx.websiteId, id, values);
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'media.edit', id, patch);
  });
  return toAsset({ ...row, ...values });
}

/** Media ids are ours: a prefix and 20 hex digits (newId). */
const MEDIA_ROW_ID_RE = /^(img|file)_[0-9a-f]{20}$/;

/**
 * Deletes an image or file of the library and its stored files. `usedBy` names what still shows
 * or delivers it (checked in the delete's transaction); any name refuses the delete with 409.
 * The files go after the row: a failure then leaves unreachable bytes, never a broken link.
 */
export async function removeMedia(
  ctx: RequestContext,
  actor: AuditActor,
  storage: MediaStorage,
  id: string,
  usedBy: (db: Kysely<DB>) => Promise<string[]>,
): Promise<void> {
  const row = MEDIA_ROW_ID_RE.test(id) ? await findMedia(ctx.db, ctx.websiteId, id) : undefined;
  if (!row) throw new HttpError(404, 'No image or file has that id.');
  await ctx.db.transaction().execute(async (trx) => {
    const names = await usedBy(trx);
    if (names.length > 0)
      throw new HttpError(409, mediaInUseMessage(row.kind, names), undefined, { products: names.join(', ') });
    await deleteMedia(trx, ctx.websiteId, id);
    await recordAudit({ db: trx, clock: ctx.clock }, actor, 'media.delete', id, { fileName: row.file_name });
  });
  const keys =
    row.kind === 'file'
      ? [fileKey(id)]
      : [
          imageKey(id, fileNameOf('original', row.ext ?? 'webp')),
          ...widthsOf(row).map((w) => imageKey(id, fileNameOf(w, row.ext ?? 'webp'))),
        ];
  await Promise.all(keys.map((k) => storage.delete(k)));
}

/** Why a library item cannot go yet, naming the products that use it. */
export function mediaInUseMessage(kind: MediaRow['kind'], products: string[]): string {
  const what = kind === 'file' ? 'This file is delivered by' : 'This image is shown on';
  const list = products.map((n) => `"${n}"`).join(', ');
  return `${what} ${list}. Remove it there first.`;
}

/** The site's images among `ids`, as product pages show them; unknown ids are left out. */
export async function resolveImages(
  ctx: RequestContext,
  ids: readonly string[],
): Promise<Map<string, ResolvedImage>> {
  const rows = await findMediaByIds(ctx.db, ctx.websiteId, [...new Set(ids)]);
  const out = new Map<string, ResolvedImage>();
  for (const row of rows) {
    if (row.kind !== 'image') continue;
    const asset = toAsset(row);
    const size = `${asset.width}x${asset.height}`;
    out.set(row.id, {
      mediaId: row.id,
      assetUrl: asset.url,
      ...(asset.altText ? { altText: asset.altText } : {}),
      originalSize: size,
      systemDataVariants: [size, ...widthsOf(row).map((w) => `${w}w`)].join(','),
      mediaFocalPoint: asset.focalPoint,
    });
  }
  return out;
}

/** The site's digital files among `ids`. */
export async function getFiles(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, MediaFile>> {
  const rows = await findMediaByIds(ctx.db, ctx.websiteId, [...new Set(ids)]);
  return new Map(
    rows
      .filter((r) => r.kind === 'file')
      .map((r) => [
        r.id,
        { id: r.id, fileName: r.file_name, contentType: r.content_type, size: r.size_bytes },
      ]),
  );
}

/** A digital file's bytes with its name, or null. */
export async function openFile(ctx: RequestContext, storage: MediaStorage, id: string) {
  const file = (await getFiles(ctx, [id])).get(id);
  if (!file) return null;
  const stored = await storage.get(fileKey(id));
  return stored ? { ...file, ...stored } : null;
}

/** Width variant file names the public route accepts ('original.webp', '500w.jpg'). */
const IMAGE_FILE_RE = /^(original|\d{2,4}w)\.(jpg|webp)$/;
const MEDIA_ID_RE = /^img_[0-9a-f]{20}$/;
const FORMAT_RE = /^(original|\d{2,4}w)$/;

/**
 * One of an image's stored files for the public /media route. `format` (the theme srcset's
 * `?format=500w`) picks a width variant of the same image; a width the image was too small for
 * serves the full size. Digital files are never reachable here.
 */
export async function openImageFile(
  storage: MediaStorage,
  id: string,
  file: string,
  format: string | undefined,
): Promise<{ stored: StoredObject; contentType: string } | null> {
  const match = IMAGE_FILE_RE.exec(file);
  if (!match || !MEDIA_ID_RE.test(id)) return null;
  const ext = match[2] as ImageExt;
  const contentType = IMAGE_EXT_TYPES[ext];
  if (format !== undefined && FORMAT_RE.test(format) && match[1] === 'original') {
    const variant = await storage.get(imageKey(id, `${format}.${ext}`));
    if (variant) return { stored: variant, contentType };
  }
  const stored = await storage.get(imageKey(id, file));
  return stored ? { stored, contentType } : null;
}

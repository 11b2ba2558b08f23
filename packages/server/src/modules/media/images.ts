import type { Metadata, Sharp } from 'sharp';

/**
 * sharp (libvips and its threads, ~18 MB of RSS) is loaded on the first upload, not at start:
 * most instances serve pages and never process an image.
 */
let sharpModule: Promise<typeof import('sharp')> | null = null;
function loadSharp() {
  sharpModule ??= import('sharp');
  return sharpModule.then((m) => m.default);
}

/** Spec §9: "Image width variants are 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w." */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;

/** The upload types an image may arrive as; anything else (SVG and HTML above all) is refused. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** What sharp must find inside the bytes: the declared type alone is the uploader's word. */
const DECODED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * Most pixels an upload may have (a 45-megapixel camera's photos pass): decoding is what costs
 * memory, about 4 bytes a pixel, and a small file can hold a huge image.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** Encoder quality of the stored files (visually lossless for photos at a fraction of the size). */
const JPEG_QUALITY = 82;
const WEBP_QUALITY = 80;

export type ImageExt = 'jpg' | 'webp';

export const IMAGE_EXT_TYPES: Record<ImageExt, string> = { jpg: 'image/jpeg', webp: 'image/webp' };

export interface ImageFile {
  /** 'original' or a width such as 500. */
  name: 'original' | number;
  data: Buffer;
}

export interface ProcessedImage {
  ext: ImageExt;
  width: number;
  height: number;
  /** The width variants made: those of IMAGE_WIDTHS no wider than the image. */
  widths: number[];
  files: ImageFile[];
}

/** The bytes are not one of the four image formats. */
export class ImageRejected extends Error {}
/** The image has more than MAX_IMAGE_PIXELS pixels. */
export class ImageTooManyPixels extends Error {}

/**
 * Decodes an uploaded image and re-encodes it: the original size and every width variant up to
 * it. Photos (JPEG) stay JPEG; PNG, WebP and GIF become WebP, which keeps transparency. Nothing
 * uploaded is stored as sent, so no file of ours carries markup or metadata from the uploader.
 * Throws ImageRejected when the bytes are not one of the four image formats, ImageTooManyPixels
 * above MAX_IMAGE_PIXELS.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new ImageRejected('The file is not an image sharp can read');
  }
  const format = meta.format;
  if (!format || !DECODED_FORMATS.has(format))
    throw new ImageRejected(`Images of format ${format} are refused`);
  // Read from the header alone, before anything is decoded.
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) throw new ImageTooManyPixels();
  const ext: ImageExt = format === 'jpeg' ? 'jpg' : 'webp';
  const encode = (image: Sharp) =>
    ext === 'jpg' ? image.jpeg({ quality: JPEG_QUALITY }) : image.webp({ quality: WEBP_QUALITY });

  // rotate() with no angle applies the EXIF orientation, so width and height are as seen.
  const original = await encode(sharp(input).rotate()).toBuffer({ resolveWithObject: true });
  const { width, height } = original.info;
  const widths = IMAGE_WIDTHS.filter((w) => w <= width);
  const files: ImageFile[] = [{ name: 'original', data: original.data }];
  for (const w of widths) {
    files.push({ name: w, data: await encode(sharp(input).rotate().resize({ width: w })).toBuffer() });
  }
  return { ext, width, height, widths, files };
}

/**
 * The wire contract of the owner's content calls (browser-safe: zod and commerce only; the
 * config screens import these schemas for their forms).
 */
import {
  BLOCK_TYPE,
  COMMENT_STATE,
  COMMENT_STATUSES,
  CONTENT_STATUSES,
  type CommentStatus,
  type ContentStatus,
  EVENT_MESSAGES,
  GALLERY_ALIGNMENTS,
  GALLERY_ASPECT_RATIOS,
  GALLERY_DESIGNS,
  GALLERY_LIGHTBOX_THEMES,
  GALLERY_META_POSITIONS,
  GALLERY_RANGES,
  type GALLERY_SWITCH_DEFAULTS,
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  MAX_MEMBER_PRODUCTS,
  MAX_SLUG_LENGTH,
  MAX_TITLE_LENGTH,
  RECORD_TYPE,
  SHARE_SERVICES,
} from '@storefront/commerce';
import { z } from 'zod';

/** Longest HTML of one block or excerpt (a long article fits; a runaway paste does not). */
export const MAX_HTML_LENGTH = 200_000;
/** Most blocks on one page. */
export const MAX_BLOCKS = 200;
/** Most categories or tags on one item (WordPress sets no limit; its test data has posts with hundreds). */
export const MAX_TERMS = 1000;
/** Items per page of the owner's list. */
export const CONTENT_PAGE_SIZE = 25;

const MEDIA_ID_RE = /^img_[0-9a-f]{20}$/;
const mediaId = z.string().regex(MEDIA_ID_RE, 'must be the id of an uploaded image');
const url = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^(https?:\/\/|\/(?!\/))/i.test(v), 'must be an http(s) address or a site path');
const html = z.string().max(MAX_HTML_LENGTH, `must be at most ${MAX_HTML_LENGTH} characters`);
const shortText = z.string().trim().max(500);

/** An image of a block: an uploaded image by id, or an address (imported content). */
const blockImage = z.union([
  z.strictObject({ mediaId, altText: shortText.optional(), caption: shortText.optional() }),
  z.strictObject({ assetUrl: url.min(1), altText: shortText.optional(), caption: shortText.optional() }),
]);

/** A spec §9 range, enforced on save: "must be between 1 and 10". */
function galleryRange(name: keyof typeof GALLERY_RANGES) {
  const [min, max] = GALLERY_RANGES[name];
  const message = `must be between ${min} and ${max}`;
  return z.number().int(message).min(min, message).max(max, message).optional();
}
const onOff = z.boolean().optional();

/** Spec §3 gallery options; every one optional (galleryOptions gives the defaults). */
export const galleryOptionsSchema = z.strictObject({
  design: z.enum(GALLERY_DESIGNS).optional(),
  'aspect-ratio': z.enum(GALLERY_ASPECT_RATIOS).optional(),
  'meta-position': z.enum(GALLERY_META_POSITIONS).optional(),
  'active-alignment': z.enum(GALLERY_ALIGNMENTS).optional(),
  lightboxTheme: z.enum(GALLERY_LIGHTBOX_THEMES).optional(),
  'autoplay-duration': galleryRange('autoplay-duration'),
  'thumbnails-per-row': galleryRange('thumbnails-per-row'),
  padding: galleryRange('padding'),
  'thumbnail-strip-height': galleryRange('thumbnail-strip-height'),
  'thumbnail-strip-margin': galleryRange('thumbnail-strip-margin'),
  'max-width': galleryRange('max-width'),
  autoplay: onOff,
  controls: onOff,
  'auto-crop': onOff,
  'square-thumbs': onOff,
  thumbnails: onOff,
  'show-meta': onOff,
  'show-meta-on-hover': onOff,
  lightbox: onOff,
  newWindow: onOff,
  transparentBackground: onOff,
  indicators: onOff,
} satisfies Record<keyof typeof GALLERY_SWITCH_DEFAULTS, unknown> & Record<string, unknown>);

/** Spec §3 Location: address lines, country, and a map point when both coordinates are set. */
export const locationSchema = z.strictObject({
  addressLine1: shortText.optional(),
  addressLine2: shortText.optional(),
  addressCountry: shortText.optional(),
  mapLat: z
    .number(EVENT_MESSAGES.latitude)
    .min(LATITUDE_RANGE[0], EVENT_MESSAGES.latitude)
    .max(LATITUDE_RANGE[1], EVENT_MESSAGES.latitude)
    .optional(),
  mapLng: z
    .number(EVENT_MESSAGES.longitude)
    .min(LONGITUDE_RANGE[0], EVENT_MESSAGES.longitude)
    .max(LONGITUDE_RANGE[1], EVENT_MESSAGES.longitude)
    .optional(),
});

/** Spec §3 Event of an events collection's item: ms since epoch; it may not end before it starts. */
export const eventSchema = z
  .strictObject({
    startDate: z.number(EVENT_MESSAGES.startRequired).int().nonnegative(EVENT_MESSAGES.startRequired),
    endDate: z.number(EVENT_MESSAGES.endRequired).int().nonnegative(EVENT_MESSAGES.endRequired),
    location: locationSchema.default({}),
  })
  .refine((e) => e.endDate >= e.startDate, { message: EVENT_MESSAGES.endBeforeStart, path: ['endDate'] });

/** Longest page password (a passphrase fits). */
export const MAX_PAGE_PASSWORD_LENGTH = 200;

export const blockSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal(BLOCK_TYPE.html), html }),
  z.strictObject({ type: z.literal(BLOCK_TYPE.image), image: blockImage }),
  z.strictObject({
    type: z.literal(BLOCK_TYPE.gallery),
    images: z.array(blockImage).max(200),
    options: galleryOptionsSchema.optional(),
  }),
  z.strictObject({ type: z.literal(BLOCK_TYPE.form), formId: z.string().min(1).max(64) }),
  z.strictObject({
    type: z.literal(BLOCK_TYPE.quote),
    text: z.string().trim().min(1).max(5000),
    source: shortText.optional(),
  }),
  z.strictObject({
    type: z.literal(BLOCK_TYPE.code),
    code: z.string().max(MAX_HTML_LENGTH),
    language: shortText.optional(),
  }),
  z.strictObject({ type: z.literal(BLOCK_TYPE.video), url: url.min(1), caption: shortText.optional() }),
  z.strictObject({ type: z.literal(BLOCK_TYPE.audio), url: url.min(1), title: shortText.optional() }),
  z.strictObject({
    type: z.literal(BLOCK_TYPE.accordion),
    items: z
      .array(z.strictObject({ title: z.string().trim().min(1).max(500), html }))
      .min(1)
      .max(100),
  }),
  z.strictObject({ type: z.literal(BLOCK_TYPE.map), location: locationSchema }),
  z.strictObject({ type: z.literal(BLOCK_TYPE.product), productId: z.string().min(1).max(64) }),
]);

export type Block = z.output<typeof blockSchema>;

const term = z.string().trim().min(1).max(200);

/** POST /api/config/content/items, PUT /api/config/content/items/:id */
export const itemBodySchema = z.strictObject({
  collectionId: z.string().min(1).max(64),
  title: z.string().trim().min(1, 'Add a title').max(MAX_TITLE_LENGTH),
  urlSlug: z
    .string()
    .trim()
    .max(MAX_SLUG_LENGTH)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'may hold lower-case letters, digits and single dashes')
    .optional(),
  recordType: z
    .number()
    .int()
    .refine((n) => (Object.values(RECORD_TYPE) as number[]).includes(n), 'is not a record type')
    .default(RECORD_TYPE.text),
  excerpt: html.default(''),
  blocks: z.array(blockSchema).max(MAX_BLOCKS).default([]),
  status: z.enum(CONTENT_STATUSES as [string, ...string[]]),
  /** ms since epoch; required when scheduled, the post date otherwise (default: when published). */
  publishOn: z.number().int().nonnegative().nullable().default(null),
  authorName: z.string().trim().max(200).default(''),
  mainImageId: mediaId.nullable().default(null),
  externalLink: url.default(''),
  commentState: z
    .union([z.literal(COMMENT_STATE.closed), z.literal(COMMENT_STATE.open)])
    .default(COMMENT_STATE.closed),
  starred: z.boolean().default(false),
  categories: z.array(term).max(MAX_TERMS).default([]),
  tags: z.array(term).max(MAX_TERMS).default([]),
  /** An events collection's item: when and where (null for any other item). */
  event: eventSchema.nullable().default(null),
  /**
   * The page's own password (spec §2 protected content): absent keeps the one it has, '' takes
   * it away, any other text sets it.
   */
  password: z.string().max(MAX_PAGE_PASSWORD_LENGTH).optional(),
  /**
   * The paywall products whose buyers may read the item (issue 16 member areas): absent keeps the
   * ones it has, [] opens it to everyone.
   */
  memberProducts: z.array(z.string().max(64)).max(MAX_MEMBER_PRODUCTS).optional(),
});

export type ItemBody = z.output<typeof itemBodySchema>;
export type ItemInput = z.input<typeof itemBodySchema>;

/** GET /api/config/content/items?collectionId=&page= */
export const itemListQuerySchema = z.object({
  collectionId: z.string().max(64).optional(),
  page: z.coerce.number().int().min(1).default(1),
});

const commentStatus = z.enum(COMMENT_STATUSES as [CommentStatus, ...CommentStatus[]]);

export const commentListQuerySchema = z.object({
  status: commentStatus.default('pending'),
  page: z.coerce.number().int().min(1).default(1),
});

/** A moderator's decision on a comment. */
export const commentModerationSchema = z.strictObject({ status: commentStatus });

/** Spec §3 site settings of the content: comments, likes and share buttons. */
export const communitySettingsSchema = z.strictObject({
  commentsEnabled: z.boolean().optional(),
  simpleLikingEnabled: z.boolean().optional(),
  shareButtonOptions: z
    .array(z.enum(SHARE_SERVICES))
    .max(SHARE_SERVICES.length)
    .refine((list) => new Set(list).size === list.length, 'each service once')
    .optional(),
});

/** The paywall products that open a whole content collection (issue 16 member collections); [] opens it to everyone. */
export const collectionMembersSchema = z.object({
  memberProducts: z.array(z.string().max(64)).max(MAX_MEMBER_PRODUCTS),
});

const termReply = z.object({ name: z.string(), slug: z.string() });

/**
 * An item as the owner's calls answer it. Its blocks are as saved (blockSchema checked them on
 * the way in; imported ones may carry more), so the reply only names their type.
 */
export const contentItemReply = z.object({
  id: z.string(),
  collectionId: z.string(),
  recordType: z.number(),
  title: z.string(),
  urlSlug: z.string(),
  excerpt: z.string(),
  blocks: z.array(z.looseObject({ type: z.number() })),
  status: z.enum(CONTENT_STATUSES as [ContentStatus, ...ContentStatus[]]),
  publishOn: z.number().nullable(),
  authorName: z.string(),
  mainImageId: z.string().nullable(),
  assetUrl: z.string(),
  externalLink: z.string(),
  promotedBlockType: z.string(),
  commentState: z.number(),
  likeCount: z.number(),
  starred: z.boolean(),
  position: z.number(),
  categories: z.array(termReply),
  tags: z.array(termReply),
  publicCommentCount: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** An events collection's item: when and where (spec §3 Event); null for any other. */
  event: z
    .object({
      startDate: z.number(),
      endDate: z.number(),
      location: z.object({
        addressLine1: z.string().optional(),
        addressLine2: z.string().optional(),
        addressCountry: z.string().optional(),
        mapLat: z.number().optional(),
        mapLng: z.number().optional(),
      }),
    })
    .nullable(),
  /** The item asks visitors for its own password. */
  hasPassword: z.boolean(),
  /** The paywall products whose buyers may read the item (member areas); empty: open to everyone. */
  memberProducts: z.array(z.string()),
  /** Those and its collection's (a member collection): any of them opens the item. */
  memberAreaProducts: z.array(z.string()),
});

/** An item as the config screens read it: its blocks are the ones the editor saves. */
export type ContentItemView = Omit<z.output<typeof contentItemReply>, 'blocks'> & { blocks: Block[] };

export const contentItemEnvelope = z.object({ item: contentItemReply });

/** GET /api/config/content/items */
export const contentPageReply = z.object({
  items: z.array(contentItemReply),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** GET /api/config/content/collections: the page, blog and events collections, as the catalog keeps them. */
const contentCollectionReply = z.object({
  id: z.string(),
  title: z.string(),
  type: z.number(),
  typeName: z.enum(['page', 'blog', 'events']),
  urlSlug: z.string(),
  fullUrl: z.string(),
  description: z.string().nullable(),
  folder: z.boolean(),
  folderBehavior: z.number().nullable(),
  parentId: z.string().nullable(),
  notLinked: z.boolean(),
  /** The paywall products that open the whole collection (a member collection); empty: open. */
  memberProducts: z.array(z.string()),
});

/** PUT /api/config/content/collections/{id}/members */
export const contentCollectionEnvelope = z.object({ collection: contentCollectionReply });

export const contentCollectionsReply = z.object({
  collections: z.array(contentCollectionReply),
});
export type ContentCollection = z.output<typeof contentCollectionsReply>['collections'][number];

/** GET /api/config/content/comments: a status's comments, and how many each status holds. */
export const commentQueueReply = z.object({
  comments: z.array(
    z.object({
      id: z.string(),
      itemId: z.string(),
      itemTitle: z.string(),
      itemUrl: z.string(),
      parentId: z.string().nullable(),
      authorName: z.string(),
      authorEmail: z.string(),
      body: z.string(),
      status: commentStatus,
      createdAt: z.number(),
    }),
  ),
  counts: z.object({ pending: z.number(), approved: z.number(), spam: z.number() }),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type CommentQueue = z.output<typeof commentQueueReply>;

/** GET and PATCH /api/config/content/settings. */
export const communitySettingsReply = z.object({
  commentsEnabled: z.boolean(),
  simpleLikingEnabled: z.boolean(),
  shareButtonOptions: z.array(z.enum(SHARE_SERVICES)),
});
export type CommunitySettings = z.output<typeof communitySettingsReply>;

export const okReply = z.object({ ok: z.literal(true) });

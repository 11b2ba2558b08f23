/**
 * Content rules (spec §3 enumerations, §4 statuses, §5 display rules) shared by the server, the
 * owner's area and tests: what a visitor may see, who may set which status, when an excerpt
 * counts, how a title becomes a URL slug.
 */
import { can } from './roles.js';

/** Spec §3 record types: text 1, image 2, quote 4, link 5, audio 7, video 8, store item 11, event 12, gallery 14, binary 15 … kbarticle 54. */
export const RECORD_TYPE = {
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  storeItem: 11,
  event: 12,
  gallery: 14,
  binary: 15,
  kbarticle: 54,
} as const;

/** Spec §3 collection types: 1 to 25 (generic 1, subscription 2, album-block 18 and others). */
export const COLLECTION_TYPE = { generic: 1, subscription: 2, albumBlock: 18 } as const;
export const MIN_COLLECTION_TYPE = 1;
export const MAX_COLLECTION_TYPE = 25;

/** Spec §3 folder behaviour: index 1, redirect 2, none 3, variation 4. */
export const FOLDER_BEHAVIOR = { index: 1, redirect: 2, none: 3, variation: 4 } as const;

/**
 * What a collection holds, as the page resolver reads `typeName`: products (the store), a page
 * (one item made of blocks), a blog (dated posts), events and galleries.
 */
export const CONTENT_COLLECTION_KINDS = ['page', 'blog', 'events', 'gallery'] as const;
export type ContentCollectionKind = (typeof CONTENT_COLLECTION_KINDS)[number];

/**
 * Spec §3 block types: navigation 1, html 2, logo 3, map 4, image 5, twitter 6, journal 7,
 * gallery 8, form 9, accordion 69, pricing plan 72, website component 1337. The spec numbers no
 * quote, code, video, audio or product block; those numbers are ours.
 */
export const BLOCK_TYPE = {
  navigation: 1,
  html: 2,
  logo: 3,
  map: 4,
  image: 5,
  twitter: 6,
  journal: 7,
  gallery: 8,
  form: 9,
  accordion: 69,
  pricingPlan: 72,
  websiteComponent: 1337,
  code: 23,
  quote: 31,
  video: 32,
  audio: 41,
  product: 52,
} as const;
export type BlockTypeName = keyof typeof BLOCK_TYPE;

/** Spec §3: comment state 1 means open (0: closed). */
export const COMMENT_STATE = { closed: 0, open: 1 } as const;

/** Spec §4 statuses (Draft, Scheduled, Needs Review, Private) and the published state visitors see. */
export const CONTENT_STATUS = {
  draft: 'draft',
  scheduled: 'scheduled',
  needsReview: 'needs-review',
  private: 'private',
  published: 'published',
} as const;
export type ContentStatus = (typeof CONTENT_STATUS)[keyof typeof CONTENT_STATUS];
export const CONTENT_STATUSES: readonly ContentStatus[] = Object.values(CONTENT_STATUS);

/** The statuses as the spec names them. */
export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  'needs-review': 'Needs Review',
  private: 'Private',
  published: 'Published',
};

/** Posts per page of a blog list, category or tag page (the spec gives no number). */
export const BLOG_PAGE_SIZE = 10;

/** Longest title and URL slug an item may have. */
export const MAX_TITLE_LENGTH = 200;
export const MAX_SLUG_LENGTH = 200;

export const CONTENT_MESSAGES = {
  draftOnly: 'You can save drafts and ask for review; an editor publishes.',
  scheduleNeedsTime: 'Choose when a scheduled item publishes.',
  slugTaken: 'Another item of this collection already has this URL.',
  notFound: 'That item does not exist.',
  notContentCollection: 'That collection holds no pages or posts.',
  locked: 'This page is password protected: enter its password first.',
  membersOnly: 'This page is for members only.',
  likesOff: 'Likes are turned off.',
  likesPostsOnly: 'Only blog posts take likes.',
} as const;

/** What lists show beside a protected item's title instead of its excerpt and image. */
export const LOCK_MARKS = {
  password: 'Password protected',
  members: 'Members only',
} as const;

/** Visitors see only published items; the rest is for contributors. */
export function isPublic(status: ContentStatus): boolean {
  return status === CONTENT_STATUS.published;
}

/**
 * The statuses a role may give an item: those who may publish (content.write) any; a draft editor
 * (drafts.write alone) keeps it a draft or asks for review.
 */
export function statusesFor(role: number): readonly ContentStatus[] {
  if (can(role, 'content.write')) return CONTENT_STATUSES;
  if (can(role, 'drafts.write')) return [CONTENT_STATUS.draft, CONTENT_STATUS.needsReview];
  return [];
}

/** A scheduled item is due once its time has come; it is then published. */
export function isDue(status: ContentStatus, publishOn: number | null, now: number): boolean {
  return status === CONTENT_STATUS.scheduled && publishOn !== null && publishOn <= now;
}

/** Text of HTML: tags dropped, common entities read, space folded. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Spec §5: an excerpt counts as present only with non-whitespace text after stripping markup. */
export function hasExcerpt(html: string | null | undefined): boolean {
  return !!html && textOfHtml(html) !== '';
}

/** A URL slug from a title: lower-case letters, digits and single dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || 'item';
}

/** A comment's status: shown, waiting in the moderation queue, or set aside as spam. */
export const COMMENT_STATUS = { approved: 'approved', pending: 'pending', spam: 'spam' } as const;
export type CommentStatus = (typeof COMMENT_STATUS)[keyof typeof COMMENT_STATUS];
export const COMMENT_STATUSES: readonly CommentStatus[] = Object.values(COMMENT_STATUS);

/** Longest commenter name and comment a visitor may send (the spec gives no numbers). */
export const MAX_COMMENT_NAME_LENGTH = 100;
export const MAX_COMMENT_LENGTH = 5_000;
/** Replies nest this deep at most; a reply to the deepest comment joins its thread at that depth. */
export const MAX_COMMENT_DEPTH = 3;

export const COMMENT_MESSAGES = {
  closed: 'Comments are closed.',
  awaitingModeration: 'Thank you. Your comment is awaiting moderation.',
  parentNotFound: 'The comment you replied to is not there any more.',
  notFound: 'That comment does not exist.',
  tooLong: `A comment is at most ${MAX_COMMENT_LENGTH} characters.`,
  nameTooLong: `A name is at most ${MAX_COMMENT_NAME_LENGTH} characters.`,
} as const;

/** A comment placed in its thread: its depth (0 for a top-level comment) under its parent. */
export interface ThreadedComment<T> {
  comment: T;
  depth: number;
}

/**
 * Comments in reading order: each top-level comment (oldest first) followed by its replies, depth
 * first. A reply whose parent is not shown (pending, spam, deleted) is shown at the top level.
 */
export function threadComments<T extends { id: string; parentId: string | null }>(
  comments: readonly T[],
): ThreadedComment<T>[] {
  const ids = new Set(comments.map((c) => c.id));
  const children = new Map<string | null, T[]>();
  for (const c of comments) {
    const parent = c.parentId !== null && ids.has(c.parentId) ? c.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: ThreadedComment<T>[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      out.push({ comment: c, depth: Math.min(depth, MAX_COMMENT_DEPTH) });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** Share services (spec §3 shareButtonOptions) offered as plain links: no third-party script. */
export const SHARE_SERVICES = ['facebook', 'x', 'linkedin', 'pinterest', 'reddit', 'email'] as const;
export type ShareService = (typeof SHARE_SERVICES)[number];
export const SHARE_SERVICE_LABELS: Record<ShareService, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  email: 'Email',
};

/** The share link of one service for a page at `url` titled `title` (with its image for Pinterest). */
export function shareLink(service: ShareService, url: string, title: string, imageUrl = ''): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (service) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${u}&description=${t}${imageUrl ? `&media=${encodeURIComponent(imageUrl)}` : ''}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
  }
}

/** Spec §3 like count as a label: '1 Like', 'N Likes'. */
export function likeCountText(count: number): string {
  return count === 1 ? '1 Like' : `${count} Likes`;
}

/** Spec §3 gallery designs; grid is the default. */
export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];
export const GALLERY_META_POSITIONS = [
  'top',
  'top-left',
  'top-right',
  'center',
  'bottom',
  'bottom-left',
  'bottom-right',
] as const;
export const GALLERY_ALIGNMENTS = ['center', 'left', 'right'] as const;
export const GALLERY_LIGHTBOX_THEMES = ['dark', 'light'] as const;

/** Spec §9 gallery ranges and defaults: [min, max, default]. */
export const GALLERY_RANGES = {
  'autoplay-duration': [1, 10, 5],
  'thumbnails-per-row': [1, 10, 4],
  padding: [0, 50, 20],
  'thumbnail-strip-height': [0, 200, 80],
  'thumbnail-strip-margin': [0, 60, 20],
  'max-width': [100, 300, 300],
} as const satisfies Record<string, readonly [number, number, number]>;
export type GalleryRangeName = keyof typeof GALLERY_RANGES;

/** The on/off options of spec §3, with their defaults (ours: the spec gives none). */
export const GALLERY_SWITCH_DEFAULTS = {
  autoplay: false,
  controls: true,
  'auto-crop': true,
  'square-thumbs': false,
  thumbnails: true,
  'show-meta': true,
  'show-meta-on-hover': false,
  lightbox: true,
  newWindow: false,
  transparentBackground: false,
  indicators: true,
} as const;
export type GallerySwitch = keyof typeof GALLERY_SWITCH_DEFAULTS;

/** Spec §3 aspect-ratio choices for auto-cropped images (width:height). */
export const GALLERY_ASPECT_RATIOS = ['1:1', '3:2', '4:3', '16:9', '2:3', '3:4'] as const;

export interface GalleryOptions extends Record<GalleryRangeName, number>, Record<GallerySwitch, boolean> {
  design: GalleryDesign;
  'aspect-ratio': (typeof GALLERY_ASPECT_RATIOS)[number];
  'meta-position': (typeof GALLERY_META_POSITIONS)[number];
  'active-alignment': (typeof GALLERY_ALIGNMENTS)[number];
  lightboxTheme: (typeof GALLERY_LIGHTBOX_THEMES)[number];
}

const pick = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * A gallery's options as it renders: each range clamped to spec §9 (rounded to a whole number),
 * each choice one of its values, anything missing or unknown its default (grid design).
 */
export function galleryOptions(input: Record<string, unknown> | undefined): GalleryOptions {
  const raw = input ?? {};
  const ranges = Object.fromEntries(
    (Object.entries(GALLERY_RANGES) as [GalleryRangeName, readonly [number, number, number]][]).map(
      ([name, [min, max, fallback]]) => {
        const v = raw[name];
        const n = typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : fallback;
        return [name, Math.min(max, Math.max(min, n))];
      },
    ),
  ) as Record<GalleryRangeName, number>;
  const switches = Object.fromEntries(
    (Object.entries(GALLERY_SWITCH_DEFAULTS) as [GallerySwitch, boolean][]).map(([name, fallback]) => [
      name,
      typeof raw[name] === 'boolean' ? raw[name] : fallback,
    ]),
  ) as Record<GallerySwitch, boolean>;
  return {
    ...ranges,
    ...switches,
    design: pick(GALLERY_DESIGNS, raw.design, 'grid'),
    'aspect-ratio': pick(GALLERY_ASPECT_RATIOS, raw['aspect-ratio'], '4:3'),
    'meta-position': pick(GALLERY_META_POSITIONS, raw['meta-position'], 'bottom'),
    'active-alignment': pick(GALLERY_ALIGNMENTS, raw['active-alignment'], 'center'),
    lightboxTheme: pick(GALLERY_LIGHTBOX_THEMES, raw.lightboxTheme, 'dark'),
  };
}

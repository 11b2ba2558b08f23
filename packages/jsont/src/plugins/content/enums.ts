/** Numeric codes the template-facing JSON uses (spec §3 "Enumerations"). */

/** Record types: text 1, image 2, quote 4, link 5, audio 7, video 8, store item 11, event 12, gallery 14, binary 15, up to kbarticle 54. */
export const RECORD_TYPES = {
  undefined: -1,
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  'store-item': 11,
  event: 12,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
} as const;

/** Collection types: 1 to 25; the ones templates test for. */
export const COLLECTION_TYPE = { templatePage: 7, page: 10 } as const;

/** Folder behaviour: index 1, redirect 2, none 3, variation 4; the ones templates test for. */
export const FOLDER_BEHAVIOR = { index: 1, redirect: 2 } as const;

/** Background sources: upload, instagram, video, none (numbered 1 to 4 in the JSON). */
export const BACKGROUND_SOURCES = { upload: 1, instagram: 2, video: 3, none: 4 } as const;

/** Slice types: heading 1, then body 3 to twitter 19 in this order. */
export const SLICE_TYPES: Readonly<Record<string, number>> = {
  heading: 1,
  ...Object.fromEntries(
    [
      'body',
      'image',
      'gallery',
      'video',
      'social-icons',
      'buttons',
      'navigation',
      'custom-form',
      'newsletter',
      'album',
      'map',
      'logo',
      'action',
      'form',
      'lock',
      'password',
      'twitter',
    ].map((name, i) => [name, i + 3]),
  ),
};

/** Promoted block types: map, embed, image, code, quote, twitter, link, video, foursquare, instagram, form. */
export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

/** Block types: image 5 (an image block carries its own alt text). */
export const BLOCK_TYPE_IMAGE = 5;

/** Comment state: 1 means open. */
export const COMMENT_STATE_OPEN = 1;

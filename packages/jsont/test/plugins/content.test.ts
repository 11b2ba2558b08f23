import { describe, expect, it } from 'vitest';
import { describeShared } from '../../../../test-support/shared.js';
import { contentPlugin } from '../../src/plugins/content/index.js';
import { check, format, runFormatterFixture } from './content-harness.js';

describeShared('content formatters against the conformance fixtures', () => {
  const fixtures = [
    'f-audio-player-1',
    'f-video-1',
    'f-video-2',
    'f-video-3',
    'f-comment-count-1',
    'f-comment-count-2',
    'f-comment-count-3',
    'f-comment-link-1',
    'f-comment-link-2',
    'f-comment-link-3',
    'f-comments-1',
    'f-comments-2',
    'f-comments-3',
    'f-item-classes-2',
    'f-item-classes-3',
    'f-like-button-1',
    'f-like-button-2',
    'f-google-calendar-url-1',
    'f-google-calendar-url-2',
    'f-google-calendar-url-3',
  ];
  it.each(fixtures)('%s', (name) => {
    const [actual, expected] = runFormatterFixture(contentPlugin, name);
    expect(actual).toBe(expected);
  });
});

describe('comment-count', () => {
  it("reads 'No Comments', '1 Comment', 'N Comments'", () => {
    const count = (n: unknown) => format(contentPlugin, 'comment-count', { publicCommentCount: n });
    expect([count(0), count(1), count(2), count(undefined)]).toEqual([
      'No Comments',
      '1 Comment',
      '2 Comments',
      'No Comments',
    ]);
  });
});

describe('comment-link', () => {
  it('says No for zero comments', () => {
    const html = format(contentPlugin, 'comment-link', { id: 'i', fullUrl: '/p', publicCommentCount: 0 });
    expect(html).toBe(
      '<a href="/p#comments-i" class="sqs-comment-link" data-id="i">\n  No\n  Comments\n  </a>',
    );
  });
});

describe('item-classes', () => {
  const item = {
    structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] },
    promotedBlockType: 'block type',
    categories: ['foo', 'bar baz'],
    tags: ['foo 2'],
    author: { displayName: 'John Doe' },
    recordTypeLabel: 'record-type',
    starred: true,
    recordType: 11,
  };
  it('lists promotion, categories, tags, author, type, index, featured and stock state', () => {
    expect(format(contentPlugin, 'item-classes', item, '@', [], { '@index': 1 })).toBe(
      'hentry promoted promoted-block-block-type category-foo category-bar-baz tag-foo-2 author-john-doe ' +
        'post-type-record-type article-index-1 featured on-sale sold-out',
    );
  });
  it('is not sold out while a variant is unlimited', () => {
    const unlimited = { ...item, structuredContent: { variants: [{ qtyInStock: 0, unlimited: true }] } };
    expect(format(contentPlugin, 'item-classes', unlimited)).not.toContain('sold-out');
  });
});

describe('google-calendar-url', () => {
  it('encodes the title as the event text', () => {
    const url = format(contentPlugin, 'google-calendar-url', {
      title: 'Launch & party',
      startDate: 0,
      endDate: 1000,
    });
    expect(url).toBe(
      'http://www.google.com/calendar/event?action=TEMPLATE&text=Launch%20%26%20party&dates=19700101T000000Z/19700101T000001Z',
    );
  });
});

describe('content predicates', () => {
  const is = (name: string, node: unknown, args: string[] = [], outer: unknown[] = []) =>
    check(contentPlugin, name, node, args, outer);

  it('comments show when open or commented on, and hide when commentsEnabled is off', () => {
    expect(is('comments', { commentState: 1, publicCommentCount: 0 })).toBe(true);
    expect(is('comments', { commentState: 2, publicCommentCount: 20 })).toBe(true);
    expect(is('comments', { commentState: 0 })).toBe(false);
    expect(is('comments', { commentState: 1 }, [], [{ websiteSettings: { commentsEnabled: false } }])).toBe(
      false,
    );
  });

  it('excerpt needs non-whitespace text after stripping markup', () => {
    expect(is('excerpt', { excerpt: { html: 'foo' } })).toBe(true);
    expect(is('excerpt', { excerpt: { html: '<p> </p>' } })).toBe(false);
    expect(is('excerpt', { excerpt: '   ' })).toBe(false);
    expect(is('excerpt', { excerpt: 123 })).toBe(false);
  });

  it('location needs both latitude and longitude', () => {
    expect(is('location', { location: { mapLat: 33.4, mapLng: -112 } })).toBe(true);
    expect(is('location', { location: { mapLat: 33.4 } })).toBe(false);
    expect(is('location', {})).toBe(false);
  });

  it('has one predicate per record type', () => {
    const codes = {
      undefined: -1,
      text: 1,
      image: 2,
      quote: 4,
      link: 5,
      audio: 7,
      video: 8,
      'store-item': 11,
    };
    for (const [name, code] of Object.entries(codes)) {
      expect(is(name, { recordType: code })).toBe(true);
      expect(is(name, { recordType: code + 100 })).toBe(false);
    }
    expect(
      is('event', { recordType: 12 }) &&
        is('gallery', { recordType: 14 }) &&
        is('kbarticle', { recordType: 54 }),
    ).toBe(true);
    expect(
      is('binary', { recordType: 15 }) &&
        is('attachment', { recordType: 19 }) &&
        is('checkin', { recordType: 52 }),
    ).toBe(true);
    expect(is('active-time', { recordType: 31 }) && is('audio', { recordType: 18 })).toBe(false);
  });

  it('has one predicate per promoted block type', () => {
    expect(is('promotedVIDEO', { promotedBlockType: 'video' })).toBe(true);
    expect(is('promotedMAP', { promotedBlockType: 'video' })).toBe(false);
    expect(is('external-video', { promotedBlockType: 'video' })).toBe(true);
    expect(is('external-video', { recordType: 18 })).toBe(false);
  });

  it('tests background sources, images, links and passthrough', () => {
    expect(is('background-source-video', { backgroundSource: 3 })).toBe(true);
    expect(is('background-source-none', { backgroundSource: 3 })).toBe(false);
    expect(is('main-image', { systemDataId: 'x' })).toBe(true);
    expect(is('main-image', { foo: 0 })).toBe(false);
    expect(is('child-images', { items: [{ mainImageId: 'x' }] })).toBe(true);
    expect(is('child-images', { items: [] })).toBe(false);
    expect(is('external-link', { externalLink: '' })).toBe(false);
    expect(is('passthrough', { passthrough: true, sourceUrl: 'http://a' })).toBe(true);
    expect(is('passthrough', { passthrough: true, sourceUrl: '' })).toBe(false);
    expect(is('disqus', {}, [], [{ websiteSettings: { disqusShortName: 'abc' } }])).toBe(true);
    expect(is('disqus', { websiteSettings: { disqusShortName: '' } })).toBe(false);
  });

  it('tests collections and folders', () => {
    expect(is('collection', { collection: {} })).toBe(false);
    expect(is('collection-page', { collection: { type: 10 } })).toBe(true);
    expect(is('collection-template-page', { type: 7 })).toBe(true);
    expect(is('collection-template-page', { collection: { type: 6 } })).toBe(false);
    expect(is('collectionTypeNameEquals', { typeName: 'foo' }, ['foo'])).toBe(true);
    expect(is('collectionTypeNameEquals', { typeName: 'foo' })).toBe(false);
    expect(is('folder', { collection: { folder: true } })).toBe(true);
    expect(is('index', { collection: { folder: true, folderBehavior: 1 } })).toBe(true);
    expect(is('index', { collection: { folder: false, folderBehavior: 1 } })).toBe(false);
    expect(is('redirect', { folderBehavior: 2 })).toBe(true);
    expect([1, 2, -1, undefined].map((b) => is('clickable', { folderBehavior: b }))).toEqual([
      true,
      true,
      false,
      true,
    ]);
    expect(is('current-type', { currentType: 5 }, ['gallery'])).toBe(true);
    expect(is('current-type', { currentType: -1 }, ['gallery'])).toBe(false);
    expect(() => is('current-type', {}, ['nope'])).toThrow();
  });

  it('tests gallery options', () => {
    const gallery = {
      options: { design: 'slider', 'meta-position': 'top-left', 'active-alignment': 'left', lightbox: true },
    };
    expect(is('gallery-design-slider', gallery)).toBe(true);
    expect(is('gallery-design-grid', gallery)).toBe(false);
    expect(is('gallery-meta-position-top-left', gallery)).toBe(true);
    expect(is('gallery-meta-position-top', gallery)).toBe(false);
    expect(is('gallery-active-alignment-left', gallery)).toBe(true);
    expect(is('gallery-lightbox', gallery)).toBe(true);
    expect(is('gallery-autoplay', gallery)).toBe(false);
    expect(is('gallery-meta', { options: { indicators: true } })).toBe(true);
    expect(is('gallery-meta', { options: { controls: false } })).toBe(false);
  });
});

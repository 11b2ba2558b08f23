import { describe, expect, it } from 'vitest';
import { describeShared } from '../../../../test-support/shared.js';
import { imagePlugin } from '../../src/plugins/image/index.js';
import { format, runFormatterFixture } from './content-harness.js';

describeShared('image formatters against the conformance fixtures', () => {
  const fixtures = [
    ...[1, 2, 3, 4, 5, 6, 7].map((n) => `f-image-${n}`),
    'f-image-meta-1',
    'f-image-meta-2',
    ...[1, 2, 3, 4, 5].map((n) => `f-image-srcset-${n}`),
    ...[1, 2, 3, 4, 5].map((n) => `f-image-color-${n}`),
    ...[1, 2, 3, 4, 5, 6].map((n) => `f-child-image-meta-${n}`),
    'f-cover-image-meta-1',
    'f-width-1',
    'f-height-1',
    'f-website-color-1',
    'f-website-color-2',
    'f-website-color-3',
    'f-website-color-5',
  ];
  it.each(fixtures)('%s', (name) => {
    const [actual, expected] = runFormatterFixture(imagePlugin, name);
    expect(actual).toBe(expected);
  });
});

describe('size helpers', () => {
  const size = (name: string, value: unknown, n?: number) =>
    format(imagePlugin, name, { v: value }, 'v', n === undefined ? [] : [String(n)]);

  it('scale one side to a given other side, rounding down', () => {
    expect(['250x175', '400x100', '800x400'].map((v) => size('resizedHeightForWidth', v, 50))).toEqual([
      35, 12, 25,
    ]);
    expect(['250x175', '400x100', '800x400'].map((v) => size('resizedWidthForHeight', v, 50))).toEqual([
      71, 200, 100,
    ]);
  });

  it('pick the thumbnail variant above each width step', () => {
    const widths = [50, 100, 101, 300, 301, 500, 501, 750, 751, 1000, 1001, 3000];
    expect(widths.map((w) => size('squarespaceThumbnailForWidth', '10x10', w))).toEqual([
      '100w',
      '100w',
      '300w',
      '300w',
      '500w',
      '500w',
      '750w',
      '750w',
      '1000w',
      '1000w',
      '1500w',
      '1500w',
    ]);
    expect(
      ['250x175', '400x100', '800x400'].map((v) => size('squarespaceThumbnailForHeight', v, 50)),
    ).toEqual(['100w', '300w', '100w']);
  });

  it('need a WxH string: resize helpers say so, width and height print nothing', () => {
    const message = "Invalid source parameter. Pass in 'originalSize'.";
    const image = { originalSize: '1200x800', assetUrl: 'https://x/a.jpg' };
    expect(size('resizedHeightForWidth', '0x10', 5)).toBe(message);
    expect(size('resizedWidthForHeight', image, 5)).toBe(message);
    expect(size('squarespaceThumbnailForHeight', image, 5)).toBe(message);
    expect(size('width', '800')).toBeUndefined();
    expect(size('height', image)).toBeUndefined();
  });

  it('pick the thumbnail for a width from the width alone, whatever the value', () => {
    expect(size('squarespaceThumbnailForWidth', { originalSize: '1200x800' }, 600)).toBe('750w');
    expect(size('squarespaceThumbnailForWidth', null, 1200)).toBe('1500w');
  });

  it('reject a missing size argument at compile time', () => {
    expect(() => imagePlugin.formatters!.resizedHeightForWidth!.validate!([])).toThrow();
  });
});

describe('color-weight', () => {
  const weight = (color: unknown) => format(imagePlugin, 'color-weight', color);
  it('splits light from dark at half of the maximum colour value', () => {
    expect(['#fff', '#aaa', '#888', '#444', '#222', '#000'].map(weight)).toEqual([
      'light',
      'light',
      'light',
      'dark',
      'dark',
      'dark',
    ]);
    expect([weight('808080'), weight('#7f7f7f')]).toEqual(['light', 'dark']);
  });
  it('yields nothing unless given 3 or 6 hex digits', () => {
    expect(['#ffff', 'ggg', '', 12].map(weight)).toEqual(['', '', '', '']);
  });
});

describe('website-color', () => {
  const color = (value: object) => format(imagePlugin, 'website-color', value);
  it("reports every value out of bounds with the spec's messages", () => {
    // The fixture f-website-color-4 prints the messages without ranges; the spec's wording wins.
    expect(color({ hue: 400, saturation: -0.3, lightness: 5, alpha: 3 })).toBe(
      'Hue out of bounds. (0-360) Saturation out of bounds. Lightness out of bounds. (0-1) Alpha out of bounds. (0-1)',
    );
    expect(color({ hue: 360, saturation: 0, lightness: 1, alpha: 1.5 })).toBe('Alpha out of bounds. (0-1)');
  });
  it('needs hue, saturation and lightness', () => {
    expect(color({ hue: 1, saturation: 0.5 })).toBe('Missing an H/S/L value.');
  });
});

describe('image-srcset', () => {
  it('lets the original stand in for the largest variant only when the size is known', () => {
    const srcset = format(imagePlugin, 'image-srcset', { assetUrl: '/a.jpg', systemDataVariants: '100w' });
    expect(srcset).toBe('srcset="/a.jpg?format=100w 100w"');
  });
});

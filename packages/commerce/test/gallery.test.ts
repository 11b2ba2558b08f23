import { describe, expect, it } from 'vitest';
import { GALLERY_RANGES, galleryOptions } from '../src/index.js';

describe('gallery options (spec §3, §9)', () => {
  it('defaults every option, grid the design', () => {
    const o = galleryOptions(undefined);
    expect(o.design).toBe('grid');
    expect(o['autoplay-duration']).toBe(5);
    expect(o['thumbnails-per-row']).toBe(4);
    expect(o.padding).toBe(20);
    expect(o['thumbnail-strip-height']).toBe(80);
    expect(o['thumbnail-strip-margin']).toBe(20);
    expect(o['max-width']).toBe(300);
    expect(o.lightboxTheme).toBe('dark');
    expect(o['meta-position']).toBe('bottom');
    expect(o['active-alignment']).toBe('center');
  });

  it('clamps each range to its bounds and reads unknown choices as the default', () => {
    for (const [name, [min, max]] of Object.entries(GALLERY_RANGES)) {
      expect(galleryOptions({ [name]: min - 1 })[name as keyof typeof GALLERY_RANGES]).toBe(min);
      expect(galleryOptions({ [name]: max + 1 })[name as keyof typeof GALLERY_RANGES]).toBe(max);
    }
    expect(galleryOptions({ padding: 7.6 }).padding).toBe(8);
    expect(galleryOptions({ design: 'carousel', lightboxTheme: 'blue' })).toMatchObject({
      design: 'grid',
      lightboxTheme: 'dark',
    });
    expect(galleryOptions({ design: 'stacked', autoplay: true, controls: false })).toMatchObject({
      design: 'stacked',
      autoplay: true,
      controls: false,
    });
  });
});

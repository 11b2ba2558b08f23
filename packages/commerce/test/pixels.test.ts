import { describe, expect, it } from 'vitest';
import { adPixelsAllowed, GOOGLE_TAG_ID_RE, META_PIXEL_ID_RE, pixelSources } from '../src/pixels.js';

describe('ad pixels', () => {
  it('takes Meta ids of 15–16 digits and Google G-/AW- ids only', () => {
    for (const id of ['123456789012345', '1234567890123456']) expect(META_PIXEL_ID_RE.test(id)).toBe(true);
    for (const id of ['12345678901234', '12345678901234567', '12345678901234a', ' 123456789012345'])
      expect(META_PIXEL_ID_RE.test(id)).toBe(false);
    for (const id of ['G-ABC123XYZ9', 'G-1234567', 'AW-123456789'])
      expect(GOOGLE_TAG_ID_RE.test(id)).toBe(true);
    for (const id of ['UA-1234-1', 'g-abc1234', 'AW-ABC', 'G-', 'GTM-ABC123'])
      expect(GOOGLE_TAG_ID_RE.test(id)).toBe(false);
  });

  it('load only with the banner on and accepted', () => {
    expect(adPixelsAllowed('banner', 'accepted')).toBe(true);
    expect(adPixelsAllowed('banner', 'unanswered')).toBe(false);
    expect(adPixelsAllowed('banner', 'restrictive')).toBe(false);
    // Without a banner nobody was asked, even if an old answer remains.
    expect(adPixelsAllowed('off', 'accepted')).toBe(false);
  });

  it('need exactly the origins of the vendors whose ids are set', () => {
    expect(pixelSources({})).toEqual({ script: [], connect: [] });
    expect(pixelSources({ meta: '123456789012345' })).toEqual({
      script: ['https://connect.facebook.net'],
      connect: ['https://www.facebook.com'],
    });
    expect(pixelSources({ google: 'G-1234567' }).script).toEqual(['https://www.googletagmanager.com']);
  });
});

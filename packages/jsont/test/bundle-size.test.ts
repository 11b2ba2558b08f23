import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, bundle, JSONT_PACKAGE } from '../../../bench/jsont-bundle.mjs';

/**
 * The engine with every plugin, bundled for the browser as bench/jsont-bundle-size.mjs does it
 * (that script says where the bytes go).
 */
describe('browser bundle, gzipped', async () => {
  const { gzip, metafile } = await bundle(JSONT_PACKAGE);

  it('is the browser entry: every plugin, no generated-code tier', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.some((f) => f.endsWith('jsont/src/browser.ts'))).toBe(true);
    expect(inputs.some((f) => f.endsWith('jsont/src/codegen.ts'))).toBe(false);
    for (const plugin of ['core', 'content', 'date', 'i18n', 'image', 'social', 'commerce'])
      expect(
        inputs.some((f) => f.endsWith(`jsont/src/plugins/${plugin}/index.ts`)),
        plugin,
      ).toBe(true);
  });

  // Issue 3: the engine with every plugin is at most 30 KB gzipped.
  it('fits the 30 KB budget', () => {
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

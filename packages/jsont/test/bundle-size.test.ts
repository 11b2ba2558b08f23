import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, bundle, CEILING_BYTES, JSONT_PACKAGE } from '../../../bench/jsont-bundle.mjs';

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

  it('does not grow past its recorded size', () => {
    expect(gzip).toBeLessThanOrEqual(CEILING_BYTES);
  });

  // The 30 KB budget is not met yet: this fails on purpose, and reports when it is met so
  // the guard becomes a plain test.
  it.fails('fits the 30 KB budget (not met yet)', () => {
    expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

import type { Formatter } from '../../plugin.js';
import { attr, field, text } from '../content/util.js';

/** Image width variants are 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w: the largest one. */
export const LARGEST_WIDTH_VARIANT = '2500w';

/** Bound on the distinct systemDataVariants strings remembered (a catalog has few). */
const MAX_PARSED = 500;
const parsed = new Map<string, readonly string[]>();

/** The widths a srcset lists for a systemDataVariants string, parsed once per distinct string. */
function srcsetWidths(variants: string): readonly string[] {
  let widths = parsed.get(variants);
  if (widths === undefined) {
    const entries = variants.split(',');
    const found = entries.filter((entry) => /^\d+w$/.test(entry));
    // When the largest is missing but the original size is known, the original stands in for it.
    const original =
      found.length > 0 &&
      !found.includes(LARGEST_WIDTH_VARIANT) &&
      entries.some((entry) => /^\d+x\d+$/.test(entry));
    widths = original ? [...found, ''] : found;
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(variants, widths);
  }
  return widths;
}

/** srcset from the image's systemDataVariants ('1500x983,100w,300w,…'): one candidate per width variant. */
export const imageSrcsetFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    const image = vars[0]!.value;
    const widths = srcsetWidths(text(field(image, 'systemDataVariants')));
    if (widths.length === 0) {
      vars[0]!.value = '';
      return;
    }
    const url = attr(field(image, 'assetUrl'));
    let out = 'srcset="';
    for (let i = 0; i < widths.length; i++) {
      const w = widths[i];
      if (i > 0) out += ',';
      out += w === '' ? `${url}?format=original ${LARGEST_WIDTH_VARIANT}` : `${url}?format=${w} ${w}`;
    }
    vars[0]!.value = `${out}"`;
  },
};

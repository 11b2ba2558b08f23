import type { Formatter } from '../../plugin.js';
import { attr, field, text } from '../content/util.js';

/** Image width variants are 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w: the largest one. */
export const LARGEST_WIDTH_VARIANT = '2500w';

/**
 * srcset from the image's systemDataVariants ('1500x983,100w,300w,…'): one candidate per width
 * variant; when the largest is missing but the original size is known, the original stands in for it.
 */
export const imageSrcsetFormatter: Formatter = {
  apply(_ctx, _args, vars) {
    const image = vars[0]!.value;
    const url = attr(field(image, 'assetUrl'));
    const entries = text(field(image, 'systemDataVariants')).split(',');
    const widths = entries.filter((entry) => /^\d+w$/.test(entry));
    if (widths.length === 0) {
      vars[0]!.value = '';
      return;
    }
    const candidates = widths.map((width) => `${url}?format=${width} ${width}`);
    if (!widths.includes(LARGEST_WIDTH_VARIANT) && entries.some((entry) => /^\d+x\d+$/.test(entry))) {
      candidates.push(`${url}?format=original ${LARGEST_WIDTH_VARIANT}`);
    }
    vars[0]!.value = `srcset="${candidates.join(',')}"`;
  },
};

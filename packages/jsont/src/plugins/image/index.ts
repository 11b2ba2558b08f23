import type { Plugin } from '../../plugin.js';
import { colorFormatters } from './color.js';
import { metaFormatters } from './meta.js';
import { sizeFormatters } from './size.js';
import { imageSrcsetFormatter } from './srcset.js';

export const imagePlugin: Plugin = {
  name: 'image',
  formatters: {
    ...sizeFormatters,
    ...colorFormatters,
    ...metaFormatters,
    'image-srcset': imageSrcsetFormatter,
  },
  predicates: {},
};

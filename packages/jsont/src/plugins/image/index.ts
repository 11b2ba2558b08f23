import type { Plugin } from '../../plugin.js';
import { colorWeightFormatter, imageColorFormatter, websiteColorFormatter } from './color.js';
import {
  childImageMetaFormatter,
  coverImageMetaFormatter,
  imageFormatter,
  imageMetaFormatter,
} from './meta.js';
import { sizeFormatters } from './size.js';
import { imageSrcsetFormatter } from './srcset.js';

export const imagePlugin: Plugin = {
  name: 'image',
  formatters: {
    ...sizeFormatters,
    'child-image-meta': childImageMetaFormatter,
    'color-weight': colorWeightFormatter,
    'cover-image-meta': coverImageMetaFormatter,
    image: imageFormatter,
    'image-color': imageColorFormatter,
    'image-meta': imageMetaFormatter,
    'image-srcset': imageSrcsetFormatter,
    'website-color': websiteColorFormatter,
  },
  predicates: {},
};

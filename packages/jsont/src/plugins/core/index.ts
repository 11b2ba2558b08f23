import type { Plugin } from '../../plugin.js';
import { applyFormatter } from './apply.js';
import { dataFormatters } from './data.js';
import { corePredicates } from './predicates.js';
import { textFormatters } from './text.js';

export const corePlugin: Plugin = {
  name: 'core',
  formatters: { ...textFormatters, ...dataFormatters, apply: applyFormatter },
  predicates: corePredicates,
};

import type { Plugin } from '../../plugin.js';

export const commercePlugin: Plugin = { name: 'commerce', formatters: {}, predicates: {} };

import type { Plugin } from '../../plugin.js';

export const datePlugin: Plugin = { name: 'date', formatters: {}, predicates: {} };

import type { Plugin } from '../../plugin.js';

export const imagePlugin: Plugin = { name: 'image', formatters: {}, predicates: {} };

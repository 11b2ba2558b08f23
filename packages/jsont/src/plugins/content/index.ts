import type { Plugin } from '../../plugin.js';

export const contentPlugin: Plugin = { name: 'content', formatters: {}, predicates: {} };

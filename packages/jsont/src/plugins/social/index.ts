import type { Plugin } from '../../plugin.js';

export const socialPlugin: Plugin = { name: 'social', formatters: {}, predicates: {} };

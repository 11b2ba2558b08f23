import type { Plugin } from '../../plugin.js';

export const corePlugin: Plugin = { name: 'core', formatters: {}, predicates: {} };

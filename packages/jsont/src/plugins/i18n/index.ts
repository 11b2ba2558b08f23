import type { Plugin } from '../../plugin.js';

export const i18nPlugin: Plugin = { name: 'i18n', formatters: {}, predicates: {} };

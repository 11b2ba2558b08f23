import type { Plugin } from '../../plugin.js';
import { field } from '../content/util.js';
import { socialFormatters } from './buttons.js';

export const socialPlugin: Plugin = {
  name: 'social',
  formatters: socialFormatters,
  predicates: { 'serviceNameEmail?': { test: (ctx) => field(ctx.node, 'serviceName') === 'email' } },
};

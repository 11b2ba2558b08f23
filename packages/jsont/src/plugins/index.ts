// biome-ignore-all assist/source/organizeImports: bundlers lay modules out in import order, and this order gzips the browser bundle smallest (bench/jsont-bundle-size.mjs: 135 B less than alphabetical)
import type { Plugin } from '../plugin.js';
import { datePlugin } from './date/index.js';
import { corePlugin } from './core/index.js';
import { i18nPlugin } from './i18n/index.js';
import { imagePlugin } from './image/index.js';
import { commercePlugin } from './commerce/index.js';
import { contentPlugin } from './content/index.js';
import { socialPlugin } from './social/index.js';

/** Every plugin the engine registers by default, in registration order. */
export const defaultPlugins: readonly Plugin[] = [
  corePlugin,
  contentPlugin,
  datePlugin,
  i18nPlugin,
  imagePlugin,
  socialPlugin,
  commercePlugin,
];

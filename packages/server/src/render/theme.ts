import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compile } from '@storefront/jsont';
import { SERVER_PACKAGE_DIR } from '../platform/package-dir.js';
import type { WebAssets } from './assets.js';

const THEME_DIR = fileURLToPath(new URL('../theme-default/', SERVER_PACKAGE_DIR));

/** Template names the renderer asks for; each is a file of packages/theme-default. */
export const TEMPLATES = {
  site: 'site.region',
  productList: 'collections/products.list',
  productItem: 'collections/products.item',
  cart: 'pages/cart.page',
  notFound: 'pages/not-found.page',
  checkout: 'pages/checkout.page',
  orderConfirmed: 'pages/order-confirmed.page',
  orderReceived: 'pages/order-received.page',
  orderStatus: 'pages/order-status.page',
  subscriptionConfirmed: 'pages/subscription-confirmed.page',
  account: 'pages/account.page',
  accountSignIn: 'pages/account-sign-in.page',
  accountLink: 'pages/account-link.page',
  formBlock: 'blocks/form.block',
  formPage: 'pages/form.page',
  formAnswer: 'pages/form-answer.page',
  contentPage: 'pages/content.page',
  blogList: 'collections/blog.list',
  blogItem: 'collections/blog.item',
  search: 'pages/search.page',
  payLaterTest: 'pages/pay-later-test.page',
  contributionConfirmed: 'pages/contribution-confirmed.page',
  newsletterPage: 'pages/newsletter.page',
} as const;

export type TemplateName = keyof typeof TEMPLATES;

/** The theme's folder of block partials, which templates use as `{@|apply price.block}`. */
export const BLOCKS_FOLDER = 'blocks/';

/** The theme file of a template or a block (`price.block` → `blocks/price.block`). */
export const fileOf = (name: string): string =>
  Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name as TemplateName] : BLOCKS_FOLDER + name;

export type Compiled = ReturnType<typeof compile>;

export interface Theme {
  staticDir: string;
  demoImagesDir: string;
  assets: WebAssets;
  /** The block partials the template editor lists as files of their own (every block no template is). */
  blocks: readonly string[];
  render(name: TemplateName, json: unknown, options?: Record<string, unknown>): string;
  /** The template's or block's source as the theme ships it. */
  defaultSource(name: string): string;
  /** Compiles a template's source with the theme's partials; its errors are listed, never thrown. */
  compile(source: string): Compiled;
  /**
   * The merchant's published templates and blocks (sources by partial name), which replace the
   * theme's files when rendering.
   */
  setOverrides(overrides: ReadonlyMap<TemplateName, Compiled>, blocks: ReadonlyMap<string, string>): void;
  /** This theme with one template replaced (the editor's preview of a draft). */
  withTemplate(name: TemplateName, template: Compiled): Theme;
  /** This theme with one block's source replaced (the editor's preview of a block's draft). */
  withBlock(name: string, source: string): Theme;
}

/** Reads every block partial of `blocks/` so templates can `{@|apply name.block}`. */
function loadPartials(): Record<string, string> {
  const dir = THEME_DIR + BLOCKS_FOLDER;
  const partials: Record<string, string> = {};
  for (const file of fs.readdirSync(dir)) partials[file] = fs.readFileSync(dir + file, 'utf8');
  return partials;
}

/** Compiles the theme once at start; a template with errors stops the server with them listed. */
export function loadTheme(assets: WebAssets): Theme {
  const partials = loadPartials();
  const compiled = new Map<TemplateName, Compiled>();
  const sources = new Map<string, string>(Object.entries(partials));
  for (const [name, file] of Object.entries(TEMPLATES) as [TemplateName, string][]) {
    const source = fs.readFileSync(THEME_DIR + file, 'utf8');
    sources.set(name, source);
    const c = compile(source, { partials });
    if (c.errors.length > 0) {
      const list = c.errors.map((e) => `  ${file}:${e.line}:${e.column} ${e.type} ${e.message}`).join('\n');
      throw new Error(`Theme template ${file} does not compile:\n${list}`);
    }
    compiled.set(name, c);
  }
  const templateFiles = new Set<string>(Object.values(TEMPLATES));
  const blocks = Object.keys(partials)
    .filter((name) => !templateFiles.has(BLOCKS_FOLDER + name))
    .sort();
  let overrides: ReadonlyMap<TemplateName, Compiled> = new Map();
  /** The partials pages render with: the theme's blocks, the published ones in their place. */
  let published: Record<string, string> = partials;
  const theme = (
    replaced?: { name: TemplateName; template: Compiled } | { block: string; source: string },
  ): Theme => ({
    staticDir: `${THEME_DIR}static`,
    demoImagesDir: fileURLToPath(new URL('seed/images', SERVER_PACKAGE_DIR)),
    assets,
    blocks,
    defaultSource: (name) => sources.get(name)!,
    compile: (source) => compile(source, { partials }),
    setOverrides(next, nextBlocks) {
      overrides = next;
      published = nextBlocks.size > 0 ? { ...partials, ...Object.fromEntries(nextBlocks) } : partials;
    },
    withTemplate: (name, template) => theme({ name, template }),
    withBlock: (block, source) => theme({ block, source }),
    render(name, json, options) {
      const template =
        replaced && 'name' in replaced && replaced.name === name
          ? replaced.template
          : (overrides.get(name) ?? compiled.get(name)!);
      const blocksNow =
        replaced && 'block' in replaced ? { ...published, [replaced.block]: replaced.source } : published;
      const { output, errors } = template.render(json, { partials: blocksNow, ...options });
      if (errors.length > 0) {
        // A data-driven render error must not hide the page; it is logged for the merchant.
        process.emitWarning(
          `Template ${TEMPLATES[name]}: ${errors.map((e) => `${e.line}:${e.column} ${e.message}`).join('; ')}`,
        );
      }
      return output;
    },
  });
  return theme();
}

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@storefront/jsont';
import { SERVER_PACKAGE_DIR } from '../platform/package-dir.js';
import type { WebAssets } from './assets.js';

/** The theme the store ships (packages/theme-default). */
export const DEFAULT_THEME_DIR = fileURLToPath(new URL('../theme-default/', SERVER_PACKAGE_DIR));

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
  eventsList: 'collections/events.list',
  eventsItem: 'collections/events.item',
  passwordPage: 'pages/password.page',
  paywall: 'pages/paywall.page',
  membershipConfirmed: 'pages/membership-confirmed.page',
  search: 'pages/search.page',
  payLaterTest: 'pages/pay-later-test.page',
  contributionConfirmed: 'pages/contribution-confirmed.page',
  newsletterPage: 'pages/newsletter.page',
  reviewsRequest: 'pages/reviews-request.page',
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
  /** The engine errors of the theme's files (only a dev theme loads with any). */
  problems(): readonly ThemeProblem[];
  /** Reads the theme folder again (`storefront theme dev`, after a file changed). */
  reload(): void;
}

/** An engine error of a theme file, where `storefront theme dev` shows it. */
export interface ThemeProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface ThemeOptions {
  /** The theme folder (the layout of packages/theme-default); the shipped theme by default. */
  dir?: string;
  /**
   * `storefront theme dev`: files with errors are reported by `problems()` rather than stopping
   * the server, and `reload()` reads the folder again.
   */
  dev?: boolean;
}

/** Every file of a theme folder, compiled: templates by name, blocks by partial name. */
function readTheme(dir: string, dev: boolean) {
  const blocksDir = path.join(dir, BLOCKS_FOLDER);
  const partials: Record<string, string> = {};
  for (const file of fs.readdirSync(blocksDir)) partials[file] = fs.readFileSync(blocksDir + file, 'utf8');
  const compiled = new Map<TemplateName, Compiled>();
  const sources = new Map<string, string>(Object.entries(partials));
  const problems: ThemeProblem[] = [];
  const check = (file: string, c: Compiled) => {
    for (const e of c.errors) problems.push({ file, line: e.line, column: e.column, message: e.message });
  };
  for (const [name, file] of Object.entries(TEMPLATES) as [TemplateName, string][]) {
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    sources.set(name, source);
    const c = compile(source, { partials });
    check(file, c);
    compiled.set(name, c);
  }
  // Blocks only compile when a page applies them: the dev server checks each one up front.
  if (dev)
    for (const [name, source] of Object.entries(partials)) check(BLOCKS_FOLDER + name, compile(source));
  if (problems.length > 0 && !dev) {
    const list = problems.map((e) => `  ${e.file}:${e.line}:${e.column} ${e.message}`).join('\n');
    throw new Error(`Theme files do not compile:\n${list}`);
  }
  const templateFiles = new Set<string>(Object.values(TEMPLATES));
  const blocks = Object.keys(partials)
    .filter((name) => !templateFiles.has(BLOCKS_FOLDER + name))
    .sort();
  return { partials, compiled, sources, problems, blocks };
}

/** Compiles the theme once at start; a template with errors stops the server with them listed. */
export function loadTheme(assets: WebAssets, options: ThemeOptions = {}): Theme {
  const dir = options.dir ?? DEFAULT_THEME_DIR;
  const dev = options.dev ?? false;
  let files = readTheme(dir, dev);
  let overrides: ReadonlyMap<TemplateName, Compiled> = new Map();
  let publishedBlocks: ReadonlyMap<string, string> = new Map();
  /** The partials pages render with: the theme's blocks, the published ones in their place. */
  let published: Record<string, string> = files.partials;
  const publish = () => {
    published =
      publishedBlocks.size > 0
        ? { ...files.partials, ...Object.fromEntries(publishedBlocks) }
        : files.partials;
  };
  const theme = (
    replaced?: { name: TemplateName; template: Compiled } | { block: string; source: string },
  ): Theme => ({
    staticDir: path.join(dir, 'static'),
    demoImagesDir: fileURLToPath(new URL('seed/images', SERVER_PACKAGE_DIR)),
    assets,
    get blocks() {
      return files.blocks;
    },
    defaultSource: (name) => files.sources.get(name)!,
    compile: (source) => compile(source, { partials: files.partials }),
    setOverrides(next, nextBlocks) {
      overrides = next;
      publishedBlocks = nextBlocks;
      publish();
    },
    problems: () => files.problems,
    reload() {
      files = readTheme(dir, dev);
      publish();
    },
    withTemplate: (name, template) => theme({ name, template }),
    withBlock: (block, source) => theme({ block, source }),
    render(name, json, options) {
      const template =
        replaced && 'name' in replaced && replaced.name === name
          ? replaced.template
          : (overrides.get(name) ?? files.compiled.get(name)!);
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

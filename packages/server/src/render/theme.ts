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
  eventsList: 'collections/events.list',
  eventsItem: 'collections/events.item',
  passwordPage: 'pages/password.page',
  search: 'pages/search.page',
  payLaterTest: 'pages/pay-later-test.page',
  contributionConfirmed: 'pages/contribution-confirmed.page',
  newsletterPage: 'pages/newsletter.page',
  reviewsRequest: 'pages/reviews-request.page',
} as const;

export type TemplateName = keyof typeof TEMPLATES;

export type Compiled = ReturnType<typeof compile>;

export interface Theme {
  staticDir: string;
  demoImagesDir: string;
  assets: WebAssets;
  render(name: TemplateName, json: unknown, options?: Record<string, unknown>): string;
  /** The template's source as the theme ships it. */
  defaultSource(name: TemplateName): string;
  /** Compiles a template's source with the theme's partials; its errors are listed, never thrown. */
  compile(source: string): Compiled;
  /** The merchant's published templates, which replace the theme's files when rendering. */
  setOverrides(overrides: ReadonlyMap<TemplateName, Compiled>): void;
  /** This theme with one template replaced (the editor's preview of a draft). */
  withTemplate(name: TemplateName, template: Compiled): Theme;
}

/** Reads every block partial of `blocks/` so templates can `{@|apply name.block}`. */
function loadPartials(): Record<string, string> {
  const dir = `${THEME_DIR}blocks/`;
  const partials: Record<string, string> = {};
  for (const file of fs.readdirSync(dir)) partials[file] = fs.readFileSync(dir + file, 'utf8');
  return partials;
}

/** Compiles the theme once at start; a template with errors stops the server with them listed. */
export function loadTheme(assets: WebAssets): Theme {
  const partials = loadPartials();
  const compiled = new Map<TemplateName, Compiled>();
  const sources = new Map<TemplateName, string>();
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
  let overrides: ReadonlyMap<TemplateName, Compiled> = new Map();
  const theme = (replaced?: { name: TemplateName; template: Compiled }): Theme => ({
    staticDir: `${THEME_DIR}static`,
    demoImagesDir: fileURLToPath(new URL('seed/images', SERVER_PACKAGE_DIR)),
    assets,
    defaultSource: (name) => sources.get(name)!,
    compile: (source) => compile(source, { partials }),
    setOverrides(next) {
      overrides = next;
    },
    withTemplate: (name, template) => theme({ name, template }),
    render(name, json, options) {
      const template =
        replaced?.name === name ? replaced.template : (overrides.get(name) ?? compiled.get(name)!);
      const { output, errors } = template.render(json, { partials, ...options });
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

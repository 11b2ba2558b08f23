import { defaultPlugins } from '@storefront/jsont';
import type { WriteVersion } from '../../db/write-version.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { PAGE_CACHE_TTL_MS } from '../../render/page-cache.js';
import {
  BLOCKS_FOLDER,
  type Compiled,
  fileOf,
  TEMPLATES,
  type TemplateName,
  type Theme,
} from '../../render/theme.js';
import type { SiteContext } from '../../services.js';
import { type AuditActor, recordAudit } from '../audit/service.js';
import { getCollectionProducts, getCollections } from '../catalog/service.js';
import { listPosts } from '../content/service.js';
import {
  deleteDraft,
  getDraft,
  getVersion,
  insertVersion,
  listCurrentVersions,
  listDraftTemplates,
  listVersions,
  upsertDraft,
} from './repo.js';
import { TEMPLATE_MESSAGES } from './schema.js';

/** One error of a template's source, where the editor underlines it. */
export interface Diagnostic {
  line: number;
  column: number;
  type: string;
  message: string;
}

/** How a published version came to be. */
export const VERSION_ACTION = { publish: 'publish', rollback: 'rollback', revert: 'revert' } as const;

/** A publish refused because the source does not compile: 400 with every diagnostic. */
export class TemplateHasErrors extends HttpError {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(400, TEMPLATE_MESSAGES.hasErrors);
  }
}

const NAMES = Object.keys(TEMPLATES) as TemplateName[];
const NAME_BY_FILE = new Map(NAMES.map((name) => [TEMPLATES[name] as string, name]));

/** A template's name (`productItem`) or a block's (`price.block`), as the editor's routes take them. */
export function templateNameOr404(theme: Theme, name: string): string {
  if (!Object.hasOwn(TEMPLATES, name) && !theme.blocks.includes(name))
    throw new HttpError(404, TEMPLATE_MESSAGES.unknownTemplate);
  return name;
}

function diagnosticsOf(template: Compiled): Diagnostic[] {
  return template.errors
    .map(({ line, column, type, message }) => ({ line, column, type, message }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Compiles a source as the storefront would: its diagnostics, empty when it may be published. */
export function validateTemplate(theme: Theme, source: string): { diagnostics: Diagnostic[] } {
  return { diagnostics: diagnosticsOf(theme.compile(source)) };
}

function compileOrRefuse(theme: Theme, source: string): Compiled {
  const template = theme.compile(source);
  if (template.errors.length > 0) throw new TemplateHasErrors(diagnosticsOf(template));
  return template;
}

function byOf(id: string | null, email: string | null) {
  return id ? { id, email: email ?? '' } : null;
}

/** The engine's formatter and predicate names, for the editor's completion. */
export function templateVocabulary() {
  const names = (kind: 'formatters' | 'predicates') =>
    [...new Set(defaultPlugins.flatMap((p) => Object.keys(p[kind] ?? {})))].sort();
  return { formatters: names('formatters'), predicates: names('predicates') };
}

/** The theme's templates and blocks, each with whether the store renders its own version and has a draft. */
export async function listTemplates(ctx: SiteContext, theme: Theme) {
  const current = new Map((await listCurrentVersions(ctx.db, ctx.websiteId)).map((v) => [v.template, v]));
  const drafts = new Set((await listDraftTemplates(ctx.db, ctx.websiteId)).map((d) => d.template));
  return [...NAMES, ...theme.blocks].map((name) => {
    const file = fileOf(name);
    const version = current.get(file);
    return {
      name,
      file,
      customized: version !== undefined && version.source !== null,
      publishedNumber: version?.number ?? null,
      hasDraft: drafts.has(file),
    };
  });
}

/** One template: the theme's source, the draft, what is published and every version before it. */
export async function templateDetail(ctx: SiteContext, theme: Theme, name: string) {
  const file = fileOf(name);
  const draft = await getDraft(ctx.db, ctx.websiteId, file);
  const versions = await listVersions(ctx.db, ctx.websiteId, file);
  const defaultSource = theme.defaultSource(name);
  const published = versions[0];
  return {
    name,
    file,
    previewPath: await suggestedPreviewPath(ctx, theme, name),
    defaultSource,
    /** What the storefront renders now. */
    publishedSource: published?.source ?? defaultSource,
    publishedNumber: published?.number ?? null,
    draft: draft
      ? {
          source: draft.source,
          updatedAt: draft.updated_at,
          updatedBy: byOf(draft.updated_by_id, draft.updated_by_email),
        }
      : null,
    versions: versions.map((v) => ({
      number: v.number,
      action: v.action,
      restoredNumber: v.restored_number,
      isDefault: v.source === null,
      publishedAt: v.published_at,
      publishedBy: byOf(v.published_by_id, v.published_by_email),
    })),
  };
}

/**
 * The templates that apply a block: those that apply it directly first, then those that apply it
 * through another block. A block's preview shows a page drawn with the first the preview reaches.
 */
function templatesUsing(theme: Theme, block: string): TemplateName[] {
  const found: TemplateName[] = [];
  const seen = new Set([block]);
  for (let level = [block]; level.length > 0; ) {
    const applies = (source: string) => level.some((b) => source.includes(b));
    for (const name of NAMES)
      if (!found.includes(name) && applies(theme.defaultSource(name))) found.push(name);
    level = theme.blocks.filter((b) => !seen.has(b) && applies(theme.defaultSource(b)));
    for (const b of level) seen.add(b);
  }
  return found;
}

/** A path not taken by any page, so the store answers its not-found page. */
const NOT_FOUND_PREVIEW_PATH = '/page-not-found';

/**
 * A page of this store drawn with the template, for the preview to start from: its first product,
 * page, blog or post; null for templates of flows the preview does not reach (checkout, account).
 */
export async function suggestedPreviewPath(
  ctx: SiteContext,
  theme: Theme,
  name: string,
): Promise<string | null> {
  if (!Object.hasOwn(TEMPLATES, name)) {
    for (const template of templatesUsing(theme, name)) {
      const path = await suggestedPreviewPath(ctx, theme, template);
      if (path !== null) return path;
    }
    return null;
  }
  const collections = await getCollections(ctx);
  const first = (typeName: string) => collections.find((c) => c.typeName === typeName && !c.folder);
  switch (name) {
    case 'site':
    case 'productList':
      return '/';
    case 'cart':
      return '/cart';
    case 'notFound':
      return NOT_FOUND_PREVIEW_PATH;
    case 'productItem': {
      const shop = first('products');
      return shop ? ((await getCollectionProducts(ctx, shop))[0]?.fullUrl ?? null) : null;
    }
    case 'contentPage':
      return first('page')?.fullUrl ?? null;
    case 'blogList':
      return first('blog')?.fullUrl ?? null;
    case 'blogItem': {
      const blog = first('blog');
      const post = blog ? (await listPosts(ctx, blog, 1))?.posts[0] : undefined;
      return blog && post ? `${blog.fullUrl}/${post.urlSlug}` : null;
    }
    default:
      return null;
  }
}

/** Keeps the editor's text as the template's draft (errors and all: a draft is work in progress). */
export async function saveDraft(ctx: SiteContext, actor: AuditActor, name: string, source: string) {
  await upsertDraft(ctx.db, {
    website_id: ctx.websiteId,
    template: fileOf(name),
    source,
    updated_at: ctx.clock.now(),
    updated_by_id: actor?.id ?? null,
    updated_by_email: actor?.email ?? null,
  });
}

/**
 * The theme a preview renders with: the template's or block's draft, else what is published, in
 * place of the store's.
 */
export async function previewTheme(ctx: SiteContext, theme: Theme, name: string): Promise<Theme> {
  const file = fileOf(name);
  const draft = await getDraft(ctx.db, ctx.websiteId, file);
  const source =
    draft?.source ??
    (await listVersions(ctx.db, ctx.websiteId, file))[0]?.source ??
    theme.defaultSource(name);
  const template = compileOrRefuse(theme, source);
  return Object.hasOwn(TEMPLATES, name)
    ? theme.withTemplate(name as TemplateName, template)
    : theme.withBlock(name, source);
}

/**
 * Adds a version as the newest of its template, with its audit entry, in one transaction; the
 * draft goes, since what it held is now published (or deliberately set aside).
 */
async function addVersion(
  ctx: SiteContext,
  actor: AuditActor,
  name: string,
  source: string | null,
  action: string,
  restoredNumber: number | null,
): Promise<number> {
  const file = fileOf(name);
  return ctx.db.transaction().execute(async (trx) => {
    const last = (await listVersions(trx, ctx.websiteId, file))[0];
    const number = (last?.number ?? 0) + 1;
    await insertVersion(trx, {
      id: newId('tv'),
      website_id: ctx.websiteId,
      template: file,
      number,
      source,
      action,
      restored_number: restoredNumber,
      published_at: ctx.clock.now(),
      published_by_id: actor?.id ?? null,
      published_by_email: actor?.email ?? null,
    });
    await deleteDraft(trx, ctx.websiteId, file);
    await recordAudit({ ...ctx, db: trx }, actor, `template.${action}`, `template:${file}`, {
      version: number,
      ...(restoredNumber !== null ? { restoredVersion: restoredNumber } : {}),
    });
    return number;
  });
}

/** Publishes a source as the template's newest version; one with errors is refused with them. */
export async function publishTemplate(
  ctx: SiteContext,
  actor: AuditActor,
  theme: Theme,
  name: string,
  source: string,
) {
  compileOrRefuse(theme, source);
  return addVersion(ctx, actor, name, source, VERSION_ACTION.publish, null);
}

/** Publishes an earlier version again, as a new version (the history keeps every step). */
export async function rollbackTemplate(
  ctx: SiteContext,
  actor: AuditActor,
  theme: Theme,
  name: string,
  number: number,
) {
  const version = await getVersion(ctx.db, ctx.websiteId, fileOf(name), number);
  if (!version) throw new HttpError(404, TEMPLATE_MESSAGES.unknownVersion);
  // The engine may have changed since that version was published: it must still compile.
  if (version.source !== null) compileOrRefuse(theme, version.source);
  return addVersion(ctx, actor, name, version.source, VERSION_ACTION.rollback, number);
}

/** Publishes the theme's own file again. */
export async function revertTemplate(ctx: SiteContext, actor: AuditActor, name: string) {
  return addVersion(ctx, actor, name, null, VERSION_ACTION.revert, null);
}

/**
 * Keeps the theme's overrides equal to the published versions: reloaded after any write to them
 * on this instance (their write version moves) and at least every page-cache TTL, so another
 * instance's publish shows within the same bound as its other writes.
 */
export function createTemplateOverrides(theme: Theme, pageVersion: WriteVersion) {
  let loaded: { version: number; at: number } | null = null;
  return {
    async sync(ctx: SiteContext): Promise<void> {
      const version = pageVersion.templates;
      const now = Date.now();
      if (loaded && loaded.version === version && now - loaded.at <= PAGE_CACHE_TTL_MS) return;
      const rows = await listCurrentVersions(ctx.db, ctx.websiteId);
      // A slower load begun before a newer one must not undo it.
      if (loaded && loaded.version > version) return;
      const overrides = new Map<TemplateName, Compiled>();
      const blocks = new Map<string, string>();
      for (const row of rows) {
        const name = NAME_BY_FILE.get(row.template);
        const block = row.template.startsWith(BLOCKS_FOLDER)
          ? row.template.slice(BLOCKS_FOLDER.length)
          : null;
        if ((!name && !block) || row.source === null) continue;
        const template = theme.compile(row.source);
        if (template.errors.length > 0) {
          // Published clean under an engine that has since changed: the theme's file serves instead.
          process.emitWarning(`Published template ${row.template} v${row.number} no longer compiles`);
          continue;
        }
        if (name) overrides.set(name, template);
        // A block file that is also a template (the form block) is both.
        if (block) blocks.set(block, row.source);
      }
      theme.setOverrides(overrides, blocks);
      loaded = { version, at: now };
    },
  };
}

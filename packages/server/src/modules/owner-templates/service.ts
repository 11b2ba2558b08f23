import { defaultPlugins } from '@storefront/jsont';
import type { WriteVersion } from '../../db/write-version.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { PAGE_CACHE_TTL_MS } from '../../render/page-cache.js';
import { type Compiled, TEMPLATES, type TemplateName, type Theme } from '../../render/theme.js';
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

export function templateNameOr404(name: string): TemplateName {
  if (!Object.hasOwn(TEMPLATES, name)) throw new HttpError(404, TEMPLATE_MESSAGES.unknownTemplate);
  return name as TemplateName;
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

/** The theme's templates, each with whether the store renders its own version and has a draft. */
export async function listTemplates(ctx: SiteContext) {
  const current = new Map((await listCurrentVersions(ctx.db, ctx.websiteId)).map((v) => [v.template, v]));
  const drafts = new Set((await listDraftTemplates(ctx.db, ctx.websiteId)).map((d) => d.template));
  return NAMES.map((name) => {
    const file = TEMPLATES[name];
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
export async function templateDetail(ctx: SiteContext, theme: Theme, name: TemplateName) {
  const file = TEMPLATES[name];
  const draft = await getDraft(ctx.db, ctx.websiteId, file);
  const versions = await listVersions(ctx.db, ctx.websiteId, file);
  const defaultSource = theme.defaultSource(name);
  const published = versions[0];
  return {
    name,
    file,
    previewPath: await suggestedPreviewPath(ctx, name),
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

/** A path not taken by any page, so the store answers its not-found page. */
const NOT_FOUND_PREVIEW_PATH = '/page-not-found';

/**
 * A page of this store drawn with the template, for the preview to start from: its first product,
 * page, blog or post; null for templates of flows the preview does not reach (checkout, account).
 */
export async function suggestedPreviewPath(ctx: SiteContext, name: TemplateName): Promise<string | null> {
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
export async function saveDraft(ctx: SiteContext, actor: AuditActor, name: TemplateName, source: string) {
  await upsertDraft(ctx.db, {
    website_id: ctx.websiteId,
    template: TEMPLATES[name],
    source,
    updated_at: ctx.clock.now(),
    updated_by_id: actor?.id ?? null,
    updated_by_email: actor?.email ?? null,
  });
}

/** The source a preview renders: the draft, else what is published. */
export async function previewTemplate(ctx: SiteContext, theme: Theme, name: TemplateName): Promise<Compiled> {
  const file = TEMPLATES[name];
  const draft = await getDraft(ctx.db, ctx.websiteId, file);
  const source = draft?.source ?? (await listVersions(ctx.db, ctx.websiteId, file))[0]?.source;
  return compileOrRefuse(theme, source ?? theme.defaultSource(name));
}

/**
 * Adds a version as the newest of its template, with its audit entry, in one transaction; the
 * draft goes, since what it held is now published (or deliberately set aside).
 */
async function addVersion(
  ctx: SiteContext,
  actor: AuditActor,
  name: TemplateName,
  source: string | null,
  action: string,
  restoredNumber: number | null,
): Promise<number> {
  const file = TEMPLATES[name];
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
  name: TemplateName,
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
  name: TemplateName,
  number: number,
) {
  const version = await getVersion(ctx.db, ctx.websiteId, TEMPLATES[name], number);
  if (!version) throw new HttpError(404, TEMPLATE_MESSAGES.unknownVersion);
  // The engine may have changed since that version was published: it must still compile.
  if (version.source !== null) compileOrRefuse(theme, version.source);
  return addVersion(ctx, actor, name, version.source, VERSION_ACTION.rollback, number);
}

/** Publishes the theme's own file again. */
export async function revertTemplate(ctx: SiteContext, actor: AuditActor, name: TemplateName) {
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
      for (const row of rows) {
        const name = NAME_BY_FILE.get(row.template);
        if (!name || row.source === null) continue;
        const template = theme.compile(row.source);
        if (template.errors.length > 0) {
          // Published clean under an engine that has since changed: the theme's file serves instead.
          process.emitWarning(`Published template ${row.template} v${row.number} no longer compiles`);
          continue;
        }
        overrides.set(name, template);
      }
      theme.setOverrides(overrides);
      loaded = { version, at: now };
    },
  };
}

/** The template editor's requests (/api/config/templates): zod only, no Node imports. */
import { z } from 'zod';

/** A template's source may be this long (the theme's largest file is a few KB). */
export const TEMPLATE_SOURCE_MAX_LENGTH = 200_000;
/** A preview path may be this long. */
export const PREVIEW_PATH_MAX_LENGTH = 2000;

export const TEMPLATE_MESSAGES = {
  unknownTemplate: 'This theme has no such template.',
  unknownVersion: 'This template has no such published version.',
  hasErrors: 'The template has errors: fix them before publishing.',
  tooLong: `A template may be at most ${TEMPLATE_SOURCE_MAX_LENGTH} characters.`,
  notDrawn: 'This page is not drawn with this template: preview a page that uses it.',
  previewPath: 'Enter a path of the store starting with /, such as / or /shop/p/a-product.',
} as const;

export const templateSourceBody = z.object({
  source: z.string().max(TEMPLATE_SOURCE_MAX_LENGTH, TEMPLATE_MESSAGES.tooLong),
});
export type TemplateSourceBody = z.infer<typeof templateSourceBody>;

export const rollbackBody = z.object({
  number: z.number({ message: TEMPLATE_MESSAGES.unknownVersion }).int().positive(),
});

export const previewQuery = z.object({
  path: z
    .string({ message: TEMPLATE_MESSAGES.previewPath })
    .max(PREVIEW_PATH_MAX_LENGTH, TEMPLATE_MESSAGES.previewPath)
    .regex(/^\/(?!\/)/, TEMPLATE_MESSAGES.previewPath),
});

/** One error of a template's source, where the editor underlines it. */
const diagnosticReply = z.object({
  line: z.number(),
  column: z.number(),
  type: z.string(),
  message: z.string(),
});

/** POST …/validate: the source's diagnostics, empty when it may be published. */
export const validationReply = z.object({ diagnostics: z.array(diagnosticReply) });

const contributorRef = z.object({ id: z.string(), email: z.string() }).nullable();

/** GET /api/config/templates: the theme's templates, and the engine's names for completion. */
export const templateListReply = z.object({
  templates: z.array(
    z.object({
      name: z.string(),
      file: z.string(),
      /** Whether the store renders its own version. */
      customized: z.boolean(),
      publishedNumber: z.number().nullable(),
      hasDraft: z.boolean(),
    }),
  ),
  formatters: z.array(z.string()),
  predicates: z.array(z.string()),
});

/** One template: the theme's source, the draft, what is published and every version before it. */
const templateDetailReply = z.object({
  name: z.string(),
  file: z.string(),
  /** A page of this store drawn with the template; null for flows the preview does not reach. */
  previewPath: z.string().nullable(),
  defaultSource: z.string(),
  /** What the storefront renders now. */
  publishedSource: z.string(),
  publishedNumber: z.number().nullable(),
  draft: z.object({ source: z.string(), updatedAt: z.number(), updatedBy: contributorRef }).nullable(),
  versions: z.array(
    z.object({
      number: z.number(),
      action: z.string(),
      restoredNumber: z.number().nullable(),
      isDefault: z.boolean(),
      publishedAt: z.number(),
      publishedBy: contributorRef,
    }),
  ),
});

export const templateReply = z.object({ template: templateDetailReply });

/** PUT …/draft: the template with its saved draft, and the draft's diagnostics. */
export const draftReply = z.object({ template: templateDetailReply, diagnostics: z.array(diagnosticReply) });

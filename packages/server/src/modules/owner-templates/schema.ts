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

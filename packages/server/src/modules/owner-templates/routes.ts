import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { contract, FIELD_ERRORS } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import {
  draftReply,
  rollbackBody,
  templateListReply,
  templateReply,
  templateSourceBody,
  validationReply,
} from './schema.js';
import {
  createTemplateOverrides,
  listTemplates,
  publishTemplate,
  revertTemplate,
  rollbackTemplate,
  saveDraft,
  TemplateHasErrors,
  templateDetail,
  templateNameOr404,
  templateVocabulary,
  validateTemplate,
} from './service.js';

/** A template by its name (`productItem`, …); an unknown one is a 404. */
export const nameParams = z.object({ name: text() });

/** Paths that render nothing: files, the health check, and the analytics calls (thousands a second). */
const NOTHING_RENDERED = [
  '/assets/',
  '/theme/',
  '/healthz',
  '/api/census/',
  '/api/events/',
  '/api/1/performance/',
];

/** A template with errors answers 400 with every diagnostic, for the editor to underline. */
async function refusingErrors<T>(reply: FastifyReply, publish: () => Promise<T>) {
  try {
    return await publish();
  } catch (err) {
    if (err instanceof TemplateHasErrors)
      return reply.status(400).send({ message: err.message, diagnostics: err.diagnostics });
    throw err;
  }
}

/**
 * The template editor (docs/templates.md): the theme's templates, drafts, validation, publishing
 * with every version kept, rollback and revert. The theme is the site's look: admins and website
 * managers (settings.write) edit it. Also keeps the storefront rendering the published versions.
 */
export function ownerTemplateRoutes(app: FastifyInstance, services: AppServices): void {
  const overrides = createTemplateOverrides(services.theme, services.database.pageVersion);
  // Whatever renders a page (GET pages, plain-form POSTs, previews) sees the published templates
  // of this instant; files and the health check render nothing (and never wait on the database).
  app.addHook('onRequest', async (request) => {
    if (NOTHING_RENDERED.some((prefix) => request.url.startsWith(prefix))) return;
    let ctx: Awaited<ReturnType<AppServices['context']>>;
    try {
      ctx = await services.context();
    } catch (err) {
      // No site yet: nothing is published, and the page itself answers why.
      if (err instanceof HttpError) return;
      throw err;
    }
    await overrides.sync(ctx);
  });

  const api = contract(app);
  const guard = { preValidation: requirePermission(services, 'settings.write'), config: FIELD_ERRORS };

  api.get(
    '/api/config/templates',
    { ...guard, schema: { response: { 200: templateListReply } } },
    async () => ({
      templates: await listTemplates(await services.context(), services.theme),
      ...templateVocabulary(),
    }),
  );

  api.get(
    '/api/config/templates/:name',
    { ...guard, schema: { params: nameParams, response: { 200: templateReply } } },
    async (request) => ({
      template: await templateDetail(
        await services.context(),
        services.theme,
        templateNameOr404(services.theme, request.params.name),
      ),
    }),
  );

  api.put(
    '/api/config/templates/:name/draft',
    { ...guard, schema: { params: nameParams, body: templateSourceBody, response: { 200: draftReply } } },
    async (request) => {
      const name = templateNameOr404(services.theme, request.params.name);
      const { source } = request.body;
      const ctx = await services.context();
      await saveDraft(ctx, actorOf(request), name, source);
      return {
        template: await templateDetail(ctx, services.theme, name),
        ...validateTemplate(services.theme, source),
      };
    },
  );

  api.post(
    '/api/config/templates/:name/validate',
    {
      ...guard,
      schema: { params: nameParams, body: templateSourceBody, response: { 200: validationReply } },
    },
    async (request) => {
      templateNameOr404(services.theme, request.params.name);
      return validateTemplate(services.theme, request.body.source);
    },
  );

  api.post(
    '/api/config/templates/:name/publish',
    { ...guard, schema: { params: nameParams, body: templateSourceBody, response: { 200: templateReply } } },
    async (request, reply) => {
      const name = templateNameOr404(services.theme, request.params.name);
      const ctx = await services.context();
      return refusingErrors(reply, async () => {
        await publishTemplate(ctx, actorOf(request), services.theme, name, request.body.source);
        return { template: await templateDetail(ctx, services.theme, name) };
      });
    },
  );

  api.post(
    '/api/config/templates/:name/rollback',
    { ...guard, schema: { params: nameParams, body: rollbackBody, response: { 200: templateReply } } },
    async (request, reply) => {
      const name = templateNameOr404(services.theme, request.params.name);
      const ctx = await services.context();
      return refusingErrors(reply, async () => {
        await rollbackTemplate(ctx, actorOf(request), services.theme, name, request.body.number);
        return { template: await templateDetail(ctx, services.theme, name) };
      });
    },
  );

  api.post(
    '/api/config/templates/:name/revert',
    { ...guard, schema: { params: nameParams, response: { 200: templateReply } } },
    async (request) => {
      const name = templateNameOr404(services.theme, request.params.name);
      const ctx = await services.context();
      await revertTemplate(ctx, actorOf(request), name);
      return { template: await templateDetail(ctx, services.theme, name) };
    },
  );
}

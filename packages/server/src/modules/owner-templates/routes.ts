import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../platform/errors.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { rollbackBody, templateSourceBody } from './schema.js';
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

const nameParams = z.object({ name: z.string() });

/** Paths that answer files or the health check: no template is rendered for them. */
const NOTHING_RENDERED = ['/assets/', '/theme/', '/healthz'];

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

  const guard = { preHandler: requirePermission(services, 'settings.write') };
  const nameOf = (params: unknown) => templateNameOr404(services.theme, parseOr400(nameParams, params).name);

  app.get('/api/config/templates', guard, async () => ({
    templates: await listTemplates(await services.context(), services.theme),
    ...templateVocabulary(),
  }));

  app.get('/api/config/templates/:name', guard, async (request) => ({
    template: await templateDetail(await services.context(), services.theme, nameOf(request.params)),
  }));

  app.put('/api/config/templates/:name/draft', guard, async (request) => {
    const name = nameOf(request.params);
    const { source } = parseOr400(templateSourceBody, request.body);
    const ctx = await services.context();
    await saveDraft(ctx, actorOf(request), name, source);
    return {
      template: await templateDetail(ctx, services.theme, name),
      ...validateTemplate(services.theme, source),
    };
  });

  app.post('/api/config/templates/:name/validate', guard, async (request) => {
    nameOf(request.params);
    const { source } = parseOr400(templateSourceBody, request.body);
    return validateTemplate(services.theme, source);
  });

  app.post('/api/config/templates/:name/publish', guard, async (request, reply) => {
    const name = nameOf(request.params);
    const { source } = parseOr400(templateSourceBody, request.body);
    const ctx = await services.context();
    return refusingErrors(reply, async () => {
      await publishTemplate(ctx, actorOf(request), services.theme, name, source);
      return { template: await templateDetail(ctx, services.theme, name) };
    });
  });

  app.post('/api/config/templates/:name/rollback', guard, async (request, reply) => {
    const name = nameOf(request.params);
    const { number } = parseOr400(rollbackBody, request.body);
    const ctx = await services.context();
    return refusingErrors(reply, async () => {
      await rollbackTemplate(ctx, actorOf(request), services.theme, name, number);
      return { template: await templateDetail(ctx, services.theme, name) };
    });
  });

  app.post('/api/config/templates/:name/revert', guard, async (request) => {
    const name = nameOf(request.params);
    const ctx = await services.context();
    await revertTemplate(ctx, actorOf(request), name);
    return { template: await templateDetail(ctx, services.theme, name) };
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { getCart } from '../modules/cart/service.js';
import { getCollections } from '../modules/catalog/service.js';
import { listFormPages } from '../modules/forms/service.js';
import { nameParams } from '../modules/owner-templates/routes.js';
import { previewQuery, TEMPLATE_MESSAGES } from '../modules/owner-templates/schema.js';
import { previewTheme, TemplateHasErrors, templateNameOr404 } from '../modules/owner-templates/service.js';
import { contract, errorReply, FIELD_ERRORS } from '../platform/contract.js';
import { requirePermission } from '../platform/owner-auth.js';
import type { AppServices } from '../services.js';
import { renderSpec, resolvePage } from './routes.js';
import { fileOf, TEMPLATES } from './theme.js';

/**
 * The template editor's preview: the page at `path`, rendered from its real context with the
 * template's or block's draft in place of the published one, never from or into the page cache. Shown in the
 * editor's frame (same origin), so it answers HTML; a draft with errors answers them as text.
 */
export function templatePreviewRoutes(app: FastifyInstance, services: AppServices): void {
  contract(app).get(
    '/api/config/templates/:name/preview',
    {
      preValidation: requirePermission(services, 'settings.write'),
      config: FIELD_ERRORS,
      schema: {
        description: 'A draft with errors answers 400 with them as text/plain.',
        params: nameParams,
        querystring: previewQuery,
        response: {
          200: z.string().describe('text/html; charset=utf-8'),
          '4xx': z.union([
            errorReply,
            z.string().describe('The page drawn (not found, gone), or why the draft cannot be: text'),
          ]),
        },
      },
    },
    async (request, typedReply) => {
      // The answer's status is the previewed page's own (404, 410…), not one the schema lists.
      const reply: FastifyReply = typedReply;
      const name = templateNameOr404(services.theme, request.params.name);
      const { path } = request.query;
      const ctx = await services.context();
      const text = (status: number, body: string) =>
        reply.status(status).type('text/plain; charset=utf-8').send(body);
      let theme: Awaited<ReturnType<typeof previewTheme>>;
      try {
        theme = await previewTheme(ctx, services.theme, name);
      } catch (err) {
        if (err instanceof TemplateHasErrors) {
          const list = err.diagnostics
            .map((d) => `${fileOf(name)}:${d.line}:${d.column} ${d.message}`)
            .join('\n');
          return text(400, `${err.message}\n\n${list}`);
        }
        throw err;
      }
      const url = new URL(path, 'http://local');
      const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      const crumb = services.crumbs.ensure(request, reply);
      const collections = await getCollections(ctx);
      const page = await resolvePage(services, ctx, collections, segments, crumb, undefined);
      if ('redirect' in page) return reply.redirect(page.redirect);
      // The site region and blocks are in pages of every kind.
      if (name !== 'site' && Object.hasOwn(TEMPLATES, name) && page.template !== name)
        return text(400, `${TEMPLATE_MESSAGES.notDrawn} (${url.pathname}: ${TEMPLATES[page.template]})`);
      const cart = await getCart(ctx, undefined, ctx.site.website.currency);
      const html = renderSpec(
        { ...services, theme },
        ctx,
        page,
        cart,
        collections,
        url.pathname,
        { crumb, nonce: reply.cspNonce },
        {},
        await listFormPages(ctx),
      );
      return reply.status(page.status).type('text/html; charset=utf-8').send(html);
    },
  );
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/errors.js';
import type { AppServices } from '../../services.js';
import { getProductById } from '../catalog/service.js';
import { restockSignupBody } from './schema.js';
import { restockMessageKeyOf, signUpForRestock } from './service.js';

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/** A plain HTML form's fields (`email`, a checkbox's 'true') in the JSON call's shape. */
function bodyFromForm(form: Record<string, unknown>) {
  return {
    productId: form.productId,
    variantId: form.variantId,
    siteVisitorEmail: form.email ?? form.siteVisitorEmail ?? null,
    isJoinMailingList: form.isJoinMailingList === 'true' || form.isJoinMailingList === 'on',
    ...(typeof form.language === 'string' && form.language !== '' ? { language: form.language } : {}),
  };
}

/**
 * Where a plain form's signup goes on: back to the product's page, where the form shows the
 * outcome (`restock=sent`, or `restockError` naming the message by key, never its text).
 */
async function backToProduct(
  services: AppServices,
  request: FastifyRequest,
  reply: FastifyReply,
  error?: string,
) {
  const productId = (request.body as Record<string, unknown> | undefined)?.productId;
  const product =
    typeof productId === 'string' ? await getProductById(await services.context(), productId) : null;
  const outcome =
    error === undefined ? 'restock=sent' : `restockError=${restockMessageKeyOf(error) ?? 'waitlistFailure'}`;
  return reply.redirect(`${product?.fullUrl ?? '/'}?${outcome}#restock`, 303);
}

export function restockRoutes(app: FastifyInstance, services: AppServices): void {
  app.post('/api/commerce/restock-notifications', async (request, reply) => {
    const form = isFormPost(request);
    try {
      await services.rateLimit(request, 'restock');
      services.crumbs.check(request);
      const parsed = restockSignupBody.safeParse(
        form ? bodyFromForm(request.body as Record<string, unknown>) : request.body,
      );
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new HttpError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
      }
      const ctx = await services.context();
      const result = await signUpForRestock(
        ctx,
        ctx.site.storeSettings.restockNotificationsSuccessText,
        parsed.data,
      );
      return form ? backToProduct(services, request, reply) : result;
    } catch (err) {
      if (form && err instanceof HttpError) return backToProduct(services, request, reply, err.message);
      throw err;
    }
  });
}

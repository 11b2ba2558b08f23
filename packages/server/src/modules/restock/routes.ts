import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contract, guard, isFormPost, plainFormToo } from '../../platform/contract.js';
import type { AppServices } from '../../services.js';
import { getProductById } from '../catalog/service.js';
import { restockSignupBody, restockSignupReply } from './schema.js';
import { checkWaitlistCaptcha, restockMessageKeyOf, signUpForRestock } from './service.js';

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
  const plainForm = plainFormToo(bodyFromForm, (request, reply, message) =>
    backToProduct(services, request, reply, message),
  );
  contract(app).post(
    '/api/commerce/restock-notifications',
    {
      schema: {
        description:
          'Also takes a plain HTML form (`email`, a checkbox `isJoinMailingList`): it answers 303 back to the product, with `restock=sent` or `restockError={message key}`.',
        body: restockSignupBody,
        response: { 200: restockSignupReply },
      },
      preValidation: [guard(services, 'restock', { crumb: true }), plainForm.preValidation],
      errorHandler: plainForm.errorHandler,
    },
    async (request, reply) => {
      const ctx = await services.context();
      await checkWaitlistCaptcha(ctx, services.captcha, request.body.recaptchaEnterpriseV3Token);
      const result = await signUpForRestock(
        ctx,
        ctx.site.storeSettings.restockNotificationsSuccessText,
        request.body,
      );
      return isFormPost(request) ? backToProduct(services, request, reply) : result;
    },
  );
}

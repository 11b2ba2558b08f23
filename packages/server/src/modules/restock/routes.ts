import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app.js';
import { HttpError } from '../../platform/errors.js';
import { restockSignupBody } from './schema.js';
import { signUpForRestock } from './service.js';

export function restockRoutes(app: FastifyInstance, services: AppServices): void {
  app.post('/api/commerce/restock-notifications', async (request) => {
    await services.rateLimit(request, 'restock');
    services.crumbs.check(request);
    const parsed = restockSignupBody.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const ctx = await services.context();
    return signUpForRestock(ctx, ctx.site.storeSettings.restockNotificationsSuccessText, parsed.data);
  });
}

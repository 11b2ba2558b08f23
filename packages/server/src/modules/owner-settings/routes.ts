import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { settingsBody } from './schema.js';
import { saveSettings, settingsView } from './service.js';

/** Store currency, time zone, spec §3 store settings, sender address and public URL. */
export function ownerSettingsRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/config/settings', { preHandler: requirePermission(services, 'settings.read') }, async () => {
    const ctx = await services.context();
    return settingsView(ctx.site, services.config);
  });

  app.patch(
    '/api/config/settings',
    { preHandler: requirePermission(services, 'settings.write') },
    async (request) => {
      const body = parseOr400(settingsBody, request.body);
      await saveSettings(await services.context(), actorOf(request), body);
      // The storefront shows the change on its next request, not after the site cache expires.
      services.invalidateSite();
      return settingsView((await services.context()).site, services.config);
    },
  );
}

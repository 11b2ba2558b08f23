import type { FastifyInstance } from 'fastify';
import { contract, FIELD_ERRORS } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import type { AppServices } from '../../services.js';
import { settingsBody, settingsReply } from './schema.js';
import { saveSettings, settingsView } from './service.js';

/** Store currency, time zone, spec §3 store settings, sender address and public URL. */
export function ownerSettingsRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  api.get(
    '/api/config/settings',
    {
      preValidation: requirePermission(services, 'settings.read'),
      schema: { response: { 200: settingsReply } },
    },
    async () => settingsView((await services.context()).site, services.config),
  );

  api.patch(
    '/api/config/settings',
    {
      preValidation: requirePermission(services, 'settings.write'),
      config: FIELD_ERRORS,
      schema: { body: settingsBody, response: { 200: settingsReply } },
    },
    async (request) => {
      await saveSettings(await services.context(), actorOf(request), request.body);
      // The storefront shows the change on its next request, not after the site cache expires.
      services.invalidateSite();
      return settingsView((await services.context()).site, services.config);
    },
  );
}

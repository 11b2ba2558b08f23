import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../app.js';
import { recordQuickView } from './service.js';

export function censusRoutes(app: FastifyInstance, services: AppServices): void {
  // Spec §7/§8: analytics is best effort and its failures are ignored, so every outcome is 204.
  app.post<{ Params: { id: string } }>('/api/census/RecordQuickView/:id', async (request, reply) => {
    try {
      await services.rateLimit(request, 'census');
      await recordQuickView(await services.context(), request.params.id);
    } catch (err) {
      request.log.debug({ err }, 'quick view not recorded');
    }
    return reply.status(204).send();
  });
}

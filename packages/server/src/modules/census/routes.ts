import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput, text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { recordQuickView } from './service.js';

const viewParams = z.object({ id: text() });

export function censusRoutes(app: FastifyInstance, services: AppServices): void {
  // Spec §7/§8: analytics is best effort and its failures are ignored, so every outcome is 204.
  app.post('/api/census/RecordQuickView/:id', async (request, reply) => {
    try {
      await services.rateLimit(request, 'census');
      const { id } = parseInput(viewParams, request.params);
      await recordQuickView(await services.context(), id);
    } catch (err) {
      request.log.debug({ err }, 'quick view not recorded');
    }
    return reply.status(204).send();
  });
}

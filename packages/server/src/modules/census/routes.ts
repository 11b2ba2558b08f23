import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { contract, noContent } from '../../platform/contract.js';
import { text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { recordQuickView } from './service.js';

const viewParams = z.object({ id: text() });

export function censusRoutes(app: FastifyInstance, services: AppServices): void {
  // Spec §7/§8: analytics is best effort and its failures are ignored, so every outcome is 204:
  // a limit, a bad id or an unknown product is logged and answered like a recorded view.
  contract(app).post(
    '/api/census/RecordQuickView/:id',
    {
      schema: { params: viewParams, response: { 204: noContent } },
      preValidation: async (request) => services.rateLimit(request, 'census'),
      errorHandler: (err, request, reply) => {
        request.log.debug({ err }, 'quick view not recorded');
        return reply.status(204).send(null);
      },
    },
    async (request, reply) => {
      await recordQuickView(await services.context(), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../services.js';
import { getContextConfig } from './service.js';

export function contextRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/context/config', { config: { shared: true } }, async () =>
    getContextConfig(await services.context()),
  );
}

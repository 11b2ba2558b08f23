import type { FastifyInstance } from 'fastify';
import { contract } from '../../platform/contract.js';
import type { AppServices } from '../../services.js';
import { contextConfigReply } from './schema.js';
import { getContextConfig } from './service.js';

export function contextRoutes(app: FastifyInstance, services: AppServices): void {
  contract(app).get(
    '/api/context/config',
    { config: { shared: true }, schema: { response: { 200: contextConfigReply } } },
    async () => getContextConfig(await services.context()),
  );
}

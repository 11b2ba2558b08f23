import type { FastifyInstance } from 'fastify';
import { contract, FIELD_ERRORS } from '../../platform/contract.js';
import { ownerContext, requirePermission } from '../../platform/owner-auth.js';
import type { AppServices } from '../../services.js';
import { auditQuery, auditReply } from './schema.js';
import { listAudit } from './service.js';

export function auditRoutes(app: FastifyInstance, services: AppServices): void {
  contract(app).get(
    '/api/config/audit',
    {
      preValidation: requirePermission(services, 'audit.read'),
      config: FIELD_ERRORS,
      schema: { querystring: auditQuery, response: { 200: auditReply } },
    },
    async (request) => listAudit(ownerContext(services), request.query.cursor),
  );
}

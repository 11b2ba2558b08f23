import type { FastifyInstance } from 'fastify';
import { ownerContext, requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { auditQuery } from './schema.js';
import { listAudit } from './service.js';

export function auditRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/config/audit', { preHandler: requirePermission(services, 'audit.read') }, async (request) => {
    const { cursor } = parseOr400(auditQuery, request.query);
    return listAudit(ownerContext(services), cursor);
  });
}

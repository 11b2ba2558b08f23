import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../modules/audit/service.js';

/** The signed-in contributor who makes a change, for the audit log (requirePermission set it). */
export function actorOf(request: FastifyRequest): AuditActor {
  const c = request.contributor;
  return c ? { id: c.id, email: c.email } : null;
}

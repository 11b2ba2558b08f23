import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { parseOr400 } from '../../platform/validation.js';
import type { AppServices } from '../../services.js';
import { getFormSettings, listFormSettings, listSubmissions, submissionsCsv } from '../forms/service.js';
import { formBody, SUBMISSIONS_PAGE_SIZE, submissionsQuery } from './schema.js';
import { addForm, changeForm, removeForm } from './service.js';

type WithId = { Params: { id: string } };

/** The form builder (forms.write) and the submissions people sent (submissions.read). */
export function ownerFormRoutes(app: FastifyInstance, services: AppServices): void {
  const build = { preHandler: requirePermission(services, 'forms.write') };
  const read = { preHandler: requirePermission(services, 'submissions.read') };

  app.get('/api/config/forms', build, async () => ({
    forms: await listFormSettings(await services.context()),
  }));
  app.get<WithId>('/api/config/forms/:id', build, async (request) => ({
    form: await getFormSettings(await services.context(), request.params.id),
  }));
  app.post('/api/config/forms', build, async (request, reply) => {
    const body = parseOr400(formBody, request.body);
    const form = await addForm(await services.context(), actorOf(request), body);
    return reply.status(201).send({ form });
  });
  app.put<WithId>('/api/config/forms/:id', build, async (request) => {
    const body = parseOr400(formBody, request.body);
    return { form: await changeForm(await services.context(), actorOf(request), request.params.id, body) };
  });
  app.delete<WithId>('/api/config/forms/:id', build, async (request, reply) => {
    await removeForm(await services.context(), actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get<WithId>('/api/config/forms/:id/submissions', read, async (request) => {
    const query = parseOr400(submissionsQuery, request.query);
    return listSubmissions(await services.context(), request.params.id, query, SUBMISSIONS_PAGE_SIZE);
  });
  app.get<WithId>('/api/config/forms/:id/submissions.csv', read, async (request, reply) => {
    const query = parseOr400(submissionsQuery, request.query);
    const csv = await submissionsCsv(await services.context(), request.params.id, query.q);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="submissions-${request.params.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}

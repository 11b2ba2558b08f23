import type { FastifyInstance } from 'fastify';
import { contract, csvReply, FIELD_ERRORS, noContent } from '../../platform/contract.js';
import { actorOf } from '../../platform/owner-actor.js';
import { requirePermission } from '../../platform/owner-auth.js';
import { idParams } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { getFormSettings, listFormSettings, listSubmissions, submissionsCsv } from '../forms/service.js';
import {
  formBody,
  formListReply,
  formReply,
  SUBMISSIONS_PAGE_SIZE,
  submissionsQuery,
  submissionsReply,
} from './schema.js';
import { addForm, changeForm, removeForm } from './service.js';

/** The form builder (forms.write) and the submissions people sent (submissions.read). */
export function ownerFormRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  const build = { preValidation: requirePermission(services, 'forms.write'), config: FIELD_ERRORS };
  const read = { preValidation: requirePermission(services, 'submissions.read'), config: FIELD_ERRORS };

  api.get('/api/config/forms', { ...build, schema: { response: { 200: formListReply } } }, async () => ({
    forms: await listFormSettings(await services.context()),
  }));
  api.get(
    '/api/config/forms/:id',
    { ...build, schema: { params: idParams, response: { 200: formReply } } },
    async (request) => ({ form: await getFormSettings(await services.context(), request.params.id) }),
  );
  api.post(
    '/api/config/forms',
    { ...build, schema: { body: formBody, response: { 201: formReply } } },
    async (request, reply) => {
      const form = await addForm(await services.context(), actorOf(request), request.body);
      return reply.status(201).send({ form });
    },
  );
  api.put(
    '/api/config/forms/:id',
    { ...build, schema: { params: idParams, body: formBody, response: { 200: formReply } } },
    async (request) => ({
      form: await changeForm(await services.context(), actorOf(request), request.params.id, request.body),
    }),
  );
  api.delete(
    '/api/config/forms/:id',
    { ...build, schema: { params: idParams, response: { 204: noContent } } },
    async (request, reply) => {
      await removeForm(await services.context(), actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/config/forms/:id/submissions',
    {
      ...read,
      schema: { params: idParams, querystring: submissionsQuery, response: { 200: submissionsReply } },
    },
    async (request) =>
      listSubmissions(await services.context(), request.params.id, request.query, SUBMISSIONS_PAGE_SIZE),
  );
  api.get(
    '/api/config/forms/:id/submissions.csv',
    { ...read, schema: { params: idParams, querystring: submissionsQuery, response: { 200: csvReply } } },
    async (request, reply) => {
      const csv = await submissionsCsv(await services.context(), request.params.id, request.query.q);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="submissions-${request.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}

import { MESSAGES } from '@storefront/commerce';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../../app.js';
import { HttpError } from '../../platform/errors.js';
import { parseInput, text } from '../../platform/request-input.js';
import { getFormSchema, validateFormAnswers } from './service.js';

/** Spec §7: "query type=form (type=9)" — 9 is the form block type of spec §3. */
const FORM_SCHEMA_TYPES = ['form', '9'];

const schemaQuery = z.object({
  type: z.string(),
  formId: z.string().min(1, 'formId is required').max(64),
});
const formParams = z.object({ formId: text() });

export function formRoutes(app: FastifyInstance, services: AppServices): void {
  app.get('/api/template/GetTemplateSchema', { config: { shared: true } }, async (request) => {
    const parsed = schemaQuery.safeParse(request.query);
    if (!parsed.success) throw new HttpError(400, 'The query needs type=form and a formId.');
    if (!FORM_SCHEMA_TYPES.includes(parsed.data.type)) {
      throw new HttpError(400, 'Only form schemas are served here (type=form or type=9).');
    }
    const form = await getFormSchema(await services.context(), parsed.data.formId);
    if (!form) throw new HttpError(404, MESSAGES.formNotConfigured);
    return form;
  });

  // Validation changes nothing, so it takes no crumb.
  app.post('/api/rest/forms/validate/:formId', async (request, reply) => {
    const { formId } = parseInput(formParams, request.params);
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) {
      throw new HttpError(400, 'The body must be a JSON object keyed by field id.');
    }
    const errors = await validateFormAnswers(await services.context(), formId, body);
    if (Object.keys(errors).length > 0) {
      return reply.status(400).send({ message: MESSAGES.formInvalid, errors });
    }
    return {};
  });
}

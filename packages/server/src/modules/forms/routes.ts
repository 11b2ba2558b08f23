import { MESSAGES } from '@storefront/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../../platform/errors.js';
import type { RateLimitGroup } from '../../platform/rate-limit.js';
import { parseInput, text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { CAPTCHA_CHALLENGE_PATH } from '../captcha/provider.js';
import { submissionBody } from './schema.js';
import { getFormSchema, validateFormAnswers } from './service.js';
import { issueSubmissionKey, saveFormSubmission } from './submissions.js';

/** Spec §7: "query type=form (type=9)" — 9 is the form block type of spec §3. */
const FORM_SCHEMA_TYPES = ['form', '9'];

const schemaQuery = z.object({
  type: z.string(),
  formId: z.string().min(1, 'formId is required').max(64),
});
const formParams = z.object({ formId: text() });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The submission limits answer with the spec's own 429 text rather than the generic one. */
async function limitSubmissions(
  services: AppServices,
  request: FastifyRequest,
  checks: [RateLimitGroup, string?][],
): Promise<void> {
  try {
    for (const [group, subject] of checks) await services.rateLimit(request, group, subject);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 429)
      throw new HttpError(429, MESSAGES.formRateLimited);
    throw err;
  }
}

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

  // Spec §7: an empty body, answered { data: { key } }.
  app.post('/api/form/FormSubmissionKey', async (request) => {
    await services.rateLimit(request, 'form-key');
    services.crumbs.check(request);
    return { data: { key: await issueSubmissionKey(await services.context()) } };
  });

  app.post('/api/form/SaveFormSubmission', async (request, reply) => {
    await limitSubmissions(services, request, [['form-submission-ip']]);
    services.crumbs.check(request);
    const parsed = submissionBody.safeParse(request.body ?? {});
    const form = parsed.success ? parsed.data.form : undefined;
    if (!parsed.success || !isRecord(form)) throw new HttpError(400, MESSAGES.formParseError);
    const { formId, key, captchaKey } = parsed.data;
    const ctx = await services.context();
    await limitSubmissions(services, request, [['form-submission-form', `${ctx.websiteId}:${formId}`]]);
    let outcome: Awaited<ReturnType<typeof saveFormSubmission>>;
    try {
      outcome = await saveFormSubmission(ctx, services.captcha, { formId, form, key, captchaKey });
    } catch (err) {
      // Spec §8: the per-field messages travel as data.errors.
      if (err instanceof HttpError && err.errors) {
        return reply.status(err.statusCode).send({ message: err.message, data: { errors: err.errors } });
      }
      throw err;
    }
    return { data: outcome };
  });

  // The proof-of-work widget's challenge: fresh each time, never cached.
  app.get(CAPTCHA_CHALLENGE_PATH, async (request, reply) => {
    const { challenge } = services.captcha;
    if (!challenge) throw new HttpError(404, 'This site verifies forms with reCAPTCHA.');
    await services.rateLimit(request, 'form-key');
    reply.header('cache-control', 'no-store');
    return challenge(services.clock.now());
  });
}

import { MESSAGES } from '@storefront/commerce';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contract, errorReply, guard } from '../../platform/contract.js';
import { HttpError } from '../../platform/errors.js';
import { siteBaseUrl } from '../../platform/owner-auth.js';
import type { RateLimitGroup } from '../../platform/rate-limit.js';
import { text } from '../../platform/request-input.js';
import type { AppServices } from '../../services.js';
import { CAPTCHA_CHALLENGE_PATH } from '../captcha/provider.js';
import { formFieldSchema } from '../catalog/import-schema.js';
import { submissionBody } from './schema.js';
import { getFormSchema, validateFormAnswers } from './service.js';
import { issueSubmissionKey, saveFormSubmission } from './submissions.js';

/** An ALTCHA challenge as altcha-lib makes it (its v2 Challenge): the work's parameters, signed. */
const altchaChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z
    .object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() })
    .optional(),
});

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

/** The answers keyed by field id; kept as sent (zod would rebuild the object by assignment). */
const answersBody = z
  .unknown()
  .refine(isRecord)
  .prefault({})
  .describe('The answers keyed by field id, a JSON object');

const templateSchemaReply = z.object({ id: z.string(), name: z.string(), fields: z.array(formFieldSchema) });

/** What the visitor sees once the submission is accepted (spec §4 form handler "Success"). */
const submissionReply = z.object({
  data: z.object({
    successText: z.string().nullable(),
    postSubmitHtml: z.string().nullable(),
    successRedirect: z.string().nullable(),
  }),
});

export function formRoutes(app: FastifyInstance, services: AppServices): void {
  const api = contract(app);
  api.get(
    '/api/template/GetTemplateSchema',
    {
      config: {
        shared: true,
        invalid: { querystring: { message: 'The query needs type=form and a formId.' } },
      },
      schema: { querystring: schemaQuery, response: { 200: templateSchemaReply } },
    },
    async (request) => {
      if (!FORM_SCHEMA_TYPES.includes(request.query.type)) {
        throw new HttpError(400, 'Only form schemas are served here (type=form or type=9).');
      }
      const form = await getFormSchema(await services.context(), request.query.formId);
      if (!form) throw new HttpError(404, MESSAGES.formNotConfigured);
      return form;
    },
  );

  // Validation changes nothing, so it takes no crumb.
  api.post(
    '/api/rest/forms/validate/:formId',
    {
      config: { invalid: { body: { message: 'The body must be a JSON object keyed by field id.' } } },
      schema: {
        description: "Answers 400 `{ message, errors }` with each field's problem by field id.",
        params: formParams,
        body: answersBody,
        response: { 200: z.object({}), '4xx': errorReply },
      },
    },
    async (request, reply) => {
      const answers = request.body as Record<string, unknown>;
      const errors = await validateFormAnswers(await services.context(), request.params.formId, answers);
      if (Object.keys(errors).length > 0) {
        return reply.status(400).send({ message: MESSAGES.formInvalid, errors });
      }
      return {};
    },
  );

  // Spec §7: an empty body, answered { data: { key } }.
  api.post(
    '/api/form/FormSubmissionKey',
    {
      schema: { response: { 200: z.object({ data: z.object({ key: z.string() }) }) } },
      preValidation: guard(services, 'form-key', { crumb: true }),
    },
    async () => ({ data: { key: await issueSubmissionKey(await services.context()) } }),
  );

  api.post(
    '/api/form/SaveFormSubmission',
    {
      config: { invalid: { body: { message: MESSAGES.formParseError } } },
      schema: {
        description: "Answers 400 `{ message, data: { errors } }` with each field's problem (spec §8).",
        body: submissionBody.refine((body) => isRecord(body.form)),
        response: { 200: submissionReply, '4xx': errorReply },
      },
      preValidation: async (request) => {
        await limitSubmissions(services, request, [['form-submission-ip']]);
        services.crumbs.check(request);
      },
    },
    async (request, reply) => {
      const { formId, key, captchaKey } = request.body;
      const form = request.body.form as Record<string, unknown>;
      const ctx = await services.context();
      await limitSubmissions(services, request, [['form-submission-form', `${ctx.websiteId}:${formId}`]]);
      let outcome: Awaited<ReturnType<typeof saveFormSubmission>>;
      try {
        outcome = await saveFormSubmission(
          ctx,
          services.captcha,
          { formId, form, key, captchaKey },
          siteBaseUrl(ctx, services.config),
        );
      } catch (err) {
        // Spec §8: the per-field messages travel as data.errors.
        if (err instanceof HttpError && err.errors) {
          return reply
            .status(err.statusCode as 400)
            .send({ message: err.message, data: { errors: err.errors } });
        }
        throw err;
      }
      return { data: outcome };
    },
  );

  // The proof-of-work widget's challenge: fresh each time, never cached.
  api.get(
    CAPTCHA_CHALLENGE_PATH,
    { schema: { response: { 200: altchaChallenge } } },
    async (request, reply) => {
      const { challenge } = services.captcha;
      if (!challenge) throw new HttpError(404, 'This site verifies forms with reCAPTCHA.');
      await services.rateLimit(request, 'form-key');
      reply.header('cache-control', 'no-store');
      return challenge(services.clock.now());
    },
  );
}

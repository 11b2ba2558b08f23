import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { AppServices } from '../services.js';
import { HttpError } from './errors.js';
import { SERVER_PACKAGE_DIR } from './package-dir.js';
import type { RateLimitGroup } from './rate-limit.js';

/**
 * The store's HTTP contract: every API route declares its body, query, params and replies as zod
 * schemas in its `schema` option. Fastify validates requests with them before the handler runs,
 * the handler's types come from them, `/api/openapi.json` is generated from them, and the browser
 * code imports the types inferred from them.
 */

/** The part of a request a schema describes, as Fastify names it. */
type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

/**
 * How a route words a request its schema refuses (the wording each call had before the contract,
 * and the spec's where it has one):
 * - `path`: "{field path}: {problem}" (the part's name when the problem is the whole part);
 * - `message`: the first problem's message alone;
 * - `fields`: the first problem's message, and every field's first problem in `errors`;
 * - `{ message }`: this text whatever the problem.
 */
export type InvalidWording = 'path' | 'message' | 'fields' | { message: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Wording of a request its schema refuses, by part; `path` when not given. */
    invalid?: Partial<Record<RequestPart, InvalidWording>>;
  }
}

/** A Fastify instance whose routes take zod schemas and infer their types from them. */
export type ContractApp = ReturnType<typeof contract>;

/** The app as routes declare themselves on it: `const api = contract(app); api.post(url, { schema }, handler)`. */
export function contract(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}

/**
 * Every refusal: `{ message, type?, errors? }` (docs/api.md); spec §8's form submissions carry
 * their fields' problems as `data.errors` instead.
 */
export const errorReply = z.object({
  message: z.string(),
  type: z.string().optional(),
  errors: z.record(z.string(), z.string()).optional(),
  data: z.object({ errors: z.record(z.string(), z.string()) }).optional(),
});

/** The owner's calls (forms that show each field's problem): the first problem, and every field's in `errors`. */
export const FIELD_ERRORS = { invalid: { body: 'fields', querystring: 'fields', params: 'fields' } } as const;

/** A CSV export's answer. */
export const csvReply = z.string().describe('text/csv; charset=utf-8');

/** A 204's reply: no body. */
export const noContent = z.null().describe('No content');

/** A 303's reply: no body; a plain HTML form (JavaScript off) is sent on to the page in Location. */
export const seeOther = z.null().describe('See Other: on to the page in Location');

/** An HTML page's answer (a plain form's result, a preview). */
export const htmlReply = z.string().describe('text/html; charset=utf-8');

export const OPENAPI_PATH = '/api/openapi.json';

/** The document's head; paths come from the routes. */
const OPENAPI_INFO = {
  title: 'Storefront API',
  version: '1',
  description:
    'The storefront and owner calls of a Storefront install, generated from the zod schemas the routes validate with. Errors answer `{ message, type?, errors? }` (docs/api.md).',
};

/**
 * Sets zod as the app's validator and serializer and collects the routes' schemas into the OpenAPI
 * document: to be registered before any route. Only `/api/` routes are documented (pages are HTML).
 * With `checkReplies`, answers are checked against their reply schemas; otherwise they are written
 * as they are (JSON.stringify, as Fastify does for routes without one).
 */
export async function useContract(app: FastifyInstance, options: { checkReplies: boolean }): Promise<void> {
  app.setValidatorCompiler<ZodType>((route) => {
    const validate = validatorCompiler(route);
    // Fastify hands an absent part over as null; the schemas read it as absent.
    return (data: unknown) => validate(data === null ? undefined : data);
  });
  app.setSerializerCompiler<ZodType>(({ schema, method, url }) =>
    options.checkReplies ? checkedReply(schema, `${method} ${url}`) : (data) => JSON.stringify(data),
  );
  await app.register(fastifySwagger, {
    openapi: { openapi: '3.1.0', info: OPENAPI_INFO },
    // Schemas named with `.meta({ id })` are written once under components and referred to.
    transformObject: jsonSchemaTransformObject,
    transform: (document) =>
      document.url.startsWith('/api/') && document.url !== OPENAPI_PATH
        ? jsonSchemaTransform(document)
        : { schema: { hide: true }, url: document.url },
  });
}

/**
 * Writes an answer through its reply schema, refusing one the schema does not fit and one it would
 * cut short: zod drops keys a schema does not name, so a field missing from a schema would
 * silently vanish from the answer.
 */
function checkedReply(schema: ZodType, route: string) {
  return (data: unknown) => {
    const result = z.safeEncode(schema, data);
    if (!result.success)
      throw new Error(`${route}: the answer does not fit its reply schema`, { cause: result.error });
    const dropped = droppedKey(JSON.parse(JSON.stringify(data) ?? 'null'), result.data, '');
    if (dropped !== null) throw new Error(`${route}: the reply schema drops ${dropped || 'the answer'}`);
    return JSON.stringify(result.data);
  };
}

/** The path of the first key `sent` holds and `written` lacks, or null when none is lost. */
function droppedKey(sent: unknown, written: unknown, at: string): string | null {
  if (sent === null || typeof sent !== 'object') return null;
  if (written === null || typeof written !== 'object') return at;
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (!(key in written)) return `${at}.${key}`;
    const inner = droppedKey(value, (written as Record<string, unknown>)[key], `${at}.${key}`);
    if (inner !== null) return inner;
  }
  return null;
}

/** The checked-in copy of the document (CI compares it with the routes': test/openapi.test.ts). */
export const OPENAPI_FILE = new URL('../../docs/openapi.json', SERVER_PACKAGE_DIR);

/** The document as the checked-in copy keeps it: indented, so a change reads as a diff. */
export function openApiText(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}

/** GET /api/openapi.json: the contract as the running routes declare it. */
export function openApiRoute(app: FastifyInstance): void {
  app.get(OPENAPI_PATH, { config: { shared: true } }, async () => app.swagger());
}

/**
 * A request its route's schema refused, as the `HttpError` the route words it with; null for any
 * other error.
 */
export function invalidRequest(err: unknown, request: FastifyRequest): HttpError | null {
  if (!hasZodFastifySchemaValidationErrors(err)) return null;
  const part = ((err as { validationContext?: string }).validationContext ?? 'body') as RequestPart;
  const wording = request.routeOptions.config?.invalid?.[part] ?? 'path';
  const issues = err.validation.map((issue) => ({
    field: issue.instancePath.slice(1).split('/').join('.'),
    message: issue.message ?? '',
  }));
  const first = issues[0]!;
  if (typeof wording === 'object') return new HttpError(400, wording.message);
  if (wording === 'message') return new HttpError(400, first.message);
  if (wording === 'fields') {
    const errors: Record<string, string> = {};
    for (const issue of issues) errors[issue.field || 'body'] ??= issue.message;
    return new HttpError(400, first.message, undefined, errors);
  }
  const whole = part === 'body' ? 'body' : 'query';
  return new HttpError(400, `${first.field || whole}: ${first.message}`);
}

/**
 * A route's checks that come before its input is read: the per-IP rate limit of its group, then
 * (for calls that change something) the crumb. As a `preValidation` hook, so a refused caller
 * learns nothing about what its input would have done.
 */
export function guard(
  services: AppServices,
  group: RateLimitGroup | null,
  options: { crumb: boolean },
): preValidationAsyncHookHandler {
  return async (request) => {
    if (group) await services.rateLimit(request, group);
    if (options.crumb) services.crumbs.check(request);
  };
}

/** Whether the request is a plain HTML form post (JavaScript off) rather than the island's JSON call. */
export function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}

/**
 * For a JSON call that also takes a plain HTML form (JavaScript off): a form's fields become the
 * JSON call's body before its schema checks them (`fromForm`), and whatever the call refuses a
 * form with goes to `back` (a redirect to a page that shows it) instead of a JSON error.
 */
export function plainFormToo(
  fromForm: (form: Record<string, unknown>) => unknown,
  back: (request: FastifyRequest, reply: FastifyReply, message: string) => Promise<unknown>,
) {
  return {
    preValidation: async (request: FastifyRequest) => {
      if (isFormPost(request)) request.body = fromForm(request.body as Record<string, unknown>);
    },
    errorHandler: (err: Error, request: FastifyRequest, reply: FastifyReply) => {
      const failure = invalidRequest(err, request) ?? err;
      if (isFormPost(request) && failure instanceof HttpError) return back(request, reply, failure.message);
      throw err;
    },
  };
}

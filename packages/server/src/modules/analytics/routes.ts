import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { contract, csvReply, FIELD_ERRORS, noContent } from '../../platform/contract.js';
import { csvRow } from '../../platform/csv.js';
import { HttpError } from '../../platform/errors.js';
import { actorOf } from '../../platform/owner-actor.js';
import { currentContributor, requirePermission } from '../../platform/owner-auth.js';
import type { AppServices, SiteContext } from '../../services.js';
import type { EventRow } from './repo.js';
import {
  analyticsSettingsBody,
  analyticsSettingsReply,
  censusBody,
  dashboardQuery,
  dashboardReply,
  errorReportsBody,
  formRenderBody,
  performanceBody,
  pixelSettingsBody,
  pixelSettingsReply,
  recordEventBody,
  recordedReply,
  recordHitBody,
  schemaEventBody,
  validEventReply,
} from './schema.js';
import {
  counted,
  DAY_MS,
  type DayRange,
  dashboard,
  type EventKind,
  errorRow,
  exportRows,
  MAX_RANGE_DAYS,
  performanceRow,
  pixelSettingsView,
  type Requester,
  recordPath,
  recordRow,
  requester,
  savePixelSettings,
  saveSettings,
} from './service.js';

/** Stored: the events are committed. Spec §7 RecordEvent "success 200 or 202". */
const ACCEPTED = 202;
/** Not recorded by rule (a bot, the owner's area, a contributor, the census-disable flag). */
const NOT_RECORDED = 204;
/**
 * The ingestion calls' route options: their answers are a few bytes and browsers send them
 * uncompressed, so @fastify/compress's per-request hooks are left off them (whole answers that
 * were large would still be compressed by compressWholeAnswers).
 */
const INGEST = { compress: false, decompress: false } as const;

function parseDay(text: string, field: string): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new HttpError(400, `${field}: must be a date like 2026-01-31`);
  return Math.floor(ms / DAY_MS);
}

function dayRange(q: z.output<typeof dashboardQuery>): DayRange {
  const range = { from: parseDay(q.from, 'from'), to: parseDay(q.to, 'to') };
  if (range.to < range.from) throw new HttpError(400, 'to: must not be before from');
  if (range.to - range.from + 1 > MAX_RANGE_DAYS)
    throw new HttpError(400, `The range may be at most ${MAX_RANGE_DAYS} days.`);
  return range;
}

/**
 * Spec §7 census and event calls, performance records and error reports. Each answers 202 once
 * its events are committed (group commit: see writer.ts), 204 when the rules leave it unrecorded,
 * 400 for a malformed payload, and 503 when it could not be written (the client ignores failures).
 */
export function analyticsRoutes(app: FastifyInstance, services: AppServices): void {
  async function store(
    request: FastifyRequest,
    reply: FastifyReply,
    make: (ctx: SiteContext, who: Requester) => { path: string; event?: string; rows: EventRow[] },
  ) {
    await services.rateLimit(request, 'census');
    const ctx = await services.context();
    const who = await requester(services, request, reply);
    const { path, event, rows } = make(ctx, who);
    if (!counted(ctx, who, path, event)) return reply.status(NOT_RECORDED).send();
    try {
      await services.analytics.record(rows);
    } catch (err) {
      request.log.warn({ err }, 'analytics events not written');
      throw new HttpError(503, 'The events could not be stored. Please try again.');
    }
    return reply.status(ACCEPTED).send({ accepted: rows.length });
  }

  const api = contract(app);
  /** The answers of a recording call. */
  const recorded = { [ACCEPTED]: recordedReply, [NOT_RECORDED]: noContent };
  /** Its payload, refused in the owner's wording: the first problem and every field's. */
  const ingest = <B extends z.ZodType>(body: B) => ({
    ...INGEST,
    config: FIELD_ERRORS,
    schema: { body, response: recorded },
  });
  const crumbFirst = { preValidation: async (request: FastifyRequest) => services.crumbs.check(request) };

  api.post('/api/census/RecordHit', ingest(recordHitBody), async (request, reply) => {
    const body = request.body;
    return store(request, reply, (ctx, who) => ({
      path: recordPath(body.data),
      event: body.event,
      rows: [recordRow(ctx, who, 'hit', body.event, body.data, body.ss_cvr)],
    }));
  });

  const census = (url: string, kind: EventKind, schema: z.ZodType<z.output<typeof censusBody>>) =>
    api.post(url, ingest(schema), async (request, reply) => {
      const body = request.body;
      return store(request, reply, (ctx, who) => ({
        path: recordPath(body),
        rows: [recordRow(ctx, who, kind, kind, body)],
      }));
    });
  census('/api/census/button-click', 'button-click', censusBody);
  census('/api/census/button-render', 'button-render', censusBody);
  census('/api/census/form-render', 'form-render', formRenderBody);
  census('/api/census/overlay', 'overlay', censusBody);

  api.post(
    '/api/events/RecordEvent',
    { ...crumbFirst, ...ingest(recordEventBody) },
    async (request, reply) => {
      const body = request.body;
      const data = body.data ?? {};
      return store(request, reply, (ctx, who) => ({
        path: recordPath(data),
        event: body.event,
        rows: [recordRow(ctx, who, 'event', body.event, data)],
      }));
    },
  );

  // Spec §7's alternative tracker (paths not shown there): by beacon or XHR, JSON.
  api.post('/api/events/track', ingest(schemaEventBody), async (request, reply) => {
    const body = request.body;
    return store(request, reply, (ctx, who) => ({
      path: recordPath(body.eventContent),
      event: body.eventSchemaName,
      rows: [recordRow(ctx, who, 'event', body.eventSchemaName, body.eventContent)],
    }));
  });

  // Its validate-event-content call: checks the content against the named schema, stores nothing.
  api.post(
    '/api/events/validate-event-content',
    { config: FIELD_ERRORS, schema: { body: schemaEventBody, response: { 200: validEventReply } } },
    async () => ({ valid: true as const }),
  );

  api.post('/api/1/performance/records', ingest(performanceBody), async (request, reply) => {
    const records = request.body;
    return store(request, reply, (ctx, who) => ({
      // One beacon comes from one page.
      path: records[0].data.path ?? '/',
      rows: records.map((r) => performanceRow(ctx, who, r)),
    }));
  });

  api.post(
    '/api/events/RecordJavascriptErrors',
    { ...crumbFirst, ...ingest(errorReportsBody) },
    async (request, reply) => {
      const reports = request.body;
      return store(request, reply, (ctx, who) => ({
        path: reports[0].path,
        rows: reports.map((r) => errorRow(ctx, who, r)),
      }));
    },
  );

  const read = { preValidation: requirePermission(services, 'analytics.read'), config: FIELD_ERRORS };

  api.get(
    '/api/config/analytics',
    { ...read, schema: { querystring: dashboardQuery, response: { 200: dashboardReply } } },
    async (request) => {
      const range = dayRange(request.query);
      const ctx = await services.context();
      return { ...(await dashboard(ctx, range)), settings: ctx.site.analytics };
    },
  );

  api.get(
    '/api/config/analytics.csv',
    { ...read, schema: { querystring: dashboardQuery, response: { 200: csvReply } } },
    async (request, reply) => {
      const range = dayRange(request.query);
      const rows = await exportRows(await services.context(), range);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="analytics.csv"')
        .send(rows.map(csvRow).join(''));
    },
  );

  api.patch(
    '/api/config/analytics/settings',
    {
      preValidation: requirePermission(services, 'settings.write'),
      config: FIELD_ERRORS,
      schema: { body: analyticsSettingsBody, response: { 200: analyticsSettingsReply } },
    },
    async (request, reply) => {
      await saveSettings(
        await services.context(),
        await currentContributor(services, request, reply),
        request.body,
      );
      services.invalidateSite();
      return (await services.context()).site.analytics;
    },
  );

  // The merchant's ad pixels (issue 13): the storefront loads them only after a visitor's consent.
  api.get(
    '/api/config/analytics/pixels',
    {
      preValidation: requirePermission(services, 'settings.read'),
      schema: { response: { 200: pixelSettingsReply } },
    },
    async () => pixelSettingsView((await services.context()).site),
  );
  api.patch(
    '/api/config/analytics/pixels',
    {
      preValidation: requirePermission(services, 'settings.write'),
      config: FIELD_ERRORS,
      schema: { body: pixelSettingsBody, response: { 200: pixelSettingsReply } },
    },
    async (request) => {
      await savePixelSettings(await services.context(), actorOf(request), request.body);
      // Pages carry the ids (and the CSP their origins) from the next request on.
      services.invalidateSite();
      return pixelSettingsView((await services.context()).site);
    },
  );
}

import {
  BROWSER_EVENTS,
  COOKIE_CONSENT_MODES,
  ELEMENT_PATH_MAX,
  ERROR_QUEUE_SIZE,
  ERROR_STACK_MAX,
  EVENT_PARAMETER_MAX_KEYS,
  GOOGLE_TAG_ID_RE,
  META_PIXEL_ID_RE,
  PIXEL_MESSAGES,
  VITAL_NAMES,
  type VitalBand,
  type VitalName,
} from '@storefront/commerce';
import { z } from 'zod';

/** Longest URL, path or referrer kept. */
export const URL_MAX = 2048;
/** Longest JSON `data` a call may carry. */
export const DATA_MAX_CHARS = 16_000;
/** Performance records one call may carry. */
export const PERFORMANCE_RECORDS_MAX = 50;
/** Longest error message kept (the stack has spec §9's 5000). */
export const ERROR_MESSAGE_MAX = 1000;

const EVENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const eventName = z.string().regex(EVENT_NAME, 'must be an event name');
const short = (max = 200) => z.string().max(max).optional();
const dimension = z.number().int().min(0).max(100_000).optional();

/** Spec §3 "Analytics record" and its page-view extras; other fields pass through. */
export const analyticsRecord = z.looseObject({
  visitorCookie: short(),
  pageTitle: short(500),
  pageId: short(),
  contentSource: z.enum(['i', 'c']).optional(),
  pagePath: z.string().max(URL_MAX).optional(),
  pagePermissionTypeValue: z.number().int().optional(),
  websiteId: short(),
  templateId: short(),
  website_locale: short(),
  userAgent: short(1000),
  clientDate: z.number().optional(),
  viewportInnerHeight: dimension,
  viewportInnerWidth: dimension,
  screenHeight: dimension,
  screenWidth: dimension,
  url: z.string().max(URL_MAX).optional(),
  title: short(500),
  itemId: short(64),
  recordType: z.number().int().optional(),
  collectionId: short(64),
  localStorageSupported: z.boolean().optional(),
  queryString: z.string().max(URL_MAX).optional(),
  referrer: z.string().max(URL_MAX).optional(),
});
export type AnalyticsRecord = z.output<typeof analyticsRecord>;

/** A form field holding a JSON object, parsed and checked by `schema`. */
function jsonField<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .max(DATA_MAX_CHARS, `must be at most ${DATA_MAX_CHARS} characters`)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const withKeyCap = <S extends z.ZodType>(schema: S) =>
  schema.refine(
    (v) => typeof v !== 'object' || v === null || Object.keys(v).length <= EVENT_PARAMETER_MAX_KEYS,
    `must have at most ${EVENT_PARAMETER_MAX_KEYS} keys`,
  );

/** POST /api/census/RecordHit (spec §7): form-encoded event, data (JSON string), ss_cvr. */
export const recordHitBody = z.object({
  event: eventName,
  data: jsonField(analyticsRecord),
  ss_cvr: short(),
});

/** POST /api/events/RecordEvent (spec §7): form-encoded crumb, event, data (JSON string). */
export const recordEventBody = z.object({
  crumb: z.string().max(200).optional(),
  event: z.enum(BROWSER_EVENTS as [string, ...string[]], 'must be an event of spec §7'),
  data: jsonField(withKeyCap(analyticsRecord)).optional(),
});

/**
 * Spec §7 "Event tracker, alternative variant": a JSON body with eventSchemaName (the event's
 * name is its schema) and eventContent, the event's data as a JSON string.
 */
export const schemaEventBody = z.object({
  eventSchemaName: z.enum(BROWSER_EVENTS as [string, ...string[]], 'must be an event of spec §7'),
  eventContent: jsonField(withKeyCap(analyticsRecord)),
});

/** POST /api/census/button-click, /button-render, /overlay: JSON with visitorCookie and page fields. */
export const censusBody = withKeyCap(analyticsRecord);
/** POST /api/census/form-render: formId, visitorCookie, page fields. */
export const formRenderBody = analyticsRecord.extend({ formId: z.string().min(1).max(64) });

/** Spec §3 "Performance record": app, data, event, pageLoadId, ts. */
export const performanceRecord = z.object({
  app: z.string().max(64),
  event: z.string().max(64),
  pageLoadId: z.string().max(64),
  ts: z.number(),
  data: withKeyCap(
    z.looseObject({
      value: z.number().finite().min(0).optional(),
      path: z.string().max(URL_MAX).optional(),
      elementPath: z
        .string()
        .transform((s) => s.slice(0, ELEMENT_PATH_MAX))
        .optional(),
      viewportInnerWidth: dimension,
    }),
  ),
});
export type PerformanceRecord = z.output<typeof performanceRecord>;
export const performanceBody = z.array(performanceRecord).min(1).max(PERFORMANCE_RECORDS_MAX);

/** One JavaScript error report; a call carries at most a queue's worth (spec §9: 10). */
export const errorReport = z.object({
  message: z
    .string()
    .min(1)
    .transform((s) => s.slice(0, ERROR_MESSAGE_MAX)),
  stack: z
    .string()
    .transform((s) => s.slice(0, ERROR_STACK_MAX))
    .optional(),
  path: z.string().max(URL_MAX),
  source: z.string().max(URL_MAX).optional(),
  line: z.number().int().min(0).optional(),
  column: z.number().int().min(0).optional(),
  visitorCookie: short(),
});
export type ErrorReport = z.output<typeof errorReport>;
export const errorReportsBody = z.array(errorReport).min(1).max(ERROR_QUEUE_SIZE);

/** Dashboard range: days as YYYY-MM-DD, `to` included. */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-01-31');
export const dashboardQuery = z.object({ from: isoDay, to: isoDay });

/** What a recording call answers: 202 with the events stored; 204 when the rules leave it unrecorded. */
export const recordedReply = z.object({ accepted: z.number() });

/** POST /api/events/validate-event-content: the content fits its schema (else 400). */
export const validEventReply = z.object({ valid: z.literal(true) });

const keyCount = z.object({ key: z.string(), count: z.number() });
const periodTotals = z.object({
  visits: z.number(),
  visitors: z.number(),
  pageviews: z.number(),
  /** Sum of the Purchase values: subtotals / 100 (spec §9), in the store currency. */
  revenue: z.number(),
  funnel: z.array(z.object({ step: z.string(), count: z.number() })),
});
const VITAL_BANDS = ['good', 'needs-improvement', 'poor'] as const satisfies readonly VitalBand[];

/** GET and PATCH /api/config/analytics/settings. */
export const analyticsSettingsReply = z.object({
  censusDisabled: z.boolean(),
  cookieConsent: z.enum(COOKIE_CONSENT_MODES),
  /** Purchases of test-mode orders count in the funnel and revenue. */
  testPurchases: z.boolean(),
});
export type AnalyticsSettings = z.output<typeof analyticsSettingsReply>;

/** GET /api/config/analytics: the range's figures, the previous period's, and the settings. */
export const dashboardReply = z.object({
  /** Days since 1970-01-01 on the store's calendar (its time zone). */
  range: z.object({ from: z.number(), to: z.number() }),
  totals: periodTotals,
  previous: periodTotals,
  series: z.array(z.object({ day: z.number(), pageviews: z.number(), visits: z.number() })),
  topPages: z.array(keyCount),
  referrers: z.array(keyCount),
  devices: z.array(keyCount),
  vitals: z.array(
    z.object({
      name: z.enum(VITAL_NAMES as [VitalName, ...VitalName[]]),
      path: z.string(),
      p75: z.number(),
      band: z.enum(VITAL_BANDS),
      samples: z.number(),
    }),
  ),
  errors: z.array(keyCount),
  cartErrors: z.array(keyCount),
  /** Visits by ISO country code; XX when no proxy said where from. */
  countries: z.array(keyCount),
  settings: analyticsSettingsReply,
});
export type AnalyticsReport = z.output<typeof dashboardReply>;

/** PATCH /api/config/analytics/settings. */
export const analyticsSettingsBody = z.strictObject({
  censusDisabled: z.boolean().optional(),
  cookieConsent: z.enum(['off', 'banner']).optional(),
  testPurchases: z.boolean().optional(),
});

/** An id field: an empty text clears it (null), as the form shows it; stray spaces are dropped. */
const pixelId = (re: RegExp, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v),
    z.string(message).regex(re, message).nullable().optional(),
  );

/** PATCH /api/config/analytics/pixels: only the ids given change; null or '' removes one. */
export const pixelSettingsBody = z.strictObject({
  metaPixelId: pixelId(META_PIXEL_ID_RE, PIXEL_MESSAGES.meta),
  googleTagId: pixelId(GOOGLE_TAG_ID_RE, PIXEL_MESSAGES.google),
});
export type PixelSettingsBody = z.output<typeof pixelSettingsBody>;

/** GET and PATCH /api/config/analytics/pixels: the ids set, null where none. */
export const pixelSettingsReply = z.object({
  metaPixelId: z.string().nullable(),
  googleTagId: z.string().nullable(),
});

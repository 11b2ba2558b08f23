import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** More proxies than this in front of one store is a misconfiguration, not a deployment. */
const MAX_PROXY_HOPS = 10;
/** The session secret signs crumbs; shorter than this it could be guessed offline. */
export const MIN_SESSION_SECRET_LENGTH = 32;
/** proxy-addr's names for the private ranges a proxy usually sits in. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** How far X-Forwarded-For is believed: not at all, a number of hops, or these proxy addresses. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_HELP =
  'must be a hop count (1 to 10) or a comma list of proxy addresses or CIDRs such as 10.0.0.1,192.168.0.0/16 (`true` is refused: it would let any client choose its address)';

const trustProxyValue = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= MAX_PROXY_HOPS) return { hops };
  } else {
    const entries = text.split(',').map((e) => e.trim());
    if (entries.every(isProxyAddress)) return { addresses: entries };
  }
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HELP });
  return z.NEVER;
});

/** Environment → typed config, validated once at start so a bad setting fails loudly. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(
      /^(postgres(ql)?:\/\/|sqlite:|file:)/,
      'must be a postgres:// URL, or sqlite:/file: followed by a path',
    )
    .optional(),
  /** Mutating commerce calls allowed per IP and route group in each window; 0 turns the limit off. */
  RATE_LIMIT_REQUESTS: z.coerce.number().int().min(0).optional(),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(100).optional(),
  /** Shared rate-limit counts for several instances, e.g. redis://127.0.0.1:6379; unset: in process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@127.0.0.1:2525; unset: mail is written to DATA_DIR/outbox-mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** Where shoppers reach the store, e.g. https://shop.example.com: emails link to orders, downloads and the shop. */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+(\/\S*)?$/, 'must be an http:// or https:// URL')
    .optional(),
  /** Sender of transactional mail, e.g. "Juniper & Oak <orders@example.com>". */
  MAIL_FROM: z.string().min(3).optional(),
  /** The built-in test payment provider answers after this many ms, like a real processor (benchmarks, demos). */
  TEST_PAYMENT_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Proxies whose X-Forwarded-For/-Proto are believed; unset: none, the socket's address is the client. */
  TRUST_PROXY: trustProxyValue.optional(),
  /** Signs crumbs; unset outside production, one is generated and kept in DATA_DIR/secret. */
  SESSION_SECRET: z
    .string()
    .min(MIN_SESSION_SECRET_LENGTH, `must be at least ${MIN_SESSION_SECRET_LENGTH} characters`)
    .optional(),
  /** The captcha of site forms: altcha (self-hosted proof of work) or recaptcha. */
  CAPTCHA: z.enum(['altcha', 'recaptcha']).default('altcha'),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** Where reCAPTCHA tokens are verified (Google's siteverify unless set). */
  RECAPTCHA_VERIFY_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http:// or https:// URL')
    .optional(),
  /** Lowest reCAPTCHA score let through, 0 to 1. */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
});

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string; schema?: string };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Overrides of the rate limiter's defaults (src/platform/rate-limit.ts). */
  rateLimit: { requests?: number; windowMs?: number; redisUrl?: string };
  /** REDIS_URL: shared rate limits and owner sessions for several instances. */
  redisUrl?: string;
  trustProxy: TrustProxy;
  /** SESSION_SECRET; unset, the app keeps a generated one in DATA_DIR/secret. */
  sessionSecret?: string;
  smtpUrl?: string;
  mailFrom?: string;
  /** PUBLIC_URL without a trailing slash; unset, emails carry no links. */
  publicUrl?: string;
  testPaymentLatencyMs: number;
  /** The site forms' captcha: the built-in proof of work, or reCAPTCHA with its keys. */
  captcha:
    | { kind: 'altcha' }
    | { kind: 'recaptcha'; siteKey: string; secretKey: string; verifyUrl?: string; minScore?: number };
}

/** Spec §8: the error when the enterprise captcha is chosen without its site key. */
export const RECAPTCHA_SITE_KEY_MISSING = 'Enterprise V3 ReCaptcha site key not found';

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // An empty variable means "not set", as a shell's `VAR=` does.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError(
      `Invalid configuration:\n  SESSION_SECRET: required when NODE_ENV=production (a random text of at least ${MIN_SESSION_SECRET_LENGTH} characters, the same on every instance)`,
    );
  }
  if (e.CAPTCHA === 'recaptcha' && (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY)) {
    const missing = e.RECAPTCHA_SITE_KEY
      ? '  RECAPTCHA_SECRET_KEY: required when CAPTCHA=recaptcha'
      : `  RECAPTCHA_SITE_KEY: ${RECAPTCHA_SITE_KEY_MISSING}`;
    throw new ConfigError(`Invalid configuration:\n${missing}`);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseFromUrl(e.DATABASE_URL, dataDir),
    logLevel: e.LOG_LEVEL,
    rateLimit: { requests: e.RATE_LIMIT_REQUESTS, windowMs: e.RATE_LIMIT_WINDOW_MS, redisUrl: e.REDIS_URL },
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY ?? false,
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    testPaymentLatencyMs: e.TEST_PAYMENT_LATENCY_MS,
    captcha:
      e.CAPTCHA === 'recaptcha'
        ? {
            kind: 'recaptcha',
            siteKey: e.RECAPTCHA_SITE_KEY!,
            secretKey: e.RECAPTCHA_SECRET_KEY!,
            verifyUrl: e.RECAPTCHA_VERIFY_URL,
            minScore: e.RECAPTCHA_MIN_SCORE,
          }
        : { kind: 'altcha' },
  };
}

export function databaseFromUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'storefront.db') };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  return { kind: 'sqlite', file: path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, '')) };
}

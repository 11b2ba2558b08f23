import path from 'node:path';
import { z } from 'zod';

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
  /** Secure cookies only when served over HTTPS in production. */
  secureCookies: boolean;
  smtpUrl?: string;
  mailFrom?: string;
  /** PUBLIC_URL without a trailing slash; unset, emails carry no links. */
  publicUrl?: string;
}

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
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseFromUrl(e.DATABASE_URL, dataDir),
    logLevel: e.LOG_LEVEL,
    rateLimit: { requests: e.RATE_LIMIT_REQUESTS, windowMs: e.RATE_LIMIT_WINDOW_MS, redisUrl: e.REDIS_URL },
    redisUrl: e.REDIS_URL,
    secureCookies: e.NODE_ENV === 'production',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

export function databaseFromUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: path.join(dataDir, 'storefront.db') };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  return { kind: 'sqlite', file: path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, '')) };
}

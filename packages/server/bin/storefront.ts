#!/usr/bin/env -S npx tsx --conditions=storefront-source
import fs from 'node:fs';
import path from 'node:path';
import { type BuildOptions, buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { migrate, openDatabase } from '../src/db/index.js';
import { importCatalog, isEmpty, seedDemoStore } from '../src/modules/catalog/import.js';
import { startReservationSweeper } from '../src/modules/checkout/sweeper.js';
import { seedDemoContent } from '../src/modules/content/import.js';
import { importWxr } from '../src/modules/content/wxr.js';
import { FIRST_ADMIN_HINT, USER_ADD_USAGE, userAdd } from '../src/modules/contributors/cli.js';
import { hasContributors } from '../src/modules/contributors/service.js';
import { startConfiguredOutboxWorker } from '../src/modules/email/worker.js';
import { seedDemoNewsletter } from '../src/modules/newsletter/service.js';
import { sendWaitlistsBackInStock } from '../src/modules/owner-restock/service.js';
import { seedDemoReviews } from '../src/modules/reviews/import.js';
import { loadSite, sitePublicUrl } from '../src/modules/site/service.js';
import { startConfiguredRenewalWorker } from '../src/modules/subscriptions/renewals.js';
import { systemClock } from '../src/platform/clock.js';
import { ownerBaseUrl } from '../src/platform/owner-auth.js';
import { prettyLogStream } from '../src/platform/pretty-log.js';

const USAGE = `Usage: storefront <command>

Commands:
  start            migrate, seed the demo store into an empty database, and serve
  theme dev DIR    serve the store (as start does) with the templates of the theme folder DIR
                   (the layout of packages/theme-default); open pages reload when a file is saved,
                   and a file with errors shows them with file, line and column instead of the page
  migrate          run pending database migrations
  seed --demo      import the demo store
  import FILE.json import a catalog (docs/import-format.md); a bad file imports nothing
  import-wxr FILE.xml
                   import pages, posts, categories, tags and comments from a WordPress/Squarespace export;
                   items imported before are left as they are; a bad file imports nothing; lists what it leaves out
  user add EMAIL --role ROLE [--name NAME]
                   add a contributor of the owner's area (/config); ROLE by number or name (admin, store manager …);
                   the password is read from standard input when piped, otherwise a one-time set-password link is printed

Environment: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (postgres://… for PostgreSQL; SQLite in DATA_DIR otherwise), SMTP_URL (smtp://…; unset: mail is written to DATA_DIR/outbox-mail), MAIL_FROM, PUBLIC_URL, REDIS_URL, TRUST_PROXY (none; a hop count or proxy addresses), SESSION_SECRET (required in production; else kept in DATA_DIR/secret), TEST_PAYMENT_LATENCY_MS (0), LOG_LEVEL (info).`;

/** Standard input when it is piped (not a terminal): the password, without the line break that ends it. */
async function pipedPassword(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const password = text.replace(/\r?\n$/, '');
  return password.length > 0 ? password : undefined;
}

/** Long enough for in-flight requests to finish on SIGTERM, short enough for an orchestrator's grace period. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function withDatabase<T>(fn: (database: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrate(database);
    return await fn(database);
  } finally {
    await database.close();
  }
}

function printImportErrors(errors: { path: string; message: string }[]): void {
  console.error(`Import failed; nothing was imported. ${errors.length} error(s):`);
  for (const e of errors) console.error(`  ${e.path || '(file)'}: ${e.message}`);
}

async function start(options: BuildOptions = {}): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  const applied = await migrate(database);
  if (applied.length > 0) console.log(`Migrated: ${applied.join(', ')}`);
  if (await isEmpty(database)) {
    const counts = await seedDemoStore(database);
    const content = await seedDemoContent(database);
    await seedDemoNewsletter(database);
    await seedDemoReviews(database);
    console.log(`Empty database: seeded the demo store (${JSON.stringify({ ...counts, content })}).`);
  }
  if (!(await hasContributors({ db: database.db, clock: systemClock }))) console.log(FIRST_ADMIN_HINT);
  // A person at a terminal reads short lines; anything else (a service manager, a log shipper) gets JSON.
  const terminal = process.stdout.isTTY === true;
  const app = await buildApp(config, {
    ...options,
    database,
    ...(terminal ? { logStream: prettyLogStream(process.stdout) } : {}),
  });
  const outbox = startConfiguredOutboxWorker(config, database, app.log);
  const renewals = startConfiguredRenewalWorker(database, app.log);
  const reservations = startReservationSweeper(database, app.log);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests and closing');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    Promise.all([outbox.stop(), renewals.stop(), reservations.stop()])
      .then(() => app.close())
      .then(() => database.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  if (terminal) console.log(banner(config, options.theme?.dir));
}

/** The files `storefront theme dev` needs in a theme folder: the site region and the blocks folder. */
const THEME_LAYOUT = ['site.region', 'blocks'];

const THEME_DEV_USAGE = 'Usage: storefront theme dev DIR';

/** What a newcomer needs after `npm start`: where the store is, where the owner's area is, how to stop. */
function banner(config: ReturnType<typeof loadConfig>, themeDir?: string): string {
  const host = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host;
  const url = `http://${host}:${config.port}`;
  const database = config.database.kind === 'sqlite' ? `SQLite, ${config.database.file}` : 'PostgreSQL';
  return [
    '',
    `  Storefront is running: open ${url}`,
    `  Owner's area:          ${url}/config`,
    `  Database:              ${database}`,
    ...(themeDir ? [`  Theme (reloads on save): ${themeDir}`] : []),
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'start':
      await start();
      return 0;
    case 'theme': {
      const dir = rest[1];
      if (rest[0] !== 'dev' || !dir) {
        console.error(THEME_DEV_USAGE);
        return 2;
      }
      const missing = THEME_LAYOUT.filter((file) => !fs.existsSync(path.join(dir, file)));
      if (missing.length > 0) {
        console.error(`${dir} is not a theme folder: it has no ${missing.join(', ')}.`);
        return 2;
      }
      await start({ theme: { dir: path.resolve(dir), dev: true } });
      return 0;
    }
    case 'migrate': {
      const applied = await withDatabase((db) => migrate(db));
      console.log(applied.length ? `Migrated: ${applied.join(', ')}` : 'Nothing to migrate.');
      return 0;
    }
    case 'seed': {
      if (rest[0] !== '--demo') {
        console.error('Usage: storefront seed --demo');
        return 2;
      }
      const counts = await withDatabase(async (db) => {
        const seeded = { ...(await seedDemoStore(db)), content: await seedDemoContent(db) };
        await seedDemoNewsletter(db);
        await seedDemoReviews(db);
        return seeded;
      });
      console.log(`Seeded the demo store: ${JSON.stringify(counts)}`);
      return 0;
    }
    case 'import': {
      const file = rest[0];
      if (!file) {
        console.error('Usage: storefront import FILE.json');
        return 2;
      }
      let input: unknown;
      try {
        input = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch (err) {
        console.error(`Cannot read ${file}: ${(err as Error).message}`);
        return 1;
      }
      const config = loadConfig();
      const outcome = await withDatabase(async (db) => {
        const imported = await importCatalog(db, input);
        // Stock the import brought back mails the waiting shoppers when the store sends waitlists by itself.
        const site = imported.ok ? await loadSite(db.db) : null;
        const mailed = site
          ? await sendWaitlistsBackInStock(
              { db: db.db, websiteId: site.website.id, clock: systemClock, site },
              sitePublicUrl(site, config.publicUrl) ?? ownerBaseUrl(config),
            )
          : 0;
        return { imported, mailed };
      });
      const result = outcome.imported;
      if (!result.ok) {
        printImportErrors(result.errors);
        return 1;
      }
      console.log(`Imported ${file}: ${JSON.stringify(result.counts)}`);
      if (outcome.mailed > 0) console.log(`Queued ${outcome.mailed} back-in-stock email(s).`);
      return 0;
    }
    case 'import-wxr': {
      const file = rest[0];
      if (!file) {
        console.error('Usage: storefront import-wxr FILE.xml');
        return 2;
      }
      let xml: string;
      try {
        xml = fs.readFileSync(file, 'utf8');
      } catch (err) {
        console.error(`Cannot read ${file}: ${(err as Error).message}`);
        return 1;
      }
      const result = await withDatabase(async (db) => {
        const site = await loadSite(db.db);
        if (!site) return null;
        return importWxr({ db: db.db, websiteId: site.website.id, clock: systemClock }, xml);
      });
      if (!result) {
        console.error(
          'This store has no site yet. Run `storefront seed --demo` or `storefront import FILE.json` first.',
        );
        return 1;
      }
      if (!result.ok) {
        console.error(`Import failed; nothing was imported. ${result.errors.length} error(s):`);
        for (const e of result.errors) console.error(`  ${e.place}: ${e.message}`);
        return 1;
      }
      console.log(`Imported ${file}: ${JSON.stringify(result.counts)}`);
      if (result.leftOut.length > 0) {
        // One line per reason, with every place it applies to, so nothing is dropped silently.
        const byReason = new Map<string, string[]>();
        for (const l of result.leftOut) byReason.set(l.what, [...(byReason.get(l.what) ?? []), l.place]);
        console.log(`Left out ${result.leftOut.length} part(s) of the export:`);
        for (const [what, places] of byReason) console.log(`  ${what}: ${places.join(', ')}`);
      }
      return 0;
    }
    case 'user': {
      if (rest[0] !== 'add') {
        console.error(USER_ADD_USAGE);
        return 2;
      }
      const config = loadConfig();
      const password = await pipedPassword();
      const result = await withDatabase((database) =>
        userAdd({ db: database.db, clock: systemClock }, config, rest.slice(1), password),
      );
      for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
      return result.code;
    }
    default:
      console.log(USAGE);
      return command === undefined || command === '--help' || command === 'help' ? 0 : 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0 || !['start', 'theme'].includes(process.argv[2])) process.exitCode = code;
  },
  (err) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);

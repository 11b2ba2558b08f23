import fs from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../platform/html.js';
import type { AppServices } from '../services.js';
import type { ThemeProblem } from './theme.js';

/** Where a page in `storefront theme dev` listens for the theme folder's changes (server-sent events). */
export const THEME_EVENTS_PATH = '/api/theme-dev/events';
/** Saves come in bursts (an editor writes, renames, touches): one reload after the burst settles. */
export const THEME_RELOAD_DEBOUNCE_MS = 100;
/** A comment line now and then keeps proxies from closing an idle event stream. */
const KEEPALIVE_MS = 25_000;

/** Reloads the page when the theme folder changes; only dev pages carry it, under the page's CSP nonce. */
function reloadScript(nonce: string): string {
  return `<script nonce="${nonce}">new EventSource(${JSON.stringify(THEME_EVENTS_PATH)}).addEventListener('theme',()=>location.reload())</script>`;
}

/** What a page shows instead of itself while a theme file has engine errors (in the theme's own styles). */
export function problemsOverlay(problems: readonly ThemeProblem[], nonce: string): string {
  const items = problems
    .map(
      (p) =>
        `<li><code>${escapeHtml(`${p.file}:${p.line}:${p.column}`)}</code> ${escapeHtml(p.message)}</li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Theme errors</title><link rel="stylesheet" href="/theme/site.css"></head><body><main id="theme-errors" class="site-main" role="alert"><h1>The theme has errors</h1><p>Fix them and save: this page reloads.</p><ul>${items}</ul></main>${reloadScript(nonce)}</body></html>`;
}

const isPage = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/html');

/**
 * `storefront theme dev DIR`: watches the theme folder, reloads it after a save (debounced) and
 * tells every open page to reload; pages carry the small script that listens, and while a file
 * has engine errors every page is replaced by the list of them with file, line and column.
 * Registered before compression so it sees the pages' text. Never part of a production server.
 */
export function themeDev(app: FastifyInstance, services: AppServices, dir: string): void {
  const listeners = new Set<FastifyReply>();
  let timer: NodeJS.Timeout | null = null;
  const reload = () => {
    timer = null;
    try {
      services.theme.reload();
    } catch (err) {
      // A file half-written or removed mid-save: the next save reloads again.
      app.log.warn({ err }, 'theme folder could not be read');
      return;
    }
    // Pages kept by the page cache were drawn with the files before the save.
    services.database.pageVersion.committed([]);
    for (const reply of listeners) reply.raw.write('event: theme\ndata: \n\n');
  };
  const watcher = fs.watch(dir, { recursive: true }, () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(reload, THEME_RELOAD_DEBOUNCE_MS);
  });
  app.addHook('onClose', async () => {
    watcher.close();
    if (timer) clearTimeout(timer);
    for (const reply of listeners) reply.raw.end();
  });

  app.get(THEME_EVENTS_PATH, (request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    reply.raw.write(': theme dev\n\n');
    listeners.add(reply);
    const keepalive = setInterval(() => reply.raw.write(': keepalive\n\n'), KEEPALIVE_MS);
    request.raw.on('close', () => {
      clearInterval(keepalive);
      listeners.delete(reply);
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || !isPage(reply)) return payload;
    const problems = services.theme.problems();
    if (problems.length > 0) {
      reply.status(500);
      return problemsOverlay(problems, reply.cspNonce);
    }
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const html = payload.toString();
    const end = html.lastIndexOf('</body>');
    const script = reloadScript(reply.cspNonce);
    return end < 0 ? html + script : html.slice(0, end) + script + html.slice(end);
  });
}

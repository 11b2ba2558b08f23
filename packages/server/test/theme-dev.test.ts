import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_DIR } from '../src/render/theme.js';
import { THEME_EVENTS_PATH } from '../src/render/theme-dev.js';
import { createTestApp } from './support/app.js';
import { killProcess, type ServerProcess, spawnServer } from './support/process.js';

/** How long a save may take to reach the page (debounce, reload, a loaded machine). */
const RELOAD_WAIT_MS = 20_000;

/** Reads a server-sent event stream until an event of `name` arrives. */
async function nextEvent(stream: ReadableStreamDefaultReader<Uint8Array>, name: string): Promise<void> {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + RELOAD_WAIT_MS;
  while (!text.includes(`event: ${name}\n`)) {
    if (Date.now() > deadline) throw new Error(`no ${name} event; stream so far: ${text}`);
    const { value, done } = await stream.read();
    if (done) throw new Error(`stream ended before a ${name} event: ${text}`);
    text += decoder.decode(value);
  }
}

describe('storefront theme dev DIR (the process)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-theme-dev-'));
  const themeDir = path.join(root, 'theme');
  let server: ServerProcess;

  beforeAll(async () => {
    fs.cpSync(DEFAULT_THEME_DIR, themeDir, { recursive: true });
    server = await spawnServer({ DATA_DIR: path.join(root, 'data'), DATABASE_URL: '' }, [
      'theme',
      'dev',
      themeDir,
    ]);
  }, 90_000);
  afterAll(async () => {
    if (server) await killProcess(server.child, 'SIGTERM');
    fs.rmSync(root, { recursive: true, force: true });
  });

  const events = async () => {
    const res = await fetch(server.url + THEME_EVENTS_PATH);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    return res.body!.getReader();
  };
  const edit = (file: string, change: (source: string) => string) => {
    const full = path.join(themeDir, file);
    fs.writeFileSync(full, change(fs.readFileSync(full, 'utf8')));
  };

  it('serves the demo store from the folder with the reload script under the page nonce', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">new EventSource("${THEME_EVENTS_PATH}")`);
    expect(html.indexOf(THEME_EVENTS_PATH)).toBeLessThan(html.lastIndexOf('</body>'));
  });

  it('shows a saved template in the next response, after telling open pages to reload', async () => {
    const stream = await events();
    edit('site.region', (s) => s.replace('<main id="main"', '<main data-saved="first" id="main"'));
    await nextEvent(stream, 'theme');
    await stream.cancel();
    expect(await (await fetch(`${server.url}/`)).text()).toContain('data-saved="first"');
  });

  it('shows a template with engine errors as an overlay with file, line and column', async () => {
    const stream = await events();
    // Its own blocks are balanced: the section opened first is the one left unclosed.
    edit('collections/products.list', (s) => `line one\n  {.section nothing}${s}`);
    await nextEvent(stream, 'theme');
    const broken = await fetch(`${server.url}/cart`);
    expect(broken.status).toBe(500);
    const html = await broken.text();
    expect(html).toContain('id="theme-errors"');
    expect(html).toContain('<code>collections/products.list:2:3</code> Reached EOF in the middle of SECTION');
    expect(html).toContain(THEME_EVENTS_PATH);

    edit('collections/products.list', () =>
      fs.readFileSync(path.join(DEFAULT_THEME_DIR, 'collections/products.list'), 'utf8'),
    );
    await nextEvent(stream, 'theme');
    await stream.cancel();
    const fixed = await fetch(`${server.url}/cart`);
    expect(fixed.status).toBe(200);
    expect(await fixed.text()).not.toContain('theme-errors');
  });
});

describe('a production server', () => {
  it('carries no theme dev script and has no event stream', async () => {
    const t = await createTestApp('sqlite');
    try {
      const page = await t.app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('EventSource');
      expect((await t.app.inject({ method: 'GET', url: THEME_EVENTS_PATH })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

// @vitest-environment node
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISLANDS } from '../src/islands';

/** Issue 11's budget: the JavaScript a product page loads ≤ 80 KB gzipped in total. */
const PRODUCT_PAGE_JS_BUDGET_BYTES = 80 * 1024;

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
let outDir = '';
let manifest: Manifest;

/** Gzipped as the server sends it (scripts/precompress.mjs). */
async function gzippedSize(file: string): Promise<number> {
  return gzipSync(await readFile(join(outDir, file)), { level: 9 }).length;
}

/** The entry and every chunk it imports statically: what a page without a cart island loads. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, seen);
  return seen;
}

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'sf-web-build-'));
  await build({
    root: packageRoot,
    configFile: join(packageRoot, 'vite.config.ts'),
    logLevel: 'silent',
    mode: 'production',
    // Vitest sets NODE_ENV=test, which would otherwise build React's development code.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir },
  });
  manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}, 60_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('production build', () => {
  it('has the src/main.tsx entry with its stylesheet under assets/', () => {
    const entry = manifest['src/main.tsx'];
    expect(entry.isEntry).toBe(true);
    expect(entry.file).toMatch(/^assets\/.+\.js$/);
    expect(entry.css?.[0]).toMatch(/^assets\/.+\.css$/);
  });

  it('splits the cart page off the entry', () => {
    const closure = staticClosure('src/main.tsx');
    expect(manifest['src/main.tsx'].dynamicImports).toContain('src/islands/CartPage.tsx');
    expect(closure.has('src/islands/CartPage.tsx')).toBe(false);
  });

  it('leaves the owner’s area out of every islands chunk', async () => {
    const files = Object.values(manifest).map((chunk) => chunk.file);
    expect(files.some((f) => f.includes('config'))).toBe(false);
    for (const key of staticClosure('src/main.tsx')) {
      const code = await readFile(join(outDir, manifest[key].file), 'utf8');
      // A string only the router carries in production builds.
      expect(code).not.toContain('useNavigate() may be used only in the context of a <Router>');
    }
  });

  it('keeps a product page within the JS budget', async () => {
    // What every product page loads: the entry with its islands, and the analytics script it
    // fetches next. The installments and restock islands load at the shopper's first intent,
    // overlays when opened, the error reporter at a first error: none of them at load.
    expect(ISLANDS.Installments.onIntent && ISLANDS.RestockForm.onIntent).toBe(true);
    const analytics = manifest['src/main.tsx'].dynamicImports?.find((key) => /analytics/.test(key));
    expect(analytics).toBeDefined();
    const loaded = staticClosure(analytics ?? '', staticClosure('src/main.tsx'));
    let total = 0;
    for (const key of loaded) total += await gzippedSize(manifest[key].file);
    console.log(`product page JS: ${total} B gzipped of ${PRODUCT_PAGE_JS_BUDGET_BYTES} B`);
    expect(total).toBeLessThanOrEqual(PRODUCT_PAGE_JS_BUDGET_BYTES);
  });
});

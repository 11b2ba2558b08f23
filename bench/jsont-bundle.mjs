/**
 * How the JSON-T browser bundle is built and weighed, shared by bench/jsont-bundle-size.mjs and
 * packages/jsont/test/bundle-size.test.ts so the figure and the guard cannot drift apart.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Issue budget: the engine with all plugins is at most 30 KB gzipped. */
export const BUDGET_BYTES = 30 * 1024;

/** The engine's source folder; its index.ts is the entry with every plugin. */
export const JSONT_SRC = fileURLToPath(new URL('../packages/jsont/src/', import.meta.url));

export const gzip = (code) => gzipSync(code, { level: 9 }).length;

/**
 * The engine as a browser app imports it: esbuild resolves the package with the browser
 * condition of its package.json "exports" (src/browser.ts: every plugin, no generated-code tier;
 * the "storefront-source" condition weighs the sources rather than a possibly stale dist/).
 */
export const JSONT_PACKAGE = '@storefront/jsont';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles one entry for the browser (esbuild, minified, ESM) and weighs it gzipped. The entry is
 * a file path, or a package name bundled as `export * from '<name>'`.
 */
export async function bundle(entry) {
  const input = entry.startsWith('/')
    ? { entryPoints: [entry] }
    : { stdin: { contents: `export * from '${entry}';`, resolveDir: ROOT, sourcefile: 'entry.js' } };
  const result = await build({
    ...input,
    // Paths in the metafile and source map are relative to the repository, wherever this runs from.
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['storefront-source'],
    write: false,
    metafile: true,
    sourcemap: 'external',
    outdir: 'out',
    logLevel: 'error',
  });
  const js = result.outputFiles.find((f) => f.path.endsWith('.js'));
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
  const code = js.contents;
  return { code, text: js.text, map: JSON.parse(map.text), gzip: gzip(code), metafile: result.metafile };
}

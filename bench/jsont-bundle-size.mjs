/**
 * Browser bundle size of the JSON-T engine with every plugin (esbuild, minified, ESM, browser),
 * gzipped. Prints the total, each folder's minified share of it, and each plugin bundled alone;
 * exits 1 when the total is above the budget. Run: node bench/jsont-bundle-size.mjs
 */
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Issue budget: the engine with all plugins is at most 30 KB gzipped. */
const BUDGET_BYTES = 30 * 1024;

const src = fileURLToPath(new URL('../packages/jsont/src/', import.meta.url));

async function bundle(options) {
  const result = await build({
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'error',
    ...options,
  });
  const code = result.outputFiles[0].contents;
  return { code, gzip: gzipSync(code, { level: 9 }).length, metafile: result.metafile };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const full = await bundle({ entryPoints: [`${src}index.ts`] });
console.log(
  `engine + all plugins: ${kb(full.code.length)} minified, ${kb(full.gzip)} gzipped (budget ${kb(BUDGET_BYTES)})`,
);

// Minified bytes each folder contributes to the full bundle.
const shares = new Map();
for (const out of Object.values(full.metafile.outputs)) {
  for (const [file, { bytesInOutput }] of Object.entries(out.inputs)) {
    const m = /packages\/jsont\/src\/plugins\/([^/]+)\//.exec(file);
    const key = m
      ? `plugins/${m[1]}`
      : file.includes('packages/jsont/src/')
        ? 'engine core'
        : file.replace(/\/[^/]*$/, '');
    shares.set(key, (shares.get(key) ?? 0) + bytesInOutput);
  }
}
console.log('\nminified share of the full bundle:');
for (const [k, v] of [...shares].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(28)} ${kb(v)}`);

// Each plugin alone (with the helpers it imports), gzipped.
console.log('\neach plugin bundled alone, gzipped:');
for (const name of readdirSync(`${src}plugins`, { withFileTypes: true })) {
  if (!name.isDirectory()) continue;
  const alone = await bundle({ entryPoints: [`${src}plugins/${name.name}/index.ts`] });
  console.log(`  plugins/${name.name.padEnd(20)} ${kb(alone.gzip)}`);
}

if (full.gzip > BUDGET_BYTES) {
  console.error(`\nover budget by ${kb(full.gzip - BUDGET_BYTES)}`);
  process.exit(1);
}

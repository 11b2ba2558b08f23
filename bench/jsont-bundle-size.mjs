/**
 * Browser bundle size of the JSON-T engine with every plugin (esbuild, minified, ESM, browser),
 * gzipped. Prints the total, each folder's minified share of it and its gzipped cost, and each
 * plugin bundled alone; exits 1 when the total is above the budget. `--files` adds each source
 * file's gzipped cost in bytes.
 * Run: node bench/jsont-bundle-size.mjs [--files]
 */
import { readdirSync } from 'node:fs';
import { BUDGET_BYTES, bundle, gzip, JSONT_PACKAGE, JSONT_SRC as src } from './jsont-bundle.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one source-map segment (base64 VLQ numbers). */
function segment(s) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of s) {
    const digit = BASE64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** For each character of the output, the index of the source it came from (-1: none). */
function sourceOfEachChar(text, map) {
  const owner = [];
  const mapLines = map.mappings.split(';');
  let source = 0;
  text.split('\n').forEach((line, i) => {
    const own = new Array(line.length).fill(-1);
    let column = 0;
    const starts = [];
    for (const seg of (mapLines[i] ?? '').split(',').filter(Boolean)) {
      const v = segment(seg);
      column += v[0];
      if (v.length > 1) source += v[1];
      starts.push([column, v.length > 1 ? source : -1]);
    }
    starts.forEach(([from, src], k) => {
      const to = k + 1 < starts.length ? starts[k + 1][0] : line.length;
      own.fill(src, from, to);
    });
    owner.push(...own, -1);
  });
  return owner;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const full = await bundle(JSONT_PACKAGE);
console.log(
  `engine + all plugins: ${kb(full.code.length)} minified, ${kb(full.gzip)} gzipped = ${full.gzip} B (budget ${kb(BUDGET_BYTES)} = ${BUDGET_BYTES} B)`,
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

/*
 * Gzipped cost of each folder: how much smaller the gzipped bundle is without the characters the
 * source map attributes to it. Gzip shares repeated text, so these do not add up to the total;
 * they say what removing a folder's unique content would save, which the minified share does not
 * (a table rewritten more compactly shrinks minified but rarely gzipped).
 */
const owner = sourceOfEachChar(full.text, full.map);
const folderOf = (source) => {
  const m = /packages\/jsont\/src\/plugins\/([^/]+)\//.exec(source);
  return m
    ? `plugins/${m[1]}`
    : source.includes('packages/jsont/src/')
      ? 'engine core'
      : source.replace(/\/[^/]*$/, '').replace(/^(\.\.\/)+/, '');
};
/** Gzipped cost of each group of sources: the gzipped bundle minus the bundle without the group's characters. */
function gzipCosts(groupOf) {
  const groups = full.map.sources.map(groupOf);
  return [...new Set(groups)]
    .map((group) => {
      let rest = '';
      for (let i = 0; i < full.text.length; i++) if (groups[owner[i]] !== group) rest += full.text[i];
      return [group, full.gzip - gzip(rest)];
    })
    .sort((a, b) => b[1] - a[1]);
}
console.log('\ngzipped cost of each folder (bundle without it):');
for (const [k, v] of gzipCosts(folderOf)) console.log(`  ${k.padEnd(28)} ${kb(v)}`);
if (process.argv.includes('--files')) {
  console.log('\ngzipped cost of each file (bundle without it), in bytes:');
  const fileOf = (source) => source.replace(/^(\.\.\/)+/, '').replace(/^packages\//, '');
  for (const [k, v] of gzipCosts(fileOf)) console.log(`  ${k.padEnd(44)} ${String(v).padStart(5)}`);
}

// Each plugin alone (with the helpers it imports), gzipped.
console.log('\neach plugin bundled alone, gzipped:');
for (const name of readdirSync(`${src}plugins`, { withFileTypes: true })) {
  if (!name.isDirectory()) continue;
  const alone = await bundle(`${src}plugins/${name.name}/index.ts`);
  console.log(`  plugins/${name.name.padEnd(20)} ${kb(alone.gzip)}`);
}

if (full.gzip > BUDGET_BYTES) {
  console.error(`\nover budget by ${kb(full.gzip - BUDGET_BYTES)}`);
  process.exit(1);
}

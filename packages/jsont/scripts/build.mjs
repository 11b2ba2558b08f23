#!/usr/bin/env node
/**
 * Builds the installable package into dist/: plain ESM JavaScript for Node (dist/index.js, with
 * the generated-code tier), browsers (dist/browser.js, closures only), the JSON reader, the plugin
 * types and the CLI (dist/bin/jsont.js, run by plain `node`), plus type declarations in
 * dist/types/. @storefront/commerce (the shop rules the commerce plugin adapts to) is bundled in,
 * so the published package has no dependencies.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const PKG = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(PKG, 'dist');
rmSync(DIST, { recursive: true, force: true });

await build({
  absWorkingDir: PKG,
  entryPoints: {
    index: 'src/index.ts',
    browser: 'src/browser.ts',
    json: 'src/json.ts',
    plugin: 'src/plugin.ts',
    'bin/jsont': 'bin/jsont.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Entries share one copy of the engine; the browser entry's chunks never include codegen.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  format: 'esm',
  platform: 'neutral',
  mainFields: ['module', 'main'],
  // Node built-ins are used by the CLI only.
  external: ['node:*'],
  target: 'es2022',
  logLevel: 'warning',
});

// The source CLI runs through tsx; the built one runs under plain node.
const cli = join(DIST, 'bin/jsont.js');
const text = readFileSync(cli, 'utf8').replace(/^#!.*\n/, '');
writeFileSync(cli, `#!/usr/bin/env node\n${text}`);
chmodSync(cli, 0o755);

const TSC = resolve(PKG, '../../node_modules/typescript/bin/tsc');
execFileSync(process.execPath, [TSC, '-p', join(PKG, 'tsconfig.build.json')], { stdio: 'inherit' });

/*
 * Keep only the declarations the entries reach: the rest describe internals (some name
 * @storefront/commerce types, which the published package does not carry).
 */
const TYPES = join(DIST, 'types');
const reached = new Set();
const visit = (file) => {
  if (reached.has(file) || !existsSync(file)) return;
  reached.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)) {
    const spec = m[1];
    if (!spec.startsWith('.'))
      throw new Error(`${relative(PKG, file)} imports '${spec}': published types must be self-contained`);
    visit(resolve(dirname(file), spec.replace(/\.js$/, '.d.ts')));
  }
};
for (const entry of ['index', 'browser', 'json', 'plugin']) visit(join(TYPES, `${entry}.d.ts`));
const prune = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      prune(p);
      if (readdirSync(p).length === 0) rmSync(p, { recursive: true });
    } else if (!reached.has(p)) rmSync(p);
  }
};
prune(TYPES);
console.log(
  `@storefront/jsont built into ${relative(process.cwd(), DIST) || 'dist'}/ (${reached.size} declaration files)`,
);

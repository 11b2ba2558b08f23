// Bundles the server (bin/storefront.ts with its sources and the workspace packages it imports,
// which ship as TypeScript) into dist/storefront.mjs, so `npm start` runs plain Node: the tsx
// loader costs ~100 MB of memory and transpiles every module at start. Packages from npm stay
// external (native addons, their own files on disk).
import { build } from 'esbuild';

const WORKSPACE_SCOPE = '@storefront/';

await build({
  entryPoints: [new URL('../bin/storefront.ts', import.meta.url).pathname],
  outfile: new URL('../dist/storefront.mjs', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // The workspace packages' sources, not their dist/ (the jsont package's exports condition).
  conditions: ['storefront-source'],
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith(WORKSPACE_SCOPE) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

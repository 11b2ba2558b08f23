import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources (package.json "storefront-source").
  resolve: { conditions: ['storefront-source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['storefront-source', ...defaultServerConditions] } },
  test: { name: 'server', include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
});

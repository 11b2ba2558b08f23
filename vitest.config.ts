import { defineConfig } from 'vitest/config';

// One project per package; `npm test` runs them all (scripts/test.mjs).
export default defineConfig({
  test: {
    projects: ['packages/jsont', 'packages/commerce', 'packages/server', 'packages/web', 'e2e'],
  },
});

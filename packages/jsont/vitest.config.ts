import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'jsont', include: ['test/**/*.test.ts'] },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server reads dist/.vite/manifest.json, links the `src/main.tsx` entry's `file` and `css`
// and serves dist/assets/ at /assets/ (see README.md).
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    // Every browser es2022 reaches preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: 'src/main.tsx',
      output: {
        // Modules the entry shares with the lazy islands stay in one chunk beside the entry:
        // left alone, the bundler splits them into many small files that compress worse. The
        // captcha widget stays out: only pages with a captcha form load it; so do the API client
        // and the message texts, which only lazy islands use (a group would tie them to the entry).
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /node_modules\/(?!altcha)|src\/(cookies|context|cart-store|product-store|product|quantity|analytics\/track)\b/,
            },
            // The analytics script with the rules it shares with its error reporter, which is
            // fetched only once a page has an error.
            {
              name: 'analytics',
              test: /commerce\/src\/analytics\.ts|src\/analytics\/(index|cookies|transport|vitals|page-events)\b/,
            },
          ],
        },
      },
    },
  },
});

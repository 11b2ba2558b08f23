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
    rolldownOptions: {
      input: 'src/main.tsx',
      output: {
        // Modules the entry shares with the lazy islands stay in one chunk beside the entry:
        // left alone, the bundler splits them into many small files that compress worse. The
        // captcha widget stays out: only pages with a captcha form load it.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /node_modules\/(?!altcha)|src\/(api|cookies|context|cart-store|product-store)\b/,
            },
          ],
        },
      },
    },
  },
});

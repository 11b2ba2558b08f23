import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The owner's area (/config) is its own build, run after vite.config.ts into the same dist/: its
 * graph never meets the islands', so a product page's chunks (their runtime included) stay exactly
 * what the islands build makes. Its manifest is dist/.vite/config-manifest.json, entry key
 * `src/config/main.tsx` (see README.md).
 */
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: false,
    manifest: '.vite/config-manifest.json',
    target: 'es2022',
    rolldownOptions: {
      input: 'src/config/main.tsx',
      // Named apart from the islands' files in the shared assets/ folder.
      output: {
        // Libraries change less often than the area's own code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // Shared by the router and the chart library: stays with the libraries every screen loads.
            { name: 'vendor', test: /node_modules[\\/]use-sync-external-store[\\/]/ },
            // The analytics screen's chart library and what only it uses: loaded by that screen alone.
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|react-redux|@reduxjs|redux|redux-thunk|reselect|immer|es-toolkit|eventemitter3|tiny-invariant)[\\/]/,
            },
            // The template editor's CodeMirror: loaded when a template is first opened.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|@marijn|style-mod|w3c-keyname|crelt)[\\/]/,
            },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
        entryFileNames: 'assets/config-[hash].js',
        chunkFileNames: 'assets/config-[name]-[hash].js',
        assetFileNames: 'assets/config-[name]-[hash][extname]',
      },
    },
  },
});

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';
import { serviceWorker } from './scripts/vite-service-worker.ts';

// React Router's package exports only its development build (warnings and checks included, ~10 KB gzip
// more); a production bundle takes its production build, which the package ships alongside.
const reactRouterProduction = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/** Screens few people open, and seldom: the owner's, billing's, lorebooks', the fallbacks. */
const RARE_SCREENS =
  /assets\/(admin|admin-reports|admin-support|checkout|billing-manage|upgrade|upgrade-success|upgrade-cancel|lorebooks?|character-lorebook|not-found|birth-date|edit-profile)-[\w-]+\.js$/;

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  publicDir: 'public',
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  // The manifest tells which chunks each screen loads: src/web/bundle-budget.test.ts checks their sizes.
  // Every browser the app supports has modulepreload: no polyfill in the first page's script.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    modulePreload: {
      polyfill: false,
      // The first page carries the list of every file each lazy screen preloads: the rarely visited
      // screens load theirs when they are opened (one round trip more), so /login stays within budget.
      resolveDependencies: (file, deps, { hostType }) =>
        hostType === 'js' && RARE_SCREENS.test(file) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        // TanStack Query would otherwise come as eight small files (each with its own request and headers)
        // to every signed-in screen: one file for all of it. The signed-out /login never loads it.
        codeSplitting: {
          // Without this the group would take React along (TanStack imports it), and /login would load it.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react-query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/ },
            // Each icon was its own file (~0.4 KB of headers for ~0.3 KB of drawing): one file of them all.
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev` serves the API on 3000; the SPA dev server forwards everything that is not a page.
    proxy: Object.fromEntries(
      ['/api', '/auth', '/idp', '/media', '/upload', '/assistant-', '/ollama-health'].map((p) => [
        p,
        'http://127.0.0.1:3000',
      ]),
    ),
  },
}));

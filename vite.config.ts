import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  publicDir: 'public',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
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
});

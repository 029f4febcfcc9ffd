import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// `npm run dev` proxies the api (run `batchline api` on :8080, or set API_URL).
const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

/**
 * The app's stylesheet must not hold back the first paint (the boot spinner of index.html): it
 * is fetched at once (preload) but applied as `media="print"`, and main.tsx switches it on and
 * waits for it before the first render, so no screen ever shows unstyled.
 */
function deferStylesheets(): Plugin {
  return {
    name: 'batchline-defer-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"([^>]*) href="([^"]+)">/g,
          '<link rel="preload" as="style"$1 href="$2"><link rel="stylesheet"$1 href="$2" media="print" data-deferred-style>',
        ),
    },
  };
}

export default defineConfig({
  plugins: [react(), deferStylesheets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': api, '/auth': api, '/ws': { target: api, ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1200 },
});

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA. In development `npm run dev` runs this with HMR and proxies /v1 to the API server.
const apiTarget = process.env.API_PROXY_TARGET ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

const MANTINE_STYLES = new URL('./node_modules/@mantine/core/styles/', import.meta.url);
const mantineClasses = (text: string) => new Set(text.match(/\bm_[0-9a-f]{6,8}\b/g));

/**
 * The app imports Mantine's styles per component (src/app/mantineStyles.ts). A component used without its styles
 * would render unstyled without any error, so the build fails instead: a class of a core component appears in the
 * JavaScript but not in any emitted stylesheet.
 */
function mantineStylesCheck(): Plugin {
  return {
    name: 'clutch:mantine-styles-check',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const inJs = new Set<string>();
      const inCss = new Set<string>();
      for (const out of Object.values(bundle)) {
        if (out.type === 'chunk') mantineClasses(out.code).forEach((c) => inJs.add(c));
        else if (out.fileName.endsWith('.css')) mantineClasses(String(out.source)).forEach((c) => inCss.add(c));
      }
      const missing = readdirSync(MANTINE_STYLES)
        .filter((f) => f.endsWith('.css') && !f.endsWith('.layer.css'))
        .filter((f) => [...mantineClasses(readFileSync(new URL(f, MANTINE_STYLES), 'utf8'))].some((c) => inJs.has(c) && !inCss.has(c)));
      if (missing.length > 0) {
        this.error(`Mantine styles missing for components in use: add ${missing.map((f) => `'@mantine/core/styles/${f}'`).join(', ')} to src/app/mantineStyles.ts (in the order of @mantine/core/styles.css)`);
      }
    },
  };
}

/** The embeddable bracket is a second page (embed.html): the dev server answers /embed/… with it, as the server does. */
function embedPage(): Plugin {
  return {
    name: 'clutch:embed-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/embed\/[^.]*$/.test(req.url.split('?')[0])) req.url = `/embed.html${req.url.slice(req.url.split('?')[0].length)}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineStylesCheck(), embedPage()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/v1': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    rollupOptions: {
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), embed: fileURLToPath(new URL('./embed.html', import.meta.url)) },
    },
  },
});

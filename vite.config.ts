import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
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

/** Text files worth compressing (the bench video and images are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|wasm)$/;
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Every text file of the build also as `.br` (brotli, quality 11) and `.gz` (gzip, level 9), made once here so the
 * server sends them as they are (`preCompressed` in server/app.ts) instead of compressing per request or not at all.
 * A copy that does not come out smaller is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'clutch:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && COMPRESSIBLE.test(f.name))
        .map((f) => join(f.parentPath, f.name));
      await Promise.all(
        files.map(async (file) => {
          const raw = readFileSync(file);
          if (raw.length < COMPRESS_MIN_BYTES) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gz(raw, { level: 9 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineStylesCheck(), embedPage(), precompress()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/v1': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      input: { main: fileURLToPath(new URL('./index.html', import.meta.url)), embed: fileURLToPath(new URL('./embed.html', import.meta.url)) },
      output: {
        // Everything the first page needs before any screen (React, the shell, the Mantine parts it uses) in one chunk
        // beside the entry, not a dozen small shared ones: over HTTP/1.1 a phone on 4G fetches at most six at a time.
        // entriesAware: the embed (a second entry) loads only the part it shares with the site (React, Mantine, the
        // client), not the site's shell; subgroups under 48 KB merge into their neighbour, so the shared part is one
        // chunk (rolldown names it after the embed entry).
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'], entriesAware: true, entriesAwareMergeThreshold: 48_000 }] },
      },
    },
  },
});

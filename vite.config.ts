import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build, defineConfig, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { ROUTE_PRELOADS_FILE } from './src/domain/routePaths';

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
    async writeBundle(_options, bundle) {
      // This build's files only: the site's build and the embed's write to the same folder (see embedBuild).
      const files = Object.keys(bundle)
        .filter((name) => COMPRESSIBLE.test(name))
        .map((name) => join(outDir, name));
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

/** The site's route table: its lazily loaded screens and the paths that show them. */
const ROUTES_FILE = fileURLToPath(new URL('./src/app/routes.tsx', import.meta.url));

/**
 * The first screen's code named in the page itself (issue 27: no request waterfall, no boot task spent adding links):
 * for each route of src/app/routes.tsx, in its order, the chunks its screen loads (the screen's chunk and every chunk
 * it imports, less those index.html names already) and their stylesheets, written to route-preloads.json. The server
 * puts them into each page as `modulepreload` and stylesheet links (server/http/htmlPages.ts): the browser fetches
 * them while it fetches the entry, and the screen's `import()` finds them named already (Vite's preload helper then
 * adds no link). The route table is read as written there: `const Screen = onDemand(() => import('…'), …)` and
 * `{ path: '…', component: Screen`; a table that reads as nothing fails the build.
 */
function routePreloads(): Plugin {
  return {
    name: 'clutch:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (EMBED_PART) return;
      const source = readFileSync(ROUTES_FILE, 'utf8');
      const screens = new Map<string, string>();
      for (const [, name, spec] of source.matchAll(/const (\w+) = onDemand\(\(\) => import\('([^']+)'\)/g)) {
        screens.set(name, resolve(dirname(ROUTES_FILE), spec));
      }
      const routes = [...source.matchAll(/\bpath:\s*'([^']+)',\s*component:\s*(\w+)/g)].map(([, path, component]) => ({ path, component }));
      if (screens.size === 0 || routes.length === 0) this.error(`${ROUTE_PRELOADS_FILE}: no screens or routes read from src/app/routes.tsx`);
      const chunks = Object.values(bundle).filter((out): out is Rollup.OutputChunk => out.type === 'chunk');
      const byModule = new Map<string, Rollup.OutputChunk>();
      for (const chunk of chunks) {
        if (chunk.isDynamicEntry && chunk.facadeModuleId) byModule.set(chunk.facadeModuleId.replace(/\.[jt]sx?$/, ''), chunk);
      }
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** A chunk and every chunk it imports statically. */
      const closure = (chunk: Rollup.OutputChunk, into = new Set<string>()) => {
        if (into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) {
          const imported = byFile.get(file);
          if (imported) closure(imported, into);
        }
        return into;
      };
      const named = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry, named);
      const out = routes.map(({ path, component }) => {
        const module = screens.get(component);
        const chunk = module ? byModule.get(module.replace(/\.[jt]sx?$/, '')) : undefined;
        if (module && !chunk) this.error(`${ROUTE_PRELOADS_FILE}: no chunk for ${component} (${module})`);
        const files = chunk ? [...closure(chunk)].filter((file) => !named.has(file)) : [];
        const css = files.flatMap((file) => [...((byFile.get(file) as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])]);
        return { path, js: files.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`) };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify({ routes: out }, null, 1)}\n` });
    },
  };
}

/** Set while the embed's build runs (embedBuild): the config then builds embed.html alone. */
const EMBED_PART = process.env.CLUTCH_BUILD_PART === 'embed';
const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The embeddable bracket (embed.html) is built on its own, after the site, into the same dist/: two entries in one
 * build share chunks, and rolldown put the embed's entry module into the chunk they shared, so every page of the site
 * ran the embed's boot too (a second React root, ~90 ms of main thread at 4× CPU). Apart, neither page can run the
 * other's code; the embed downloads its own copy of React and Mantine (a page of its own, cached apart anyway).
 */
function embedBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'clutch:embed-build',
    apply: (_config, env) => env.command === 'build' && !EMBED_PART,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      process.env.CLUTCH_BUILD_PART = 'embed';
      try {
        await build({ configFile: fileURLToPath(import.meta.url), mode: config.mode, logLevel: config.logLevel, build: { outDir: config.build.outDir } });
      } finally {
        delete process.env.CLUTCH_BUILD_PART;
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), mantineStylesCheck(), embedPage(), routePreloads(), precompress(), embedBuild()],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/v1': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    // The embed's build adds its files to the site's.
    emptyOutDir: !EMBED_PART,
    rolldownOptions: {
      input: EMBED_PART ? { embed: page('./embed.html') } : { main: page('./index.html') },
      output: {
        // Everything the first page needs before any screen (React, the shell, the Mantine parts it uses) in one chunk
        // beside the entry, not a dozen small shared ones: over HTTP/1.1 a phone on 4G fetches at most six at a time.
        codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }] },
      },
    },
  },
});

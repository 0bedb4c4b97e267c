import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Lifecycle } from '../ops/lifecycle';
import { PREVIEW_PAGES, previewRead, type PagePreview } from '../services/linkPreviews';
import { ROUTE_PRELOADS_FILE, routePattern } from '../../src/domain/routePaths';
import { acceptsEncoding, varyOnEncoding } from './compression';
import { embedSecurityHeaders } from './securityHeaders';

/*
 * The SPA's HTML pages with link previews (issue 25): Open Graph and Twitter card tags in the first response, for
 * crawlers that run no JavaScript (Discordbot, Twitterbot, Slackbot…). The built page (index.html, embed.html) is
 * the template, split once where its <title> is; a page is the two halves around its tags. Pages without a preview
 * of their own get the site's, rendered and compressed once per build; a page with one is rendered per request
 * from one read and compressed then (a few hundred microseconds, cached by its ETag). A read that fails or takes
 * longer than PREVIEW_READ_TIMEOUT_MS gives the site's preview: the page never waits on a slow database.
 */

export const SITE_NAME = 'Clutch';
export const SITE_DESCRIPTION = 'Clutch: esports league and tournaments. Brackets, seasons, score reporting.';
/** The site's picture (public/og-image.jpg): for every page without a picture of its own. */
export const SITE_IMAGE = { path: '/og-image.jpg', type: 'image/jpeg', width: 1200, height: 630 };
/** How long a page waits for its preview's read before it goes out with the site's preview. */
export const PREVIEW_READ_TIMEOUT_MS = 250;
const TITLE_MAX = 100;
const DESCRIPTION_MAX = 300;
/** Compressed pages kept by ETag and coding (about 1 KB each). */
const COMPRESSED_CACHE_SIZE = 256;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text for an attribute value or an element's content: `& < > " '` escaped, so no value can end its tag. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line (control characters and runs of white space become one space), at most `max` characters. */
function oneLine(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const chars = Array.from(text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * The head tags of a page: its <title>, description, Open Graph and Twitter card. `preview` null: the site's, under
 * the built page's own <title> (`siteTitle`).
 */
export function pageTags(publicUrl: string, path: string, preview: PagePreview | null, siteTitle = `<title>${SITE_NAME}</title>`): string {
  const title = oneLine(preview?.title ?? SITE_NAME, TITLE_MAX);
  const description = oneLine(preview?.description ?? SITE_DESCRIPTION, DESCRIPTION_MAX);
  const image = preview?.image ?? null;
  const absolute = (url: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  const tags = [
    preview ? `<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>` : siteTitle,
    meta('name', 'description', description),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', preview?.profile ? 'profile' : 'website'),
    ...(preview?.profile ? [meta('property', 'profile:username', oneLine(preview.profile, TITLE_MAX))] : []),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', `${publicUrl}${preview ? path : '/'}`),
  ];
  if (image) {
    tags.push(meta('property', 'og:image', absolute(image.url)));
    if (image.type) tags.push(meta('property', 'og:image:type', image.type));
    tags.push(meta('property', 'og:image:alt', oneLine(image.alt, TITLE_MAX)));
  } else {
    tags.push(
      meta('property', 'og:image', absolute(SITE_IMAGE.path)),
      meta('property', 'og:image:type', SITE_IMAGE.type),
      meta('property', 'og:image:width', SITE_IMAGE.width),
      meta('property', 'og:image:height', SITE_IMAGE.height),
      meta('property', 'og:image:alt', SITE_NAME),
    );
  }
  // A banner (the site's picture, a tournament's) shows large; a logo or an avatar as a thumbnail beside the text.
  tags.push(meta('name', 'twitter:card', !image || image.banner ? 'summary_large_image' : 'summary'));
  return tags.join('\n    ');
}

/**
 * The built page split where its tags go: in place of its <title> (kept for the site's preview; its description meta
 * removed), else before </head>, else after the doctype.
 */
export function splitTemplate(html: string): { head: string; tail: string; title: string | undefined } {
  const page = html.replace(/[ \t]*<meta\s+name=["']description["'][^>]*>[ \t]*\r?\n?/i, '');
  const title = /<title>[\s\S]*?<\/title>/i.exec(page);
  const at = title ? title.index : page.search(/<\/head>/i);
  if (at >= 0) return { head: page.slice(0, at), tail: page.slice(title ? at + title[0].length : at), title: title?.[0] };
  const doctype = /^\s*<!doctype html>/i.exec(page)?.[0].length ?? 0;
  return { head: page.slice(0, doctype), tail: page.slice(doctype), title: undefined };
}

/** A route of the SPA and the files its first screen loads beyond what index.html names. */
interface RoutePreload {
  pattern: RegExp;
  /** The head links that name them (empty: nothing to add). */
  links: string;
}

/** An asset path the build wrote: /assets/…, nothing that could leave its attribute. */
const ASSET = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/**
 * The build's route preloads as head links: `modulepreload` for the screen's chunks, the stylesheets it would add
 * itself (so its code and styles are fetched beside the entry's instead of after it runs). A file that is missing or
 * does not read as the build writes it gives no links: the SPA then loads its screens as before.
 */
export function readRoutePreloads(text: string | null): RoutePreload[] {
  if (text === null) return [];
  try {
    const parsed = JSON.parse(text) as { routes?: { path?: unknown; js?: unknown; css?: unknown }[] };
    const files = (list: unknown) => (Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && ASSET.test(f)) : []);
    return (parsed.routes ?? [])
      .filter((route) => typeof route.path === 'string' && route.path.startsWith('/'))
      .map((route) => ({
        pattern: routePattern(route.path as string),
        links: [
          ...files(route.css).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
          ...files(route.js).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
        ].join('\n    '),
      }));
  } catch {
    return [];
  }
}

/** The links for `path`: those of the first route that matches it, as the SPA's router picks (none: no links). */
export function routeLinks(preloads: readonly RoutePreload[], path: string): string {
  return preloads.find((route) => route.pattern.test(path))?.links ?? '';
}

/** A page ready to send: the HTML, its ETag, and its compressed copies (made once, kept). */
class Page {
  readonly etag: string;
  private readonly copies = new Map<'br' | 'gzip', Promise<Buffer>>();

  constructor(
    readonly html: Buffer,
    private readonly quality: 'build' | 'request',
  ) {
    this.etag = `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  }

  /** Brotli and gzip at the build's settings for the site's pages (made once), quicker ones per request. */
  compressed(coding: 'br' | 'gzip'): Promise<Buffer> {
    let copy = this.copies.get(coding);
    if (!copy) {
      const build = this.quality === 'build';
      copy =
        coding === 'br'
          ? brotli(this.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: build ? 11 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.html.length } })
          : gz(this.html, { level: build ? 9 : 6 });
      this.copies.set(coding, copy);
    }
    return copy;
  }
}

/** A built page as a template: read at startup, and again when the file changes (a rebuilt dist/, no restart). */
class Template {
  private version = '';
  private parts: ReturnType<typeof splitTemplate> = { head: '', tail: '', title: undefined };
  private preloads: RoutePreload[] = [];
  /** Pages without a preview of their own, by their route's links (one per route, made and compressed once). */
  private sitePages = new Map<string, Page>();
  /** Pages with a preview, by ETag of their HTML, most recently sent last. */
  private readonly recent = new Map<string, Page>();

  /** `preloadsFile`: the build's route preloads (the site's page; the embed has one screen and names it already). */
  constructor(
    private readonly file: string,
    private readonly publicUrl: string,
    private readonly preloadsFile: string | null = null,
  ) {
    const stats = statSync(file);
    const preloads = preloadsFile && existsSync(preloadsFile) ? readFileSync(preloadsFile, 'utf8') : null;
    this.load(readFileSync(file, 'utf8'), preloads, `${stats.mtimeMs}:${stats.size}`);
  }

  private load(html: string, preloads: string | null, version: string) {
    this.version = version;
    this.parts = splitTemplate(html);
    this.preloads = readRoutePreloads(preloads);
    this.recent.clear();
    this.sitePages.clear();
    // The page of / made and compressed now, ready for the first visitor.
    const home = this.sitePage('/');
    void home.compressed('br');
    void home.compressed('gzip');
  }

  /** Reads the files again when the page changed (a rebuilt dist/); a page missing (a build in progress) leaves the last one. */
  async refresh(): Promise<void> {
    const stats = await stat(this.file).catch(() => null);
    if (!stats || `${stats.mtimeMs}:${stats.size}` === this.version) return;
    const [html, preloads] = await Promise.all([
      readFile(this.file, 'utf8').catch(() => null),
      this.preloadsFile ? readFile(this.preloadsFile, 'utf8').catch(() => null) : null,
    ]);
    if (html !== null) this.load(html, preloads, `${stats.mtimeMs}:${stats.size}`);
  }

  private html(preview: PagePreview | null, path: string, links: string): Buffer {
    const tail = links ? this.parts.tail.replace(/<\/head>/i, `  ${links}\n  </head>`) : this.parts.tail;
    return Buffer.from(this.parts.head + pageTags(this.publicUrl, path, preview, this.parts.title) + tail);
  }

  /** The page of a route without a preview of its own: the site's tags and the route's links. */
  private sitePage(path: string): Page {
    const links = routeLinks(this.preloads, path);
    let page = this.sitePages.get(links);
    if (!page) this.sitePages.set(links, (page = new Page(this.html(null, '/', links), 'build')));
    return page;
  }

  page(preview: PagePreview | null, path: string): Page {
    if (!preview) return this.sitePage(path);
    const fresh = new Page(this.html(preview, path, routeLinks(this.preloads, path)), 'request');
    const known = this.recent.get(fresh.etag);
    const page = known ?? fresh;
    this.recent.delete(page.etag);
    this.recent.set(page.etag, page);
    if (this.recent.size > COMPRESSED_CACHE_SIZE) this.recent.delete(this.recent.keys().next().value!);
    return page;
  }
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === opaque);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the read took over ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A path that names a file (an old build's chunk, a mistyped asset): a real 404, never a page. */
export const looksLikeFile = (path: string) => /\.[a-z0-9]{1,8}$/i.test(path);

/**
 * The pages built into `config.staticDir` with their link previews: the site's page (index.html) answers / and
 * /index.html here, and the embed page (embed.html, when built) /embed/…, the one page other sites may frame.
 * Returns the sender of the site's page, for every other page URL (the history fallback in app.ts).
 */
export function installHtmlPages(
  app: FastifyInstance,
  db: Db,
  config: Config,
  lifecycle: Lifecycle,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const site = new Template(join(config.staticDir!, 'index.html'), config.publicUrl, join(config.staticDir!, ROUTE_PRELOADS_FILE));
  const embedFile = join(config.staticDir!, 'embed.html');
  const embed = existsSync(embedFile) ? new Template(embedFile, config.publicUrl) : null;

  // Requests for the same page while its read runs share it (a link just shared: the crawler and everyone who clicks).
  const reading = new Map<string, Promise<PagePreview | null>>();

  async function preview(request: FastifyRequest, path: string): Promise<PagePreview | null> {
    const read = previewRead(path);
    // While the database may not be migrated yet (server/instance.ts), no read.
    if (!read || lifecycle.phase === 'starting') return null;
    const key = path.toLowerCase().replace(/\/$/, '');
    let shared = reading.get(key);
    if (!shared) {
      shared = read(db).finally(() => reading.delete(key));
      reading.set(key, shared);
    }
    try {
      return await withTimeout(shared, PREVIEW_READ_TIMEOUT_MS);
    } catch (err) {
      request.log.warn({ err, path }, 'link preview read failed: the page goes out with the site preview');
      return null;
    }
  }

  async function send(template: Template, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = request.url.split('?')[0];
    const [, found] = await Promise.all([template.refresh(), preview(request, path)]);
    const page = template.page(found, path);
    reply.header('cache-control', 'no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
    varyOnEncoding(reply);
    if (notModified(request, page.etag)) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'];
    const coding = acceptsEncoding(accepted, 'br') ? 'br' : acceptsEncoding(accepted, 'gzip') ? 'gzip' : null;
    if (!coding) return reply.send(page.html);
    return reply.header('content-encoding', coding).send(await page.compressed(coding));
  }

  const sendSitePage = (request: FastifyRequest, reply: FastifyReply) => send(site, request, reply);
  app.get('/', sendSitePage);
  app.get('/index.html', sendSitePage);
  // The pages with a preview of their own have routes, so they skip the static files' lookups on disk (a page is no
  // file; other page URLs reach the site's page through app.ts's history fallback, after those lookups).
  for (const { path } of PREVIEW_PAGES.filter((page) => !page.path.startsWith('/embed/'))) {
    app.get(path, (request, reply) => (looksLikeFile(request.url.split('?')[0]) ? reply.callNotFound() : sendSitePage(request, reply)));
  }
  if (embed) {
    app.get('/embed/*', { helmet: embedSecurityHeaders(config) }, (request, reply) =>
      looksLikeFile(request.url.split('?')[0]) ? reply.callNotFound() : send(embed, request, reply),
    );
  }
  return sendSitePage;
}

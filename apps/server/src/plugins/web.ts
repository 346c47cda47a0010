import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { PAGE_DATA_ID, WIDGET_SCRIPT_PATH, type PageData } from '@gatepass/shared';
import { escapeHtml, jsonForScript } from '../lib/html.ts';
import { send } from './errors.ts';

/** What a server-rendered <head> holds for one page (values raw; `tags` already escaped). */
export interface PageHead {
  title: string;
  description: string;
  /** Extra elements for <head> (meta, link, JSON-LD), escaped by their builder. */
  tags: string;
}

/**
 * A client route whose HTML the server writes itself, instead of the plain index.html.
 */
export interface WebPage {
  /** The client route, in Fastify's path syntax. */
  path: string;
  /**
   * The web module(s) its page renders first (paths under apps/web; a layout and its page):
   * see `modulePreloads`.
   */
  module?: string | readonly string[];
  /**
   * Page-specific <head> tags for crawlers and link previews, which do not run JavaScript:
   * the status, and the head when the page exists.
   */
  head?(params: Record<string, string>): Promise<{ status: number; head?: PageHead | undefined }>;
  /**
   * The API GETs the page's first render makes, as `pageDataKey` names them (path under
   * /api/v1 and query): their answers travel in the HTML (decision 021).
   */
  data?(params: Record<string, string>, query: URLSearchParams): string[];
}

/** index.html with its <title> and description replaced and the page's tags added. */
export function injectHead(html: string, head: PageHead): string {
  const block =
    `<title>${escapeHtml(head.title)}</title>\n    ` +
    `<meta name="description" content="${escapeHtml(head.description)}">\n    ${head.tags}\n  `;
  const stripped = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/gi, '');
  // A function, so "$&" or "$1" in a title is not read as a replacement pattern.
  return /<\/head>/i.test(stripped)
    ? stripped.replace(/<\/head>/i, (end) => `${block}${end}`)
    : `${block}${stripped}`;
}

/**
 * index.html with the page's data before the entry script runs. The data is JSON in a
 * non-executed script element (the CSP allows no inline script, and needs not), escaped so
 * no value can close the element.
 */
export function injectPageData(html: string, data: PageData): string {
  const element = `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForScript(data)}</script>`;
  return /<\/body>/i.test(html)
    ? html.replace(/<\/body>/i, (end) => `${element}\n  ${end}`)
    : `${html}${element}`;
}

/** The words every page shows in test mode (issue 16), exactly. */
export const TEST_MODE_TEXT = 'Test mode — no real money';

/** Height of the test-mode strip; the page is moved down by it (see injectTestModeBanner). */
export const TEST_MODE_BANNER_PX = 28;

/**
 * index.html with the test-mode banner as the first element of <body>, outside the React
 * root: every page (public, checkout, manage, door) shows it from the first byte, with no
 * script, request or page-data field to wait for. Styled inline (the CSP allows inline
 * styles) so it does not depend on the app's CSS.
 *
 * A strip fixed across the top whose space the page gives up (issue 24 §4): the body is
 * padded by its height and the app's fixed navbar and sidebar sit below it through
 * `--test-banner`, so it never covers content — a pill floating over the page hid the
 * confirmation's QR and the door's help line on a phone. Under dialogs and menus (z 45 <
 * 50): a modal covers it like everything else.
 */
export function injectTestModeBanner(html: string): string {
  const h = TEST_MODE_BANNER_PX;
  const banner =
    `<div id="test-mode-banner" role="note" style="position:fixed;top:0;left:0;right:0;` +
    `height:${h}px;box-sizing:border-box;display:flex;align-items:center;justify-content:center;` +
    `z-index:45;pointer-events:none;background:#fde047;color:#111827;` +
    `font:600 13px/1 system-ui,sans-serif;border-bottom:1px solid #ca8a04">${escapeHtml(TEST_MODE_TEXT)}</div>`;
  const style = `<style>:root{--test-banner:${h}px}body{padding-top:${h}px}</style>`;
  const withStyle = /<\/head>/i.test(html)
    ? html.replace(/<\/head>/i, (end) => `  ${style}\n  ${end}`)
    : `${style}${html}`;
  return /<body[^>]*>/i.test(withStyle)
    ? withStyle.replace(/<body[^>]*>/i, (open) => `${open}\n    ${banner}`)
    : `${banner}${withStyle}`;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * `<link rel="modulepreload">` tags for the chunk Vite built from `module` (a path under
 * apps/web, as its build manifest names it) and the chunks it imports, leaving out what
 * index.html loads already. A page served with them fetches its route's code alongside the
 * entry instead of after the entry has run. Empty when the build has no manifest.
 */
export function modulePreloads(
  manifest: Record<string, ManifestChunk>,
  module: string | readonly string[],
): string {
  const closure = (key: string, into: Set<string>): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const loaded = closure('index.html', new Set());
  const wanted = new Set<string>();
  for (const key of typeof module === 'string' ? [module] : module) closure(key, wanted);
  return [...wanted]
    .filter((key) => !loaded.has(key))
    .map(
      (key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]!.file)}">`,
    )
    .join('');
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached,
 * text files in the brotli or gzip copy the build made when the browser accepts one,
 * and every other non-API GET answered with index.html so client routes work on reload.
 * Unknown /api paths get a JSON 404 instead.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDistDir: string,
  pages: WebPage[] = [],
  options: { testMode?: boolean } = {},
): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const widgetPath = path.join(webDistDir, WIDGET_SCRIPT_PATH.slice(1));
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text file (apps/web/compress-plugin.ts).
      preCompressed: true,
      // In test mode /index.html (what the service worker keeps for offline use) is the
      // bannered copy below, answered by the fallback, not the file as built.
      ...(options.testMode ? { allowedPath: (p: string) => p !== '/index.html' } : {}),
      setHeaders(res, filePath) {
        // (The file sent may be its .br or .gz copy.)
        if (filePath.replace(/\.(?:br|gz)$/, '') === widgetPath) {
          // The widget's loader (issue 26 §1): any site may load it, from a fixed address
          // that organisers' snippets keep, so cached minutes rather than a year.
          res.header('cache-control', 'public, max-age=600');
          res.header('cross-origin-resource-policy', 'cross-origin');
          return;
        }
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built; run `npm run build` to serve the UI');
  }

  // Static routes are registered once at start, so index.html is read once too.
  const built = hasWeb ? fs.readFileSync(indexPath, 'utf8') : undefined;
  const html = built && options.testMode ? injectTestModeBanner(built) : built;
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : {};

  /** The answers of the page's API GETs that succeed, asked of this server's own routes. */
  const dataFor = async (keys: string[]): Promise<PageData | undefined> => {
    const answers = await Promise.all(
      keys.map(async (key) => {
        const answer = await app.inject({ method: 'GET', url: `/api/v1${key}` });
        return answer.statusCode === 200 ? ([key, answer.json()] as const) : undefined;
      }),
    );
    const found = answers.filter((answer) => answer !== undefined);
    return found.length ? Object.fromEntries(found) : undefined;
  };

  for (const page of pages) {
    // index.html with the page's chunks preloaded, worked out once.
    const links = page.module ? modulePreloads(manifest, page.module) : '';
    const pageHtml =
      html && links ? html.replace(/<\/head>/i, (end) => `${links}\n  ${end}`) : html;
    app.get(page.path, { schema: { hide: true } }, async (request, reply) => {
      if (!pageHtml) {
        return reply
          .status(404)
          .type('text/plain')
          .send('The web app is not built. Run `npm run build`.');
      }
      const params = request.params as Record<string, string>;
      const rendered = await page.head?.(params);
      const status = rendered?.status ?? 200;
      // Data only for a page that is there (a page with a head exists when it has one).
      const exists = status === 200 && (!page.head || rendered?.head !== undefined);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const data = exists && page.data ? await dataFor(page.data(params, query)) : undefined;
      let body = rendered?.head ? injectHead(pageHtml, rendered.head) : pageHtml;
      if (data) body = injectPageData(body, data);
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(body);
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      const { statusCode, body } = send(404, 'NOT_FOUND', 'The requested resource was not found.');
      return reply.status(statusCode).send(body);
    }
    // A built file that is not there is a 404, never index.html: answered as a stylesheet or
    // a script, the page would load without its styles, and the service worker would keep
    // the HTML under the file's name (issue 24 §4).
    if (url.startsWith('/assets/')) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .type('text/plain')
        .send('Not found.');
    }
    if (!html) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

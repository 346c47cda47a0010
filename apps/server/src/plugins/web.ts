import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { send } from './errors.ts';

/** What a server-rendered <head> holds for one page (values raw; `tags` already escaped). */
export interface PageHead {
  title: string;
  description: string;
  /** Extra elements for <head> (meta, link, JSON-LD), escaped by their builder. */
  tags: string;
}

/**
 * A client route whose HTML carries page-specific <head> tags for crawlers and link
 * previews, which do not run JavaScript. `render` answers the status and, when the page
 * exists, its head.
 */
export interface HeadPage {
  path: string;
  render(params: Record<string, string>): Promise<{ status: number; head?: PageHead | undefined }>;
}

const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

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
export function modulePreloads(manifest: Record<string, ManifestChunk>, module: string): string {
  const closure = (key: string, into: Set<string>): Set<string> => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, into);
    return into;
  };
  const loaded = closure('index.html', new Set());
  return [...closure(module, new Set())]
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
  headPages: HeadPage[] = [],
  /** Client route → the web module its page renders first (see `modulePreloads`). */
  routeModules: Record<string, string> = {},
): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each text file (apps/web/compress-plugin.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web app not built; run `npm run build` to serve the UI');
  }

  // Static routes are registered once at start, so index.html is read once too.
  const html = hasWeb ? fs.readFileSync(indexPath, 'utf8') : undefined;
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  const manifest = fs.existsSync(manifestPath)
    ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : {};
  /** index.html for one client route, with its page's chunks preloaded. */
  const htmlFor = (route: string): string | undefined => {
    const module = routeModules[route];
    const links = module ? modulePreloads(manifest, module) : '';
    return html && links ? html.replace(/<\/head>/i, (end) => `${links}\n  ${end}`) : html;
  };
  for (const route of Object.keys(routeModules)) {
    if (headPages.some((page) => page.path === route)) continue;
    const page = htmlFor(route);
    if (!page) continue;
    app.get(route, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page),
    );
  }
  for (const page of headPages) {
    const pageHtml = htmlFor(page.path);
    app.get(page.path, { schema: { hide: true } }, async (request, reply) => {
      if (!html) {
        return reply
          .status(404)
          .type('text/plain')
          .send('The web app is not built. Run `npm run build`.');
      }
      const { status, head } = await page.render(request.params as Record<string, string>);
      return reply
        .status(status)
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(head ? injectHead(pageHtml!, head) : pageHtml);
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
    if (!html) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

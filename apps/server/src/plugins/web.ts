import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { send } from './errors.ts';

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached,
 * and every other non-API GET answered with index.html so client routes work on reload.
 * Unknown /api paths get a JSON 404 instead.
 */
export async function registerWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexPath);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
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
  app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url === '/api' || url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        const { statusCode, body } = send(404, 'NOT_FOUND', 'The requested resource was not found.');
        return reply.status(statusCode).send(body);
      }
      if (!html) {
        return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build`.');
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

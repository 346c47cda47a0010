import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { WIDGET_SCRIPT_PATH } from '@gatepass/shared';

/** The loader's source as the web app's build manifest names it (apps/web/vite.config.ts). */
export const WIDGET_ENTRY = 'src/widget/loader.ts';

/** The built loader script, read once; undefined when the web app is not built. */
export function readWidgetScript(webDistDir: string): Buffer | undefined {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string } | undefined
  >;
  const file = manifest[WIDGET_ENTRY]?.file;
  return file ? fs.readFileSync(path.join(webDistDir, file)) : undefined;
}

/**
 * GET /widget.js: the loader script host pages include (issue 26 §1). A fixed address, so
 * organisers' snippets never change: cached ten minutes, not a year like the hashed build
 * files. Any site may load it (Cross-Origin-Resource-Policy: cross-origin); the global
 * compression sends it gzipped or in brotli.
 */
export function widgetRoutes(script: Buffer | undefined): FastifyPluginAsync {
  return async (app) => {
    app.get(WIDGET_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) => {
      if (!script) {
        return reply
          .status(404)
          .type('text/plain')
          .send('The web app is not built. Run `npm run build`.');
      }
      return reply
        .header('cache-control', 'public, max-age=600')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('access-control-allow-origin', '*')
        .type('text/javascript; charset=utf-8')
        .send(script);
    });
  };
}

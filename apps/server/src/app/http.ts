import compress from '@fastify/compress';
import { EMBED_BASE } from '@gatepass/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import zlib from 'node:zlib';
import type { Config } from '../config.ts';
import { registerPublicCache } from '../plugins/public-cache.ts';
import { registerSecurityHeaders } from '../plugins/security-headers.ts';

/** What the browser may load and from where, for every page and answer (decision 013). */
export function contentSecurityPolicy(config: Config) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-toastify injects its stylesheet at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      mediaSrc: ["'self'", 'blob:', 'mediastream:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
    },
  };
}

/**
 * What wraps every route, registered before any: the public cache of the event pages'
 * answers, security headers, compression, the API's OpenAPI document and its viewer.
 */
export async function registerHttp(app: FastifyInstance, config: Config): Promise<void> {
  const csp = contentSecurityPolicy(config);
  // Answers of 1 KB or more in br or gzip when the client accepts it (a door's order list:
  // 1.9 MB raw, ~330 KB gzipped). Registered before every route, since it hooks each route
  // as it is added; on the cached routes the public cache's onSend runs before its, so
  // the cache keeps plain bytes (and encodes its hits itself, once per entry, with these
  // settings).
  // Brotli runs at quality 4 (zlib's 11 is far too slow per answer). The web app's files
  // are compressed once at build time (plugins/web.ts), and request bodies are not
  // decompressed (bodies are small JSON; no zip bombs).
  const compression = {
    encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  };
  // The first request hook of all: an anonymous hit is written from memory, with the
  // headers its miss was sent with (the security headers included), before any other runs.
  registerPublicCache(app, {
    routes: ['/api/v1/events', '/api/v1/events/:slug'],
    // Organiser changes, and checkouts (tickets left): at once in this process.
    clearOn: ['/api/v1/events/manage', '/api/v1/media', '/api/v1/orders'],
    compression,
  });
  registerSecurityHeaders(
    app,
    { contentSecurityPolicy: csp, crossOriginEmbedderPolicy: false },
    // The widget's pages (issue 26 §1): any site may frame them, and only them (decision 074).
    [
      {
        prefix: `${EMBED_BASE}/`,
        options: {
          contentSecurityPolicy: { directives: { ...csp.directives, frameAncestors: ['*'] } },
          crossOriginEmbedderPolicy: false,
          xFrameOptions: false,
        },
      },
    ],
  );
  await app.register(compress, { ...compression, globalDecompression: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gatepass API',
        version: '1.0.0',
        description:
          'Event ticketing: accounts, events, orders, check-in.\n\n' +
          '**API tokens.** An account owner makes tokens in Settings → API tokens, each with one scope — `read` (orders and attendees), `checkin` (the door list and checking codes in) or `manage` (events and ticket types) — and optionally limited to some events. ' +
          "Send one as `Authorization: Bearer gpat_…`. Only the operations marked with the `apiToken` security scheme (and a line in their description) take a token; any other answers 403, another organiser's things 404, a revoked token 401. " +
          'Each token has its own rate limit (429 with `Retry-After`). See docs/integrations.md.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A login session token.' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'gpat_…',
            description:
              'An API token (Settings → API tokens): `Authorization: Bearer gpat_…`, within its scope.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

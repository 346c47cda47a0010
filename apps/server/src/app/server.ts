import Fastify, {
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import type { Http2SecureServer } from 'node:http2';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { registerErrorHandler } from '../plugins/errors.ts';
import { registerInputGuard } from '../plugins/input-guard.ts';
import { loggerOptions } from '../plugins/logger.ts';
import { registerPrivateCache } from '../plugins/private-cache.ts';
import { countRequest } from '../lib/request-rate.ts';

/**
 * TRUST_PROXY as Fastify takes it (decision 056). Fastify ignores a bare hop count (it
 * trusts nothing then), so a count is a function of the hop's position: the socket's peer
 * and the next hops-1 entries from the right are proxies; the entry before them is the
 * client. Addresses and CIDRs go to Fastify as they are.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * The Fastify server, plain HTTP or TLS, with what every request passes through before any
 * route: zod validation and serialisation, the error answers, the input guard and the
 * no-store default for private answers.
 */
export function createServer(
  config: Config,
  logger: FastifyServerOptions['logger'] = loggerOptions(config.logLevel),
): FastifyInstance {
  const common = {
    logger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Order codes, slugs and ids are short; longer path parameters are refused early.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  // With TLS_CERT_FILE and TLS_KEY_FILE: HTTPS on the same port, HTTP/2 for the browsers that
  // offer it and HTTP/1.1 for the rest (a phone at the door gets its camera only over HTTPS).
  // The routes see the same request and reply either way; the instance is typed as the
  // HTTP/1 one the rest of the app is written against.
  const app = config.tls
    ? (Fastify({
        ...common,
        http2: true,
        https: { allowHTTP1: true, cert: config.tls.cert, key: config.tls.key },
      } as FastifyHttp2SecureOptions<Http2SecureServer>) as unknown as FastifyInstance)
    : Fastify({ ...common, forceCloseConnections: 'idle' });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerPrivateCache(app);
  // How busy this process is, for the background work that yields to a rush (decision 103).
  app.server.on('request', countRequest);
  return app;
}

import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

const SECRET_QUERY = /([?&](?:token|code|password)=)[^&]*/gi;

/** A ticket link's signature (`/t/{code}-{mac}`): whoever has the link has the ticket. */
const TICKET_LINK = /(\/t\/\d{8}-)[A-Za-z0-9_-]{12}/g;

/** Request URLs can carry reset tokens (`/reset-password?token=…`); they never reach the log. */
export const redactUrl = (url: string): string =>
  url.replace(SECRET_QUERY, '$1[redacted]').replace(TICKET_LINK, '$1[redacted]');

/**
 * Structured JSON logs (pino). Bodies are never logged; headers that carry secrets and
 * any query value named token/code/password are redacted.
 */
export function loggerOptions(level: Config['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: {
        method: string;
        url: string;
        ip?: string;
        headers?: Record<string, unknown>;
      }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

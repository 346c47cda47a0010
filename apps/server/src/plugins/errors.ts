import type { ErrorCode } from '@gatepass/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

interface Issue {
  instancePath: string;
  message?: string | undefined;
}

const FIELD_LABELS: Record<string, string> = {
  fullName: 'Full Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  password: 'Password',
  code: 'Verification code',
  token: 'Reset link',
};

/**
 * Zod's own messages ("Invalid input: expected string, received number") are for
 * developers; the spec's client shows `error` to a person, so those become sentences.
 * Messages written in our contracts pass through unchanged.
 */
export function readableIssue(issue: Issue, part: string): string {
  const path = issue.instancePath.split('/').filter(Boolean);
  if (path.length === 0) {
    return part === 'body' ? 'The request body must be a JSON object.' : `The ${part} is invalid.`;
  }
  const message = issue.message ?? '';
  if (message && !/^(Invalid|Too (big|small)|Unrecognized)/.test(message)) return message;
  const field = path.join('.');
  const label = FIELD_LABELS[field] ?? field;
  if (message.startsWith('Too big')) return `${label} is too long.`;
  if (message.startsWith('Too small')) return `${label} is too short.`;
  return `${label} is invalid.`;
}

export function send(
  statusCode: number,
  code: ErrorCode,
  error: string,
  details?: unknown,
): { statusCode: number; body: { error: string; code: ErrorCode; details?: unknown } } {
  return { statusCode, body: details === undefined ? { error, code } : { error, code, details } };
}

const BY_FASTIFY_CODE: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_JSON', 'The request body is not valid JSON.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_JSON', 'The request body is empty.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'The request is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'This content type is not supported.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'VALIDATION_FAILED', 'The request length is invalid.'],
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let out: ReturnType<typeof send>;
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      out = send(err.statusCode, err.code, err.message, err.details);
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const part = err.validationContext ?? 'body';
      const issues = err.validation.map((i) => ({
        field: i.instancePath.split('/').filter(Boolean).join('.'),
        message: readableIssue(i, part),
      }));
      out = send(400, 'VALIDATION_FAILED', issues[0]?.message ?? 'Invalid request data.', {
        issues,
      });
    } else if (err.validation) {
      out = send(400, 'VALIDATION_FAILED', 'Invalid request data.');
    } else if (err.code && BY_FASTIFY_CODE[err.code]) {
      const [status, code, message] = BY_FASTIFY_CODE[err.code]!;
      out = send(status, code, message);
    } else if (err instanceof SyntaxError || err.statusCode === 400) {
      out = send(400, 'BAD_JSON', 'The request could not be read.');
    } else if (err.statusCode === 429) {
      out = send(429, 'RATE_LIMITED', 'Too many requests. Please slow down and try again.');
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      out = send(err.statusCode, 'VALIDATION_FAILED', 'The request could not be processed.');
    } else {
      // Internal details go to the log, never to the client.
      request.log.error({ err }, 'unhandled error');
      out = send(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    }
    if (out.statusCode >= 400 && out.statusCode < 500) {
      request.log.info({ code: out.body.code, statusCode: out.statusCode }, 'request refused');
    }
    return reply.status(out.statusCode).send(out.body);
  });
}

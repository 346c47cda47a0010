import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * PostgreSQL text cannot hold the NUL character (U+0000): a string carrying one fails
 * inside the database as a 500. No field of this API has a use for it, so any request
 * whose body, query or path parameters contain one is refused up front with a 400.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      if (containsNul(part)) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'Text must not contain the NUL character (\\u0000).',
        );
      }
    }
  });
}

/** Walks parsed JSON without recursion, so deeply nested bodies cannot overflow the stack. */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

import type { ErrorCode } from '@gatepass/shared';

/** A refusal the client caused: answered as `{ error, code }` with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'The requested resource was not found.') =>
  new AppError(404, 'NOT_FOUND', what);
export const unauthorized = (message = 'Please log in to continue.') =>
  new AppError(401, 'UNAUTHORIZED', message);

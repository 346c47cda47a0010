/**
 * The spec's §8 error catalogue as a pure function, so the words can be tested without a
 * browser. The API client turns each failed response into one of these toasts.
 */
export interface ErrorToast {
  type: 'error' | 'warning';
  message: string;
  /** Only set where the spec gives a time of its own (the network error). */
  autoClose?: number;
}

export const NETWORK_ERROR_MESSAGE = 'Network Error: There was a problem connecting to the server.';
export const NETWORK_ERROR_AUTO_CLOSE_MS = 5000;

/** The response body's `error` field, when it is a non-empty string. */
export function errorField(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'error' in body) {
    const value = (body as { error: unknown }).error;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * Maps a failed call to its toast. `status` is undefined when no response arrived.
 * 429 (rate limited) and other statuses fall in the spec's "other" row.
 */
export function describeApiError(status: number | undefined, body?: unknown): ErrorToast {
  if (status === undefined) {
    return {
      type: 'error',
      message: NETWORK_ERROR_MESSAGE,
      autoClose: NETWORK_ERROR_AUTO_CLOSE_MS,
    };
  }
  const error = errorField(body);
  switch (status) {
    case 401:
      return { type: 'error', message: `Authentication Error: ${error ?? 'Unauthorized'}` };
    case 403:
      return { type: 'error', message: `Permission Denied: ${error ?? 'Forbidden'}` };
    case 404:
      return {
        type: 'warning',
        message: `Resource Not Found: ${error ?? 'The requested resource was not found.'}`,
      };
    case 400:
      return { type: 'error', message: `An error occurred: ${error ?? 'Invalid request data.'}` };
    case 500:
      return {
        type: 'error',
        message: `Server Error: ${error ?? 'Something went wrong on the server.'}`,
      };
    default:
      return { type: 'error', message: `Error: ${error ?? 'An unexpected error occurred.'}` };
  }
}

/** What a screen needs to know about a failed call (status, code, sentence, details). */
export interface ApiFailure {
  status: number | undefined;
  code: string | undefined;
  error: string | undefined;
  details: unknown;
}

/** Reads a failed call's `response` (the shape of the API client's ApiError), for screens and tests. */
export function readApiFailure(err: unknown): ApiFailure {
  const response =
    err && typeof err === 'object' && 'response' in err
      ? (err as { response?: { status?: unknown; data?: unknown } }).response
      : undefined;
  const status = typeof response?.status === 'number' ? response.status : undefined;
  const body = response?.data;
  const code =
    body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  const details = body && typeof body === 'object' && 'details' in body ? body.details : undefined;
  return { status, code, error: errorField(body), details };
}

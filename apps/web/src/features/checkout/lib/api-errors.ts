import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { describeApiError, readApiFailure, type ApiFailure } from '../../../lib/api-error.ts';

/**
 * Shows a failure the screen does not explain itself as the global toast (spec §8), the
 * same words the API client's interceptor uses. Screens that show a sentence inline call
 * with `skipErrorToast` and hand everything else here.
 */
export function toastFailure(failure: ApiFailure, body?: unknown): void {
  const { type, message, autoClose } = describeApiError(
    failure.status,
    body ?? (failure.error ? { error: failure.error } : undefined),
  );
  toast[type](message, { toastId: message, ...(autoClose ? { autoClose } : {}) });
}

/** A failure a checkout screen explains inline: the request's own answer to the buyer. */
export function isInlineFailure(failure: ApiFailure): boolean {
  return (
    failure.status !== undefined &&
    failure.error !== undefined &&
    [400, 402, 404, 409].includes(failure.status)
  );
}

/**
 * For a screen that explains the buyer's own mistakes inline: returns the sentence to show,
 * or toasts anything else (network, rate limit, server error) and returns undefined.
 */
export function inlineOrToast(err: unknown): string | undefined {
  if (!isApiError(err)) {
    // Not an HTTP failure (an answer this app cannot read): the spec's "other" toast, not
    // the network one, and the details for whoever opens the console.
    console.error(err);
    toastFailure({ status: 0, code: undefined, error: undefined, details: undefined });
    return undefined;
  }
  const failure = readApiFailure(err);
  if (isInlineFailure(failure)) return failure.error;
  toastFailure(failure);
  return undefined;
}

/**
 * The waiting room's queue, when an order was refused for want of a turn (403 WAITING_ROOM,
 * decision 034): the path of `details.queueUrl` on this site, so a reply can never send the
 * buyer to another one.
 */
export function waitingRoomQueue(err: unknown): string | undefined {
  if (!isApiError(err)) return undefined;
  const failure = readApiFailure(err);
  if (failure.status !== 403 || failure.code !== 'WAITING_ROOM') return undefined;
  const details = failure.details as { queueUrl?: unknown } | undefined;
  if (typeof details?.queueUrl !== 'string') return undefined;
  try {
    const url = new URL(details.queueUrl, window.location.origin);
    return /^\/events\/[^/]+\/queue$/.test(url.pathname) ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

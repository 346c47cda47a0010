import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_HEADERS } from '@gatepass/shared';
import {
  BlockedAddressError,
  literalRefused,
  PRIVATE_REFUSAL,
  safeLookup,
} from './webhooks.address.ts';

/** `v1=` and the hex HMAC-SHA256 of `{timestamp}.{body}` (docs/integrations.md). */
export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface SendResult {
  /** The endpoint's HTTP status; null when none came. */
  statusCode: number | null;
  /** Why the attempt failed (null: answered 2xx). */
  error: string | null;
  durationMs: number;
}

/**
 * POSTs one signed delivery. Never follows a redirect (a 3xx is a failed attempt, so a
 * receiver cannot bounce a delivery to an internal address), connects only to an address
 * `safeLookup` checked, reads no more of the answer than its status, and gives up after
 * `timeoutMs`. Resolves for every outcome; rejects only when `signal` aborts (shutdown).
 */
export function postDelivery(input: {
  url: string;
  body: string;
  secret: string;
  deliveryId: string;
  event: string;
  allowLoopback: boolean;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  if (literalRefused(url, input.allowLoopback)) {
    return Promise.resolve({ statusCode: null, error: PRIVATE_REFUSAL, durationMs: 0 });
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, durationMs: took() });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: safeLookup(input.allowLoopback),
        // A fresh connection each time: a kept-alive socket would skip the address check.
        agent: false,
        timeout: input.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Gatepass-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signature(input.secret, timestamp, input.body),
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.delivery]: input.deliveryId,
          [WEBHOOK_HEADERS.event]: input.event,
        },
        ...(input.signal ? { signal: input.signal } : {}),
      },
      (res) => {
        const code = res.statusCode ?? 0;
        res.resume();
        res.on('error', () => {});
        if (code >= 200 && code < 300) finish({ statusCode: code, error: null });
        else if (code >= 300 && code < 400)
          finish({
            statusCode: code,
            error: `Answered ${code} (a redirect): redirects are not followed. Use the final URL.`,
          });
        else finish({ statusCode: code, error: `Answered ${code}.` });
        req.destroy();
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${Math.round(input.timeoutMs / 1000)} s.`));
    }, input.timeoutMs);
    req.on('timeout', () =>
      req.destroy(new Error(`No answer within ${Math.round(input.timeoutMs / 1000)} s.`)),
    );
    req.on('close', () => clearTimeout(timer));
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (input.signal?.aborted) {
        settled = true;
        reject(err);
        return;
      }
      const message =
        err instanceof BlockedAddressError
          ? err.message
          : err.code === 'ENOTFOUND'
            ? `The host ${url.hostname} could not be found.`
            : err.code === 'ECONNREFUSED'
              ? 'The connection was refused.'
              : err.message;
      finish({ statusCode: null, error: message.slice(0, 300) });
    });
    req.end(input.body);
  });
}

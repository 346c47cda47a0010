import { WIDGET_MESSAGE } from '@gatepass/shared';
import { embedded, embedOptions } from '../../../config/embed.ts';
import { orderTokens } from './order-tokens.ts';

/** The host page's origin, the only one the widget trades an order's token with. */
export function hostOrigin(): string | null {
  try {
    return embedOptions?.host ? new URL(embedOptions.host).origin : null;
  } catch {
    return null;
  }
}

/**
 * Back from Paystack in a frame that could not keep the order's token (its storage is
 * blocked, decision 075): asks the loader on the host page, which kept it in that tab for
 * the round trip. Resolves true once the token is here; false when none comes.
 */
export function askHostForToken(orderId: string, timeoutMs = 3_000): Promise<boolean> {
  const origin = hostOrigin();
  if (!embedded || window.parent === window || !origin) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      window.removeEventListener('message', listen);
      window.clearTimeout(timer);
      resolve(ok);
    };
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; order?: unknown; token?: unknown } | null;
      if (event.source !== window.parent || event.origin !== origin) return;
      if (data?.type !== WIDGET_MESSAGE.token || data.order !== orderId) return;
      done(typeof data.token === 'string' && orderTokens.adopt(orderId, data.token));
    };
    window.addEventListener('message', listen);
    const timer = window.setTimeout(() => done(false), timeoutMs);
    window.parent.postMessage({ type: WIDGET_MESSAGE.tokenRequest, order: orderId }, origin);
  });
}

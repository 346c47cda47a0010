/**
 * The access token of each order this browser created or looked up, kept in local storage
 * under the order's id, so a reload of the payment or confirmation page still reads it.
 * It never goes in a page URL (only in the PDF and calendar download links, which a
 * browser cannot send a header with).
 */
const tokenKey = (orderId: string) => `gatepass:order-token:${orderId}`;
/** The order id behind an order code this browser holds a token for (for /orders/{code}). */
const codeKey = (orderCode: string) => `gatepass:order-code:${orderCode}`;

/**
 * Tokens kept in memory too: where storage is blocked (the widget in a frame on another
 * site when the browser blocks third-party cookies, decision 074) the checkout still
 * works until the frame is reloaded.
 */
const memory = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export const orderTokens = {
  get(orderId: string): string | null {
    try {
      return storage()?.getItem(tokenKey(orderId)) ?? memory.get(orderId) ?? null;
    } catch {
      return memory.get(orderId) ?? null;
    }
  },
  save(order: { id: string; orderCode: string }, token: string): void {
    memory.set(order.id, token);
    try {
      storage()?.setItem(tokenKey(order.id), token);
      storage()?.setItem(codeKey(order.orderCode), order.id);
    } catch {
      // Storage full or blocked: this page still works until it is reloaded.
    }
  },
  /**
   * A token handed over in the page's fragment (`#token=…`): the widget's "continue in a
   * new tab" when its frame cannot store (decision 074). Kept, and the fragment dropped
   * from the address so it is not bookmarked or shared.
   */
  adoptFromHash(orderId: string): void {
    if (typeof window === 'undefined') return;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (!token || !orderTokens.adopt(orderId, token)) return;
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  },
  /** Keeps a token handed over from elsewhere (a new tab, the widget's host page). */
  adopt(orderId: string, token: string): boolean {
    if (!/^[A-Za-z0-9_-]{16,200}$/.test(token)) return false;
    memory.set(orderId, token);
    try {
      storage()?.setItem(tokenKey(orderId), token);
    } catch {
      // Blocked: memory only.
    }
    return true;
  },
  /** The id of the order with this code, when this browser holds its token. */
  orderIdForCode(orderCode: string): string | null {
    try {
      const id = storage()?.getItem(codeKey(orderCode)) ?? null;
      return id && orderTokens.get(id) ? id : null;
    } catch {
      return null;
    }
  },
  /** Drops a token the server no longer accepts (a lookup's token lasts a day). */
  forgetToken(orderId: string): void {
    memory.delete(orderId);
    try {
      storage()?.removeItem(tokenKey(orderId));
    } catch {
      // Nothing to remove from a blocked store.
    }
  },
  forget(order: { id: string; orderCode: string }): void {
    memory.delete(order.id);
    try {
      storage()?.removeItem(tokenKey(order.id));
      storage()?.removeItem(codeKey(order.orderCode));
    } catch {
      // Nothing to remove from a blocked store.
    }
  },
};

/**
 * widget.js — the script an organiser puts on their own page (issue 26 §1, decision 074):
 *
 *   <script async src="https://gatepass.example/widget.js"></script>
 *   <div data-gatepass-event="my-event" data-layout="list" data-theme="light"
 *        data-accent="#4f46e5" data-ref="instagram"></div>
 *
 * It loads nothing until an element is about to come on screen (IntersectionObserver),
 * then puts an iframe of Gatepass's /embed page in it. The frame tells its height by
 * postMessage and the iframe follows it; messages are taken only from Gatepass's origin
 * and from that frame. Paystack's page opens in place of the whole host page, and
 * Paystack sends the buyer back to it: the return's parameters in the address reopen the
 * widget on the order (decision 075). Nothing of the host page is read but its address.
 */
import {
  EMBED_BASE,
  EMBED_QUERY,
  WIDGET_ATTR,
  WIDGET_KEPT_ORDER,
  WIDGET_MESSAGE,
  WIDGET_NAVIGATE_HOSTS,
  WIDGET_RETURN,
  WIDGET_SCRIPT_PATH,
} from '@gatepass/shared/widget';

interface GatepassGlobal {
  /** Looks for new widget elements (for pages that add them after loading). */
  scan(): void;
}

declare global {
  interface Window {
    Gatepass?: GatepassGlobal;
  }
}

/** Where Gatepass is: the address this script was loaded from. */
function gatepassOrigin(): string | undefined {
  const script =
    (document.currentScript as HTMLScriptElement | null) ??
    document.querySelector<HTMLScriptElement>(`script[src$="${WIDGET_SCRIPT_PATH}"]`);
  if (!script?.src) return undefined;
  return new URL(script.src, window.location.href).origin;
}

/** The host page's address without a Paystack return's parameters or the fragment. */
function hostAddress(): string {
  const url = new URL(window.location.href);
  url.hash = '';
  // `reference` and `trxref` are Paystack's only beside a return's gatepass_order.
  if (url.searchParams.has(WIDGET_RETURN.order)) {
    for (const name of Object.values(WIDGET_RETURN)) url.searchParams.delete(name);
  }
  return url.toString();
}

function start(origin: string): GatepassGlobal {
  const frames = new Map<Window, HTMLIFrameElement>();
  const here = new URL(window.location.href);
  // Paystack sent the buyer back here: that order's screen opens in the first widget of
  // its event (or the first widget), and the address is cleaned.
  let returning: { order: string; event: string | null; reference: string | null } | null =
    here.searchParams.get(WIDGET_RETURN.order) !== null
      ? {
          order: here.searchParams.get(WIDGET_RETURN.order) ?? '',
          event: here.searchParams.get(WIDGET_RETURN.event),
          // trxref first: it is Paystack's alone (the page may have a `reference` of its own).
          reference:
            here.searchParams.get(WIDGET_RETURN.trxref) ??
            here.searchParams.get(WIDGET_RETURN.reference),
        }
      : null;
  if (returning) window.history.replaceState(window.history.state, '', hostAddress());
  // The order's token kept in this tab for the way back from Paystack, taken out at once:
  // it is handed to the frame that asks for that order, then gone.
  let kept: { order: string; token: string } | null = null;
  try {
    const raw = window.sessionStorage.getItem(WIDGET_KEPT_ORDER);
    window.sessionStorage.removeItem(WIDGET_KEPT_ORDER);
    const value = raw ? (JSON.parse(raw) as { order?: unknown; token?: unknown }) : null;
    if (returning && typeof value?.order === 'string' && typeof value.token === 'string') {
      kept = { order: value.order, token: value.token };
    }
  } catch {
    kept = null;
  }

  const frameUrl = (element: HTMLElement, slug: string): string => {
    const query = new URLSearchParams();
    const option = (name: string, attr: string) => {
      const value = element.getAttribute(attr);
      if (value) query.set(name, value);
    };
    option(EMBED_QUERY.layout, WIDGET_ATTR.layout);
    option(EMBED_QUERY.theme, WIDGET_ATTR.theme);
    option(EMBED_QUERY.accent, WIDGET_ATTR.accent);
    option(EMBED_QUERY.ref, WIDGET_ATTR.ref);
    query.set(EMBED_QUERY.via, 'widget');
    query.set(EMBED_QUERY.host, hostAddress());
    if (returning && (returning.event === null || returning.event === slug)) {
      query.set('order', returning.order);
      if (returning.reference) query.set('reference', returning.reference);
      returning = null;
      return `${origin}${EMBED_BASE}/checkout/return?${query}`;
    }
    return `${origin}${EMBED_BASE}/events/${encodeURIComponent(slug)}?${query}`;
  };

  const mount = (element: HTMLElement) => {
    const slug = element.getAttribute(WIDGET_ATTR.event) ?? '';
    const iframe = document.createElement('iframe');
    const back = returning !== null;
    iframe.src = frameUrl(element, slug);
    iframe.title = 'Tickets';
    iframe.setAttribute('allow', 'payment; clipboard-write');
    iframe.style.cssText =
      'display:block;width:100%;min-width:280px;max-width:100%;height:160px;border:0;overflow:hidden;background:transparent;color-scheme:normal';
    element.replaceChildren(iframe);
    if (iframe.contentWindow) frames.set(iframe.contentWindow, iframe);
    if (back) element.scrollIntoView({ block: 'start' });
  };

  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== origin || !event.source) return;
    const iframe = frames.get(event.source as Window);
    const data = event.data as {
      type?: unknown;
      height?: unknown;
      url?: unknown;
      order?: unknown;
      token?: unknown;
    } | null;
    if (!iframe || !data || typeof data !== 'object') return;
    if (data.type === WIDGET_MESSAGE.resize && typeof data.height === 'number') {
      const height = Math.min(Math.max(Math.ceil(data.height), 60), 20_000);
      iframe.style.height = `${height}px`;
    } else if (data.type === WIDGET_MESSAGE.navigate && typeof data.url === 'string') {
      // Only to Paystack's checkout (or Gatepass's own sandbox of it): the frame cannot
      // send the host page anywhere else.
      let target: URL;
      try {
        target = new URL(data.url);
      } catch {
        return;
      }
      const paystack =
        target.protocol === 'https:' &&
        (WIDGET_NAVIGATE_HOSTS as readonly string[]).includes(target.hostname);
      if (!paystack && target.origin !== origin) return;
      if (typeof data.order === 'string' && typeof data.token === 'string') {
        try {
          window.sessionStorage.setItem(
            WIDGET_KEPT_ORDER,
            JSON.stringify({ order: data.order, token: data.token }),
          );
        } catch {
          // No storage here either: the way back asks the buyer to open their email.
        }
      }
      window.location.assign(target.toString());
    } else if (data.type === WIDGET_MESSAGE.tokenRequest && kept && data.order === kept.order) {
      iframe.contentWindow?.postMessage(
        { type: WIDGET_MESSAGE.token, order: kept.order, token: kept.token },
        origin,
      );
      kept = null;
    }
  });

  const observer =
    'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              mount(entry.target as HTMLElement);
            }
          },
          { rootMargin: '200px 0px' },
        )
      : null;

  const scan = () => {
    for (const element of document.querySelectorAll<HTMLElement>(`[${WIDGET_ATTR.event}]`)) {
      if (element.dataset.gatepassReady) continue;
      element.dataset.gatepassReady = '1';
      // Coming back from Paystack: that widget opens at once, wherever it is.
      if (observer && !returning) observer.observe(element);
      else mount(element);
    }
  };
  return { scan };
}

const origin = gatepassOrigin();
if (origin && !window.Gatepass) {
  const gatepass = start(origin);
  window.Gatepass = gatepass;
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', gatepass.scan);
  } else gatepass.scan();
}

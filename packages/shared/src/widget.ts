/**
 * The widget's shared words (issue 26 §1, decision 074): the paths the host page loads,
 * the attributes of its element, the messages between the loader script and the embedded
 * page, and the query parameters of a Paystack return into the host page. Plain values
 * only: the loader script imports this file and must stay small.
 */

/** Every page the widget frames lives under this path; only these may be framed. */
export const EMBED_BASE = '/embed';
/** The loader script a host page includes. */
export const WIDGET_SCRIPT_PATH = '/widget.js';

export const WIDGET_LAYOUTS = ['list', 'button'] as const;
export type WidgetLayout = (typeof WIDGET_LAYOUTS)[number];
export const WIDGET_THEMES = ['light', 'dark'] as const;
export type WidgetTheme = (typeof WIDGET_THEMES)[number];
/** Gatepass's own indigo-600, the accent when the organiser picks none. */
export const WIDGET_DEFAULT_ACCENT = '#4f46e5';
/** `#rgb` or `#rrggbb`: the only accent values the embedded page takes. */
export const WIDGET_ACCENT = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The host element's attributes. */
export const WIDGET_ATTR = {
  event: 'data-gatepass-event',
  layout: 'data-layout',
  theme: 'data-theme',
  accent: 'data-accent',
  ref: 'data-ref',
} as const;

/** The embedded page's query: the options, the tracking source, and the host page. */
export const EMBED_QUERY = {
  layout: 'layout',
  theme: 'theme',
  accent: 'accent',
  /** Always `widget` in the widget: where the sale came from (issue 26 §4). */
  via: 'via',
  /** The host element's data-ref, a tracking link's code (issue 26 §4). */
  ref: 'ref',
  /** The host page's address, where Paystack sends the buyer back (decision 075). */
  host: 'host',
} as const;

/** Messages, `{ type, … }`, posted between the embedded page and the loader. */
export const WIDGET_MESSAGE = {
  /** Embedded page → loader: `{ height }`, the page's content height in CSS pixels. */
  resize: 'gatepass:resize',
  /**
   * Embedded page → loader: `{ url, order, token }`, take the whole host page there
   * (Paystack), keeping the order's access token in the host tab's sessionStorage for the
   * way back: the frame itself may have no storage (decision 075).
   */
  navigate: 'gatepass:navigate',
  /** Embedded page → loader, back from Paystack: `{ order }`, the token kept for it? */
  tokenRequest: 'gatepass:token-request',
  /** Loader → embedded page: `{ order, token }`, handed over once and forgotten. */
  token: 'gatepass:token',
} as const;

/** The host tab's sessionStorage key the loader keeps a paying order's token under. */
export const WIDGET_KEPT_ORDER = 'gatepass:widget-order';

/**
 * Query parameters of the host page when Paystack sends the buyer back into it (decision
 * 075): the loader opens the widget on the order's return screen and removes them.
 */
export const WIDGET_RETURN = {
  order: 'gatepass_order',
  event: 'gatepass_event',
  /** Paystack adds these two to every callback URL. */
  reference: 'reference',
  trxref: 'trxref',
} as const;

/** Hosts the loader lets the embedded page send the whole host page to (Paystack). */
export const WIDGET_NAVIGATE_HOSTS = ['checkout.paystack.com'] as const;

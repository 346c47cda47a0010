import {
  EMBED_BASE,
  EMBED_QUERY,
  WIDGET_ACCENT,
  WIDGET_DEFAULT_ACCENT,
  WIDGET_LAYOUTS,
  WIDGET_THEMES,
  type WidgetLayout,
  type WidgetTheme,
} from '@gatepass/shared';

/**
 * The widget (issue 26 §1, decision 074): the same app, served under /embed inside an
 * iframe on the organiser's site. Whether this page is the widget is decided once, from
 * the address it was loaded at; its options come from that address's query and are kept
 * for the tab (sessionStorage) so a reload inside the frame keeps them.
 */
export interface EmbedOptions {
  layout: WidgetLayout;
  theme: WidgetTheme;
  accent: string;
  /** A tracking link's code from the host element's data-ref (issue 26 §4). */
  ref: string | null;
  /** The host page's address, where Paystack sends the buyer back (decision 075). */
  host: string | null;
}

const STORAGE_KEY = 'gatepass:embed';

export const embedded =
  typeof window !== 'undefined' &&
  (window.location.pathname === EMBED_BASE ||
    window.location.pathname.startsWith(`${EMBED_BASE}/`));

/** The options in a query string, each checked; anything else falls back to the default. */
export function readEmbedOptions(search: string, kept?: Partial<EmbedOptions>): EmbedOptions {
  const q = new URLSearchParams(search);
  const pick = <T extends string>(values: readonly T[], raw: string | null, fallback: T): T =>
    values.includes(raw as T) ? (raw as T) : fallback;
  const accent = q.get(EMBED_QUERY.accent);
  const ref = q.get(EMBED_QUERY.ref);
  const host = q.get(EMBED_QUERY.host);
  return {
    layout: pick(WIDGET_LAYOUTS, q.get(EMBED_QUERY.layout), kept?.layout ?? 'list'),
    theme: pick(WIDGET_THEMES, q.get(EMBED_QUERY.theme), kept?.theme ?? 'light'),
    accent: accent && WIDGET_ACCENT.test(accent) ? accent : (kept?.accent ?? WIDGET_DEFAULT_ACCENT),
    ref: ref && /^[A-Za-z0-9_-]{1,32}$/.test(ref) ? ref : (kept?.ref ?? null),
    host: host && /^https?:\/\//i.test(host) && host.length <= 2000 ? host : (kept?.host ?? null),
  };
}

function loadOptions(): EmbedOptions {
  let kept: Partial<EmbedOptions> | undefined;
  try {
    kept = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null') ?? undefined;
  } catch {
    kept = undefined; // storage blocked in a third-party frame: the address alone
  }
  const options = readEmbedOptions(window.location.search, kept);
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(options));
  } catch {
    // Blocked: a reload inside the frame falls back to the defaults.
  }
  return options;
}

export const embedOptions: EmbedOptions | null = embedded ? loadOptions() : null;

/**
 * Whether this frame can keep anything across a reload (localStorage): a browser that
 * blocks third-party cookies blocks a third-party frame's storage too (Chrome), and the
 * Paystack round trip then continues in a tab of Gatepass's own instead (decision 074).
 */
export function frameCanStore(): boolean {
  try {
    const probe = 'gatepass:probe';
    window.localStorage.setItem(probe, '1');
    window.localStorage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

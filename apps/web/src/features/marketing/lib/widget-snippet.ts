import {
  EMBED_BASE,
  EMBED_QUERY,
  WIDGET_ACCENT,
  WIDGET_ATTR,
  WIDGET_DEFAULT_ACCENT,
  WIDGET_SCRIPT_PATH,
  type WidgetLayout,
  type WidgetTheme,
} from '@gatepass/shared';

/** The organiser's choices for an event's widget (issue 26 §1). */
export interface WidgetSettings {
  layout: WidgetLayout;
  theme: WidgetTheme;
  accent: string;
  /** A tracking link's code, passed through as data-ref (issue 26 §4); empty for none. */
  ref: string;
}

export const DEFAULT_WIDGET: WidgetSettings = {
  layout: 'list',
  theme: 'light',
  accent: WIDGET_DEFAULT_ACCENT,
  ref: '',
};

/** A tracking code as the widget passes it on: letters, digits, _ and -, up to 32. */
export const WIDGET_REF = /^[A-Za-z0-9_-]{0,32}$/;

/** The iframe fallback's fixed height: it cannot follow its content without the script. */
export const IFRAME_FALLBACK_HEIGHT = 720;

const attr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The settings cleaned: an accent or code that is not valid is left out. */
function cleaned(settings: WidgetSettings): WidgetSettings {
  return {
    ...settings,
    accent: WIDGET_ACCENT.test(settings.accent)
      ? settings.accent.toLowerCase()
      : WIDGET_DEFAULT_ACCENT,
    ref: WIDGET_REF.test(settings.ref) ? settings.ref : '',
  };
}

/** The embedded page's address for these settings (the preview, the iframe fallback). */
export function embedUrl(origin: string, slug: string, settings: WidgetSettings): string {
  const s = cleaned(settings);
  const query = new URLSearchParams();
  query.set(EMBED_QUERY.layout, s.layout);
  query.set(EMBED_QUERY.theme, s.theme);
  query.set(EMBED_QUERY.accent, s.accent);
  if (s.ref) query.set(EMBED_QUERY.ref, s.ref);
  query.set(EMBED_QUERY.via, 'widget');
  return `${origin}${EMBED_BASE}/events/${encodeURIComponent(slug)}?${query}`;
}

/** The snippet: one script tag and one element (the recommended way). */
export function scriptSnippet(origin: string, slug: string, settings: WidgetSettings): string {
  const s = cleaned(settings);
  const attrs = [
    `${WIDGET_ATTR.event}="${attr(slug)}"`,
    `${WIDGET_ATTR.layout}="${s.layout}"`,
    `${WIDGET_ATTR.theme}="${s.theme}"`,
    `${WIDGET_ATTR.accent}="${s.accent}"`,
    ...(s.ref ? [`${WIDGET_ATTR.ref}="${attr(s.ref)}"`] : []),
  ];
  return (
    `<script async src="${attr(origin)}${WIDGET_SCRIPT_PATH}"></script>\n` +
    `<div ${attrs.join(' ')}></div>`
  );
}

/**
 * The fallback for site builders that take no script: a plain iframe of a fixed height
 * (it scrolls inside), where Paystack opens in a new tab instead of returning to the page.
 */
export function iframeSnippet(
  origin: string,
  slug: string,
  title: string,
  settings: WidgetSettings,
): string {
  return (
    `<iframe src="${attr(embedUrl(origin, slug, settings))}" title="${attr(`Tickets for ${title}`)}" ` +
    `style="display:block;width:100%;height:${IFRAME_FALLBACK_HEIGHT}px;border:0" loading="lazy"></iframe>`
  );
}

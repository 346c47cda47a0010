import {
  MARKDOWN_ATTRIBUTES,
  MARKDOWN_LINK_REL,
  MARKDOWN_SAFE_URL,
  MARKDOWN_SCHEMES,
  MARKDOWN_TAGS,
  markdownToHtml,
} from '@gatepass/shared/markdown';
import type { IOptions, Tag } from 'sanitize-html';

/**
 * An event's description as the public page shows it: the organiser's Markdown through the
 * same `marked` set-up as their preview (@gatepass/shared/markdown), then sanitize-html
 * with an allowlist of what marked emits, so the browser gets HTML it can insert as is and
 * no Markdown parser (decision 019).
 *
 * Raw HTML in the source is already escaped by marked; the sanitiser is the second line for
 * what Markdown itself can carry: `javascript:` and `data:` links, unexpected attributes.
 */

const OPTIONS: IOptions = {
  allowedTags: [...MARKDOWN_TAGS],
  allowedAttributes: {
    a: [...MARKDOWN_ATTRIBUTES.a, 'target', 'rel'],
    img: [...MARKDOWN_ATTRIBUTES.img],
    th: [...MARKDOWN_ATTRIBUTES.th],
    td: [...MARKDOWN_ATTRIBUTES.td],
  },
  allowedSchemes: [...MARKDOWN_SCHEMES],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Whatever the source said, links open in a new tab, without vouching for them.
    // (href is the only attribute a link keeps; sanitize-html still vets its scheme.)
    a: (tagName, { href }): Tag => ({
      tagName,
      attribs:
        href && MARKDOWN_SAFE_URL.test(href.trim())
          ? { href, target: '_blank', rel: MARKDOWN_LINK_REL }
          : {},
    }),
  },
};

type Sanitize = (html: string, options: IOptions) => string;
// Loaded on the first description, not at start-up: sanitize-html and its parser take some
// 70 ms to import, which a restart would otherwise pay (bench/cold-start.mjs).
let sanitizer: Promise<Sanitize> | undefined;
const loadSanitizer = () => (sanitizer ??= import('sanitize-html').then((m) => m.default));

/**
 * Rendered descriptions by their source, least recently used first out. An event's page is
 * read far more often than its description changes, and keying by the text itself means an
 * edit can never be served stale. Bounded by characters (source + HTML): at most ~4 MB.
 */
const CACHE_CHARS = 2_000_000;
const cache = new Map<string, string>();
let cachedChars = 0;

function remember(source: string, html: string): void {
  const size = source.length + html.length;
  if (size > CACHE_CHARS) return;
  cache.set(source, html);
  cachedChars += size;
  for (const [key, value] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(key);
    cachedChars -= key.length + value.length;
  }
}

/** The description's safe HTML; '' when there is none. */
export async function renderDescription(source: string | null): Promise<string> {
  if (!source) return '';
  const hit = cache.get(source);
  if (hit !== undefined) {
    // Move to the young end of the Map's insertion order.
    cache.delete(source);
    cache.set(source, hit);
    return hit;
  }
  const sanitize = await loadSanitizer();
  const html = sanitize(markdownToHtml(source), OPTIONS);
  if (!cache.has(source)) remember(source, html);
  return html;
}

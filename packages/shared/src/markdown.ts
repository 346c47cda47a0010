import { Marked } from 'marked';

/**
 * Event descriptions are Markdown written by organisers and read by everyone. One `marked`
 * set-up serves both sides, so the organiser's preview (browser, DOMPurify) and the public
 * page (server, sanitize-html) show the same thing: GitHub-flavoured Markdown, single line
 * breaks kept, raw HTML shown as text, and headings starting at h3 (the page's own headings
 * are h1 for the title and h2 for its sections).
 *
 * Imported as `@gatepass/shared/markdown`, never from the package index: the public pages
 * import the index and must not carry a Markdown parser.
 *
 * The output is not safe by itself (a `javascript:` link survives Markdown): each side runs
 * it through its sanitiser with the allowlist below.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    heading({ tokens, depth }) {
      const level = Math.min(6, Math.max(3, depth + 1));
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

/** Markdown to HTML, raw HTML escaped. Unsanitised: pass it through a sanitiser. */
export function markdownToHtml(source: string): string {
  return marked.parse(source) as string;
}

/** What a sanitiser keeps of markdownToHtml's output: the tags marked emits, no more. */
export const MARKDOWN_TAGS = [
  'p',
  'br',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
] as const;

export const MARKDOWN_ATTRIBUTES = {
  a: ['href'],
  img: ['src', 'alt', 'title'],
  th: ['align'],
  td: ['align'],
} as const;

/** URL schemes links and images may use; relative URLs are allowed too. */
export const MARKDOWN_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * A URL with one of those schemes, or none (relative): DOMPurify's default URI pattern
 * narrowed to MARKDOWN_SCHEMES.
 */
export const MARKDOWN_SAFE_URL = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Links open in a new tab without handing the page over (noopener) or vouching for them. */
export const MARKDOWN_LINK_REL = 'noopener noreferrer nofollow ugc';

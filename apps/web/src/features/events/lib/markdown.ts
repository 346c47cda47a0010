import DOMPurify from 'dompurify';
import { Marked } from 'marked';

/**
 * Event descriptions are Markdown written by organisers and read by everyone, so they are
 * rendered without raw HTML: HTML in the source shows as text, and DOMPurify then removes
 * anything that could still run (javascript: links, event handlers) from marked's output.
 * Links open in a new tab without handing the page over (noopener) or vouching for them.
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
    // The page's own headings are h1 (title) and h2 (sections): the description's start at h3.
    heading({ tokens, depth }) {
      const level = Math.min(6, Math.max(3, depth + 1));
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

let hooked = false;
function purifier() {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  return purifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

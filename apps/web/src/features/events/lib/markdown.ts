import DOMPurify from 'dompurify';
import {
  MARKDOWN_ATTRIBUTES,
  MARKDOWN_LINK_REL,
  MARKDOWN_SAFE_URL,
  MARKDOWN_TAGS,
  markdownToHtml,
} from '@gatepass/shared/markdown';

/**
 * The organiser's preview of their description, rendered in the browser. The public page
 * gets the same HTML from the server (descriptionHtml, decision 019): both use the shared
 * `marked` set-up (raw HTML shown as text, headings from h3) and the same allowlist; here
 * DOMPurify applies it, there sanitize-html. Only the wizard loads this (lazily).
 */

let hooked = false;
function purifier() {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', MARKDOWN_LINK_REL);
      }
    });
    hooked = true;
  }
  return DOMPurify;
}

const ALLOWED_ATTR = [...new Set(Object.values(MARKDOWN_ATTRIBUTES).flat())];

export function renderMarkdown(source: string): string {
  return purifier().sanitize(markdownToHtml(source), {
    ALLOWED_TAGS: [...MARKDOWN_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: MARKDOWN_SAFE_URL,
    ADD_ATTR: ['target', 'rel'],
  });
}

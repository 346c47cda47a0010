import { useMemo } from 'react';
import { cn } from '../../../lib/cn.ts';
import { renderMarkdown } from '../lib/markdown.ts';
import { markdownClasses } from './markdown-classes.ts';

/**
 * An organiser's Markdown, rendered safely in the browser (see lib/markdown.ts): the
 * wizard's preview. Loaded on demand through LazyMarkdown; public pages never load it, the
 * server sends them descriptionHtml.
 */
export function MarkdownView({ source, className }: { source: string; className?: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={cn(markdownClasses, className)}
      // Sanitised by DOMPurify after raw HTML was escaped (lib/markdown.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

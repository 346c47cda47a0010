import { useMemo } from 'react';
import { cn } from '../../../lib/cn.ts';
import { renderMarkdown } from '../lib/markdown.ts';
import { markdownClasses } from './markdown-classes.ts';

/**
 * An organiser's Markdown, rendered safely (see lib/markdown.ts). Loaded on demand through
 * LazyMarkdown so the parser is not part of the first paint of a page.
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

import { lazy, Suspense } from 'react';
import { cn } from '../../../lib/cn.ts';
import { markdownClasses } from './markdown-classes.ts';

const MarkdownView = lazy(async () => ({
  default: (await import('./markdown-view.tsx')).MarkdownView,
}));

/**
 * The Markdown renderer in its own chunk: until it arrives the source shows as plain text,
 * so the words are there at once and nothing jumps much.
 */
export function LazyMarkdown({ source, className }: { source: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div className={cn(markdownClasses, 'whitespace-pre-line', className)}>{source}</div>
      }
    >
      <MarkdownView source={source} className={className} />
    </Suspense>
  );
}

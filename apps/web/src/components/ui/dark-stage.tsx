import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The dark, lit backdrop of the pages' openings (home, an event, the sign-in screens, a first
 * event): slate-950 with a decorative glow (`glow`: radial gradients) behind the content.
 */
export function DarkStage({
  as: Tag = 'section',
  className,
  glow,
  children,
}: {
  as?: 'section' | 'div';
  className: string;
  glow: string;
  children: ReactNode;
}) {
  return (
    <Tag className={cn('relative isolate overflow-hidden bg-slate-950', className)}>
      <div aria-hidden="true" className={cn('absolute inset-0 -z-10', glow)} />
      {children}
    </Tag>
  );
}

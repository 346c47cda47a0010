import { cn } from '../../lib/cn.ts';

/**
 * The look of every text input, select and textarea. In a module of its own so a page that
 * styles a plain input (the public event filters) does not load the UI kit form-controls.tsx
 * brings with it.
 */
export const controlClasses = (error?: string) =>
  cn(
    'block w-full rounded-lg border-0 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm sm:text-sm',
    'ring-1 ring-inset placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-inset',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    error ? 'ring-red-400 focus:ring-red-600' : 'ring-slate-300 focus:ring-indigo-600',
  );

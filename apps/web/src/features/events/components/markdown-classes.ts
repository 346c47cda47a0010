import { cn } from '../../../lib/cn.ts';

/** Typography for rendered Markdown (no typography plugin: a handful of element rules). */
export const markdownClasses = cn(
  'text-base leading-7 text-slate-700 break-words',
  '[&>*:first-child]:mt-0 [&_p]:mt-4 [&_h3]:mt-8 [&_h4]:mt-6 [&_h5]:mt-6 [&_h6]:mt-6',
  '[&_h3]:text-xl [&_h4]:text-lg [&_h5]:text-base [&_h6]:text-base',
  '[&_h3]:font-bold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_h3]:text-slate-900 [&_h4]:text-slate-900 [&_h5]:text-slate-900 [&_h6]:text-slate-900',
  '[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:font-medium [&_a]:text-indigo-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-4',
  '[&_img]:mt-4 [&_img]:max-w-full [&_img]:rounded-lg [&_hr]:my-8 [&_hr]:border-slate-200',
  '[&_table]:mt-4 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:p-2 [&_th]:text-left [&_td]:border-b [&_td]:p-2',
);

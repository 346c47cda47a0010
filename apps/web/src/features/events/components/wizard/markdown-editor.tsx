import type { TextFieldProps } from './step-props.ts';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { EVENT_LIMITS } from '@gatepass/shared';
import { useId } from 'react';
import { cn } from '../../../../lib/cn.ts';
import { controlClasses } from '../../../../components/ui/control-classes.ts';
import { LazyMarkdown } from '../lazy-markdown.tsx';

const tabClass = ({ selected }: { selected: boolean }) =>
  cn(
    'rounded-md px-3 py-1.5 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-indigo-600',
    selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );

/** The description: Markdown with a Write / Preview pair of tabs. */
export function MarkdownEditor({ value, onChange, error }: TextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <span id={labelId} className="block text-sm font-medium text-slate-800">
          Description <span className="font-normal text-slate-500">(optional)</span>
        </span>
      </div>
      <TabGroup className="mt-1.5">
        <TabList
          aria-label="Description editor"
          className="inline-flex gap-1 rounded-lg bg-slate-100 p-1"
        >
          <Tab className={tabClass}>Write</Tab>
          <Tab className={tabClass}>Preview</Tab>
        </TabList>
        <TabPanels className="mt-2">
          <TabPanel unmount={false}>
            <textarea
              aria-labelledby={labelId}
              aria-describedby={error ? errorId : hintId}
              aria-invalid={error ? true : undefined}
              rows={10}
              maxLength={EVENT_LIMITS.descriptionMax}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              placeholder={
                '## What to expect\n\nLive band from 7 pm, food and drinks on sale.\n\n- Dress code: smart casual\n- Free parking'
              }
              className={cn(controlClasses(error), 'font-mono leading-6')}
            />
          </TabPanel>
          <TabPanel className="min-h-[16rem] rounded-lg bg-white p-4 ring-1 ring-inset ring-slate-200">
            {value.trim() ? (
              <LazyMarkdown source={value} />
            ) : (
              <p className="text-sm text-slate-500">Nothing to preview yet.</p>
            )}
          </TabPanel>
        </TabPanels>
      </TabGroup>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={hintId} className="mt-1.5 text-sm text-slate-500">
          Markdown works: **bold**, *italic*, ## headings, - lists and [links](https://…). HTML is
          shown as text.
        </p>
      )}
    </div>
  );
}

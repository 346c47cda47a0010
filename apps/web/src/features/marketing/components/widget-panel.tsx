import type { MarketedEvent } from '../lib/marketed-event.ts';
import { UnpublishedNotice } from './unpublished-notice.tsx';
import {
  WIDGET_ACCENT,
  WIDGET_MESSAGE,
  type WidgetLayout,
  type WidgetTheme,
} from '@gatepass/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { controlClasses } from '../../../components/ui/control-classes.ts';
import { Panel } from '../../../components/ui/panel.tsx';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import {
  DEFAULT_WIDGET,
  embedUrl,
  iframeSnippet,
  scriptSnippet,
  WIDGET_REF,
  type WidgetSettings,
} from '../lib/widget-snippet.ts';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied.`);
  } catch {
    toast.error('Could not copy. Select the code and copy it yourself.');
  }
}

/** A row of two or three choices, as radio buttons styled as a segmented control. */
function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1.5 inline-flex rounded-lg bg-slate-100 p-1">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600',
              value === o.value ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="sr-only"
            />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Code({
  id,
  label,
  code,
  hint,
}: {
  id: string;
  label: string;
  code: string;
  hint: ReactNode;
}) {
  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <Button variant="secondary" size="sm" onClick={() => void copy(code, label)}>
          Copy
        </Button>
      </div>
      <textarea
        id={id}
        readOnly
        rows={code.split('\n').length + 1}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
        className={cn(controlClasses(), 'mt-1.5 resize-none font-mono text-xs')}
      />
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

/**
 * The live preview: the real embedded page in an iframe, as tall as its content (the same
 * messages the loader script follows), at a phone's or a desktop's width.
 */
function Preview({ src, width }: { src: string; width: 'phone' | 'desktop' }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(240);
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (
        event.origin === window.location.origin &&
        event.source === frame.current?.contentWindow &&
        data?.type === WIDGET_MESSAGE.resize &&
        typeof data.height === 'number'
      ) {
        setHeight(Math.min(Math.max(data.height, 60), 4000));
      }
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, []);
  return (
    <div className="rounded-xl bg-slate-100 p-3 ring-1 ring-inset ring-slate-200">
      <iframe
        ref={frame}
        key={src}
        src={src}
        title="Widget preview"
        style={{ height }}
        className={cn('mx-auto block w-full border-0', width === 'phone' ? 'max-w-[375px]' : '')}
      />
    </div>
  );
}

/**
 * The widget (issue 26 §1): the organiser picks the look, copies the snippet for their own
 * site (or the iframe fallback) and sees it live, selling this very event.
 */
export function WidgetPanel({ event }: { event: MarketedEvent }) {
  const [settings, setSettings] = useState<WidgetSettings>(DEFAULT_WIDGET);
  const [accentText, setAccentText] = useState(DEFAULT_WIDGET.accent);
  const [width, setWidth] = useState<'phone' | 'desktop'>('desktop');
  const origin = window.location.origin;
  const change = (next: Partial<WidgetSettings>) => setSettings((s) => ({ ...s, ...next }));
  const refValid = WIDGET_REF.test(settings.ref);
  const accentValid = WIDGET_ACCENT.test(accentText);

  let body;
  if (event.status !== 'published') {
    body = (
      <UnpublishedNotice
        event={event}
        cancelled="This event is cancelled, so it sells nowhere."
        unpublished="Publish this event to put its tickets on your own site."
      />
    );
  } else {
    body = (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-5">
          <Choice<WidgetLayout>
            legend="Show"
            name="widget-layout"
            value={settings.layout}
            options={[
              { value: 'list', label: 'Ticket list' },
              { value: 'button', label: 'Button only' },
            ]}
            onChange={(layout) => change({ layout })}
          />
          <Choice<WidgetTheme>
            legend="Theme"
            name="widget-theme"
            value={settings.theme}
            options={[
              { value: 'light', label: 'Light' },
              { value: 'dark', label: 'Dark' },
            ]}
            onChange={(theme) => change({ theme })}
          />
          <div>
            <label htmlFor="widget-accent" className="text-sm font-medium text-slate-800">
              Accent colour
            </label>
            <div className="mt-1.5 flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the accent colour"
                value={settings.accent}
                onChange={(e) => {
                  setAccentText(e.target.value);
                  change({ accent: e.target.value });
                }}
                className="h-10 w-12 cursor-pointer rounded-lg border-0 bg-transparent p-0"
              />
              <input
                id="widget-accent"
                value={accentText}
                maxLength={7}
                aria-invalid={!accentValid}
                onChange={(e) => {
                  setAccentText(e.target.value);
                  if (WIDGET_ACCENT.test(e.target.value)) change({ accent: e.target.value });
                }}
                className={cn(
                  controlClasses(accentValid ? undefined : 'x'),
                  'w-32 font-mono text-sm',
                )}
              />
            </div>
            {accentValid ? null : (
              <p className="mt-1 text-sm text-red-700">Type a colour as #rrggbb.</p>
            )}
          </div>
          <div>
            <label htmlFor="widget-ref" className="text-sm font-medium text-slate-800">
              Tracking code (optional)
            </label>
            <input
              id="widget-ref"
              value={settings.ref}
              maxLength={32}
              aria-invalid={!refValid}
              onChange={(e) => change({ ref: e.target.value.trim() })}
              placeholder="e.g. website"
              className={cn(controlClasses(refValid ? undefined : 'x'), 'mt-1.5 font-mono')}
            />
            <p className={cn('mt-1 text-xs', refValid ? 'text-slate-500' : 'text-red-700')}>
              {refValid
                ? "A tracking link's code: sales through this widget count for it too."
                : 'Letters, digits, - and _ only.'}
            </p>
          </div>
          <Code
            id="widget-snippet"
            label="Snippet"
            code={scriptSnippet(origin, event.slug, settings)}
            hint="Paste it where the tickets should appear. It loads when a visitor scrolls to it, fits its content and runs the whole checkout on your page."
          />
          <Code
            id="widget-iframe"
            label="Iframe (if your site builder takes no script)"
            code={iframeSnippet(origin, event.slug, event.title, settings)}
            hint="A fixed height that scrolls inside; card payments open in a new tab."
          />
        </div>
        <div className="min-w-0">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="text-sm font-medium text-slate-800">Live preview</p>
            <Choice<'phone' | 'desktop'>
              legend="Preview width"
              name="widget-preview-width"
              value={width}
              options={[
                { value: 'phone', label: 'Phone' },
                { value: 'desktop', label: 'Desktop' },
              ]}
              onChange={setWidth}
            />
          </div>
          <Preview src={embedUrl(origin, event.slug, settings)} width={width} />
        </div>
      </div>
    );
  }

  return (
    <Panel
      id="widget"
      title="Sell on your website"
      description="Put this event's tickets and checkout on your own site, link page or blog."
    >
      {body}
    </Panel>
  );
}

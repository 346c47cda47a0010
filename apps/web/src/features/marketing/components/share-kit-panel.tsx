import type { MarketedEvent } from '../lib/marketed-event.ts';
import { UnpublishedNotice } from './unpublished-notice.tsx';
import { LinkField } from '../../../components/ui/link-field.tsx';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { controlClasses } from '../../../components/ui/control-classes.ts';
import { Panel } from '../../../components/ui/panel.tsx';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';
import { readApiFailure } from '../../../lib/api-error.ts';
import { useCopy } from '../../../lib/clipboard.ts';
import { cn } from '../../../lib/cn.ts';
import { useDownloadPoster } from '../api/download-poster.ts';
import { useShareKit } from '../api/get-share-kit.ts';

/** The event's public link to copy and its printable QR poster (PNG and PDF). */
export function ShareKitPanel({ event }: { event: MarketedEvent }) {
  const shareable = event.status === 'published';
  const kit = useShareKit(event.id, shareable);
  const poster = useDownloadPoster();
  const { copied, copy } = useCopy();
  const [downloading, setDownloading] = useState<'png' | 'pdf' | null>(null);

  const download = (format: 'png' | 'pdf') => {
    if (!kit.data) return;
    setDownloading(format);
    poster.mutate(
      {
        path: format === 'png' ? kit.data.posterPng : kit.data.posterPdf,
        fallbackName: `${event.slug}-poster.${format}`,
      },
      { onSettled: () => setDownloading(null) },
    );
  };

  let body;
  if (!shareable) {
    body = (
      <UnpublishedNotice
        event={event}
        cancelled="This event is cancelled, so there is nothing to share."
        unpublished="Publish this event to get its public link and QR poster."
      />
    );
  } else if (kit.isPending) {
    body = <BlockSpinner label="Loading share kit…" className="py-10" />;
  } else if (kit.isError) {
    body = (
      <Alert tone="error">
        {readApiFailure(kit.error).error ?? 'The share kit could not be loaded.'}
      </Alert>
    );
  } else {
    const { link, qrDataUrl, title } = kit.data;
    const text = encodeURIComponent(`${title} — get your tickets: ${link}`);
    body = (
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="min-w-0 space-y-5">
          <LinkField
            id="share-link"
            label="Event link"
            value={link}
            inputClassName={cn(controlClasses(), 'font-mono text-sm')}
            action={
              <Button
                variant="secondary"
                onClick={() =>
                  void copy(link).then((ok) => {
                    if (ok) {
                      toast.success('Link copied.');
                    } else {
                      toast.error('Could not copy. Select the link and copy it yourself.');
                    }
                  })
                }
              >
                {copied ? 'Copied' : 'Copy link'}
              </Button>
            }
          />
          <div>
            <p className="text-sm font-medium text-slate-800">Share it</p>
            <div className="mt-1.5 flex flex-wrap gap-2">
              <a
                href={`https://wa.me/?text=${text}`}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'sm')}
              >
                WhatsApp
              </a>
              <a
                href={`https://x.com/intent/post?text=${text}`}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'sm')}
              >
                X (Twitter)
              </a>
              <a
                href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'sm')}
              >
                Facebook
              </a>
              <a
                href={`mailto:?subject=${encodeURIComponent(title)}&body=${text}`}
                className={buttonClasses('secondary', 'sm')}
              >
                Email
              </a>
            </div>
          </div>
          <div>
            <p className="text-sm font-medium text-slate-800">Printable poster</p>
            <p className="mt-0.5 text-sm text-slate-600">
              An A4 poster with the event&apos;s QR code: guests scan it to open the event page.
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button disabled={downloading !== null} onClick={() => download('pdf')}>
                {downloading === 'pdf' ? 'Downloading...' : 'Download PDF'}
              </Button>
              <Button
                variant="secondary"
                disabled={downloading !== null}
                onClick={() => download('png')}
              >
                {downloading === 'png' ? 'Downloading...' : 'Download PNG'}
              </Button>
            </div>
          </div>
        </div>
        <figure className="mx-auto w-44 text-center md:mx-0">
          <img
            src={qrDataUrl}
            alt={`QR code linking to ${link}`}
            width={176}
            height={176}
            className="size-44 rounded-xl bg-white p-2 ring-1 ring-slate-200"
          />
          <figcaption className="mt-2 text-xs text-slate-500">
            Scan to open the event page
          </figcaption>
        </figure>
      </div>
    );
  }

  return (
    <Panel
      id="share-kit"
      title="Share kit"
      description="Everything to spread the word about this event."
    >
      {body}
    </Panel>
  );
}

import { calendarFileUrl, whatsappShareUrl, xShareUrl } from '../lib/links.ts';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { CalendarPlusIcon, WhatsappIcon, XLogoIcon } from '../../../components/ui/public-icons.tsx';

const linkClass =
  'inline-flex items-center gap-2 rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** Copy link, WhatsApp, X, and the event as a calendar file. */
export function ShareButtons({
  title,
  url,
  slug,
  calendar,
}: {
  title: string;
  url: string;
  slug: string;
  calendar: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <CopyButton text={url} />
      <a
        href={whatsappShareUrl(title, url)}
        target="_blank"
        rel="noopener noreferrer"
        className={linkClass}
      >
        <WhatsappIcon className="size-4" />
        WhatsApp
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <a
        href={xShareUrl(title, url)}
        target="_blank"
        rel="noopener noreferrer"
        className={linkClass}
      >
        <XLogoIcon className="size-4" />
        Post on X<span className="sr-only">(opens in a new tab)</span>
      </a>
      {calendar ? (
        <a href={calendarFileUrl(slug)} download className={linkClass}>
          <CalendarPlusIcon className="size-4" />
          Add to calendar
        </a>
      ) : null}
    </div>
  );
}

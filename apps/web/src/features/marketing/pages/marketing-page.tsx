import { marketed } from '../lib/marketed-event.ts';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MegaphoneIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyState } from '../../../components/ui/panel.tsx';
import { QueryState } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useManageEvents } from '../../../lib/queries/manage-events.ts';
import { defaultEvent, EventPicker } from '../components/event-picker.tsx';
import { PromoCodesPanel } from '../components/promo-codes-panel.tsx';
import { ShareKitPanel } from '../components/share-kit-panel.tsx';
import { WidgetPanel } from '../components/widget-panel.tsx';

/** /events/manage/marketing/: promo codes and the share kit, one event at a time. */
export function MarketingPage() {
  const [params, setParams] = useSearchParams();
  const events = useManageEvents();
  const selected = events.data ? defaultEvent(events.data, params.get('eventId')) : undefined;

  return (
    <>
      <PageHeader
        eyebrow="Organiser"
        title="Marketing"
        subtitle="Promo codes that fill seats, a share kit to put each event in front of people, and a widget to sell it on your own site."
      />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
        <QueryState
          query={events}
          loading="Loading your events…"
          spinnerClassName="py-16"
          failed={<Alert tone="error">Your events could not be loaded.</Alert>}
        >
          {(data) =>
            !selected ? (
              <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5">
                <EmptyState
                  icon={<MegaphoneIcon className="size-6" />}
                  title="Nothing to promote yet"
                  action={
                    <Link to={paths.manage.create('event')} className={buttonClasses('primary')}>
                      <PlusIcon className="size-5" />
                      Create an event
                    </Link>
                  }
                >
                  Create an event first; then make promo codes and a QR poster for it here.
                </EmptyState>
              </div>
            ) : (
              <>
                <EventPicker
                  events={data}
                  selected={selected}
                  onSelect={(id) =>
                    setParams(
                      (current) => {
                        const next = new URLSearchParams(current);
                        next.set('eventId', id);
                        return next;
                      },
                      { replace: true },
                    )
                  }
                />
                <PromoCodesPanel
                  key={`promos-${selected.id}`}
                  event={{ id: selected.id, title: selected.title, timeZone: selected.timeZone }}
                />
                <ShareKitPanel key={`kit-${selected.id}`} event={marketed(selected)} />
                <WidgetPanel key={`widget-${selected.id}`} event={marketed(selected)} />
              </>
            )
          }
        </QueryState>
      </div>
    </>
  );
}

import { isDoorOnly, isMemberRole } from '@gatepass/shared';
import { EventNotFound, PageProblem, PageSpinner } from '../../../components/ui/page-shell.tsx';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useCallback, useEffect, useState, type ComponentType, type SVGProps } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { DoorActions } from '../components/door-actions.tsx';
import { DoorCounter } from '../components/door-counter.tsx';
import { DoorHints } from '../components/door-hints.tsx';
import { KeypadIcon, ScanIcon, SearchIcon } from '../../../components/ui/icons.tsx';
import { ManualPanel } from '../components/manual-panel.tsx';
import { QrScanPanel } from '../components/qr-scan-panel.tsx';
import { ResultBanner } from '../components/result-banner.tsx';
import { SearchPanel } from '../components/search-panel.tsx';
import { useDoor } from '../hooks/use-door.ts';
import { useDoorList, type DoorListChoice } from '../hooks/use-door-list.ts';
import { useEventTitle } from '../hooks/use-event-title.ts';
import { doorScope } from '../lib/door-scope.ts';
import { codeFromQr, type ScanOutcome } from '../lib/door.ts';
import type { DoorRefusal } from '../lib/door-controller.ts';
import { rememberTeamDoor } from '../../../lib/team-access.ts';
import { preloadToasts } from '../../../lib/toast.ts';
import { useWorkspace } from '../../../lib/workspace.ts';

const tabs: { name: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { name: 'QR Scan', icon: ScanIcon },
  { name: 'Manual', icon: KeypadIcon },
  { name: 'Search', icon: SearchIcon },
];

/** A short buzz for a valid ticket, a longer pattern for anything else. */
function buzz(outcome: ScanOutcome) {
  try {
    navigator.vibrate?.(outcome.kind === 'valid' ? 80 : [200, 80, 200]);
  } catch {
    // Vibration is a nicety.
  }
}

/**
 * The verify-ticket screen (spec §2): QR Scan, Manual and Search tabs, the result banner,
 * 'Send Validated Tickets', Export and Import, plus a door counter and quiet status hints.
 * Laid out for a phone first: the banner sits just under the navbar while the page
 * scrolls, and every control is a big tap target.
 */
export function VerifyTicketPage({ eventId }: { eventId: string }) {
  const choice = useDoorList(eventId);
  if (!choice.ready) return <PageSpinner label="Opening the door…" />;
  const scope = doorScope(eventId, choice.list?.id);
  // A list has its own door: its own list, check-ins and caches (decision 084).
  return <DoorScreen key={scope} eventId={eventId} scope={scope} choice={choice} />;
}

function DoorScreen({
  eventId,
  scope,
  choice,
}: {
  eventId: string;
  scope: string;
  choice: DoorListChoice;
}) {
  const { controller, state } = useDoor(scope);
  const { current, isPending } = useWorkspace();
  // A door steward's events come with their workspace; the manage call would refuse them,
  // so it waits for the workspace (issue 24 §2: no call a role cannot make).
  const title = useEventTitle(
    eventId,
    isPending
      ? null
      : current && isDoorOnly(current.role)
        ? (current.events?.find((e) => e.id === eventId)?.title ?? null)
        : undefined,
  );
  // Remembered with the team, so losing the team forgets this list on any page (issue 21 §6).
  const organiserId = current && isMemberRole(current.role) ? current.organiserId : null;
  useEffect(() => {
    if (organiserId) rememberTeamDoor(organiserId, eventId);
  }, [organiserId, eventId]);
  // The door works offline from its first minute: the toasts it may need then (logging
  // out, say) load with it, not at the first toast (lib/toast.ts).
  useEffect(() => preloadToasts(), []);
  const [cameraOff, setCameraOff] = useState(false);
  const [tab, setTab] = useState(0);

  const validate = useCallback(
    (code: string, source: 'scan' | 'manual' | 'search') =>
      void controller.check(code, source).then(buzz),
    [controller],
  );

  if (state.refused) return <DoorRefused refusal={state.refused} />;
  // The event is not the user's (or does not exist): said as the manage page says it.
  if (state.notFound) {
    return <EventNotFound eyebrow="Door" consequence="so there are no tickets to check here" />;
  }

  return (
    <div className="pb-16">
      <header className="bg-slate-950 bg-[radial-gradient(ellipse_at_top_right,var(--color-indigo-800),transparent_60%)] pt-16 text-white">
        <div className="mx-auto flex max-w-6xl items-end justify-between gap-4 px-4 py-3 sm:px-6 sm:py-8 lg:px-8">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wider text-indigo-300 sm:text-sm">
              Door
            </p>
            <h1 className="mt-0.5 text-2xl font-bold tracking-tight sm:text-3xl">Verify tickets</h1>
            {title ? <p className="mt-1 truncate text-base text-slate-300">{title}</p> : null}
          </div>
          <DoorCounter checkedIn={state.checkedIn} total={state.totalTickets} />
        </div>
        <DoorListPicker choice={choice} />
      </header>

      <div className="mx-auto max-w-6xl px-4 pt-4 sm:px-6 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8 lg:px-8 lg:pt-8">
        <div className="lg:col-start-2 lg:row-start-1">
          <div className="sticky top-16 z-10 -mx-4 bg-slate-50/95 px-4 pb-3 pt-2 backdrop-blur sm:-mx-6 sm:px-6 lg:top-20 lg:mx-0 lg:px-0 lg:pt-0">
            <ResultBanner result={state.result} />
          </div>
          <div>
            <DoorHints
              cameraOff={tab === 0 && cameraOff}
              online={state.online}
              refreshFailed={state.refreshFailed}
              refreshedAt={state.refreshedAt}
              hasList={state.hasList}
              pending={state.pending}
              postFailed={state.postFailed}
              checking={state.checking}
            />
          </div>
          <div className="mt-4 hidden lg:block">
            <DoorActions controller={controller} />
          </div>
        </div>

        <div className="mt-3 lg:col-start-1 lg:row-start-1 lg:mt-0">
          <TabGroup selectedIndex={tab} onChange={setTab}>
            <TabList className="grid grid-cols-3 gap-1 rounded-2xl bg-slate-200/70 p-1">
              {tabs.map(({ name, icon: Icon }) => (
                <Tab
                  key={name}
                  className={cn(
                    'flex min-h-12 items-center justify-center gap-2 rounded-xl px-2 text-base font-semibold text-slate-700',
                    'focus:outline-none data-[focus]:outline-2 data-[focus]:outline-offset-2 data-[focus]:outline-indigo-600',
                    'data-[selected]:bg-white data-[selected]:text-indigo-700 data-[selected]:shadow-sm',
                    'data-[hover]:text-slate-900',
                  )}
                >
                  <Icon strokeWidth={2} className="hidden size-5 min-[400px]:block" />
                  {name}
                </Tab>
              ))}
            </TabList>
            <TabPanels className="mt-4">
              <TabPanel className="focus:outline-none">
                <QrScanPanel
                  onText={(text) => validate(codeFromQr(text), 'scan')}
                  onCameraOff={setCameraOff}
                />
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <ManualPanel onCode={(code) => validate(code, 'manual')} />
              </TabPanel>
              <TabPanel className="focus:outline-none">
                <SearchPanel
                  index={state.index}
                  validated={state.validated}
                  onValidate={(code) => validate(code, 'search')}
                />
              </TabPanel>
            </TabPanels>
          </TabGroup>
          <div className="mt-6 lg:hidden">
            <DoorActions controller={controller} />
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Which check-in list this door checks (decision 084): a steward given a list sees its name;
 * the owner and managers choose one, or the whole event. Nothing shows without lists.
 */
function DoorListPicker({ choice }: { choice: DoorListChoice }) {
  if (choice.lists.length === 0) return null;
  const frame = 'mx-auto max-w-6xl px-4 pb-3 sm:px-6 sm:-mt-4 sm:pb-6 lg:px-8';
  if (choice.assigned && choice.list) {
    return (
      <p className={cn(frame, 'text-sm font-semibold text-amber-300')} data-testid="door-list">
        Checking: {choice.list.name}
      </p>
    );
  }
  return (
    <label className={cn(frame, 'flex items-center gap-2 text-sm font-semibold text-amber-300')}>
      Checking:
      <select
        className="min-h-10 min-w-0 max-w-full flex-1 rounded-lg border border-slate-600 bg-slate-900 px-2 text-sm font-semibold text-white sm:max-w-xs"
        value={choice.list?.id ?? ''}
        aria-label="Check-in list"
        data-testid="door-list-select"
        onChange={(e) => choice.choose(e.target.value || null)}
      >
        <option value="">Whole event</option>
        {choice.lists.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Teams (issue 13): the server refused this door (the steward was removed, or no longer
 * has this event). The attendee list has already left the device; unsent codes stay.
 */
function DoorRefused({ refusal }: { refusal: DoorRefusal }) {
  return (
    <PageProblem eyebrow="Door" title="No access to this door">
      <p className="font-semibold">
        {refusal.hadList
          ? "You no longer have access to this event's door."
          : "You don't have access to this event's door."}
      </p>
      {refusal.message ? <p className="mt-1">{refusal.message}</p> : null}
      {refusal.hadList ? (
        <p className="mt-1">
          Its attendee list has been removed from this device. Check-ins not sent yet are kept as
          ticket codes only and go to the server when someone with access signs in here.
        </p>
      ) : null}
      <p className="mt-2">
        Ask the organiser if you should still be checking tickets here.{' '}
        <Link to={paths.manage.verifyTickets} className="font-semibold underline">
          Your doors
        </Link>
      </p>
    </PageProblem>
  );
}

import { EventSearchInput } from '../components/event-search-input.tsx';
import { DarkStage } from '../../../components/ui/dark-stage.tsx';
import { EVENT_CATEGORIES, HOME_EVENTS_QUERY, type EventCategory } from '@gatepass/shared';
import { useState, type ComponentType, type FormEvent, type ReactNode, type SVGProps } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import {
  ArrowRightIcon,
  BanknoteIcon,
  QrIcon,
  ShieldCheckIcon,
} from '../../../components/ui/public-icons.tsx';
import { Later } from '../../../components/ui/later.tsx';
import { paths } from '../../../config/paths.ts';
import { usePublicEvents } from '../api/get-public-events.ts';
import { EventCard, EventCardSkeleton } from '../components/event-card.tsx';

const features: Array<{
  title: string;
  text: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}> = [
  {
    title: 'Sell in naira',
    text: 'Set prices in ₦, offer free and paid tickets, and see every fee before your guests do.',
    icon: BanknoteIcon,
  },
  {
    title: 'One QR per order',
    text: 'Guests carry a single QR ticket on their phone. No printing, no lost paper.',
    icon: QrIcon,
  },
  {
    title: 'Check-in at the door',
    text: 'Scan, type a code or search by name. Each ticket gets in once, even with patchy network.',
    icon: ShieldCheckIcon,
  },
];

const CATEGORY_TONES: Record<EventCategory, string> = {
  Music: 'bg-fuchsia-50 text-fuchsia-900 ring-fuchsia-200 [&>span]:bg-fuchsia-600',
  Business: 'bg-slate-100 text-slate-900 ring-slate-200 [&>span]:bg-slate-700',
  Tech: 'bg-cyan-50 text-cyan-900 ring-cyan-200 [&>span]:bg-cyan-700',
  'Food & Drink': 'bg-orange-50 text-orange-900 ring-orange-200 [&>span]:bg-orange-600',
  Arts: 'bg-rose-50 text-rose-900 ring-rose-200 [&>span]:bg-rose-600',
  Sports: 'bg-emerald-50 text-emerald-900 ring-emerald-200 [&>span]:bg-emerald-700',
  Community: 'bg-amber-50 text-amber-900 ring-amber-200 [&>span]:bg-amber-600',
  Education: 'bg-sky-50 text-sky-900 ring-sky-200 [&>span]:bg-sky-700',
  Nightlife: 'bg-violet-50 text-violet-900 ring-violet-200 [&>span]:bg-violet-700',
  Other: 'bg-indigo-50 text-indigo-900 ring-indigo-200 [&>span]:bg-indigo-600',
};

const QUICK_DATES = [
  { label: 'Today', date: 'today' },
  { label: 'This weekend', date: 'weekend' },
  { label: 'This month', date: 'month' },
] as const;

/** `/`: search, what is coming up, categories, and what Gatepass does for organisers. */
export function HomePage() {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const upcoming = usePublicEvents(HOME_EVENTS_QUERY);

  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const words = q.trim();
    navigate(words ? `${paths.events}?q=${encodeURIComponent(words)}` : paths.events);
  };

  return (
    <>
      <title>Gatepass · Events and tickets across Nigeria</title>
      <DarkStage
        className="pt-16 text-white"
        glow="bg-[radial-gradient(circle_at_15%_20%,var(--color-indigo-700),transparent_45%),radial-gradient(circle_at_90%_70%,var(--color-violet-800),transparent_45%)] opacity-80"
      >
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8 lg:py-28">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-indigo-100 ring-1 ring-inset ring-white/15">
            Tickets for events across Nigeria
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Find your next night out, conference or festival.
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-300">
            Browse what&apos;s on, get your QR ticket in seconds, or sell tickets for your own event
            and check guests in at the door.
          </p>
          <form
            role="search"
            onSubmit={search}
            className="mx-auto mt-10 flex max-w-2xl flex-col gap-3 sm:flex-row"
          >
            <EventSearchInput
              id="home-search"
              value={q}
              onChange={setQ}
              placeholder="Search concerts, conferences, cities…"
              className="block w-full rounded-xl border-0 bg-white py-4 pl-12 pr-4 text-base text-slate-900 shadow-lg placeholder:text-slate-500 focus:outline-none focus:ring-4 focus:ring-indigo-400"
              iconClassName="left-4"
            />
            <button type="submit" className={`${buttonClasses('primary', 'lg')} rounded-xl py-4`}>
              Search
            </button>
          </form>
          <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label="Quick searches">
            {QUICK_DATES.map((d) => (
              <li key={d.date}>
                <Link
                  to={`${paths.events}?date=${d.date}`}
                  className="inline-block rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-semibold text-white ring-1 ring-inset ring-white/20 hover:bg-white/20"
                >
                  {d.label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={`${paths.events}?price=free`}
                className="inline-block rounded-full bg-white/10 px-3.5 py-1.5 text-sm font-semibold text-white ring-1 ring-inset ring-white/20 hover:bg-white/20"
              >
                Free events
              </Link>
            </li>
          </ul>
        </div>
      </DarkStage>

      <HomeSection
        id="upcoming-title"
        className="py-14 sm:py-20"
        title="Upcoming events"
        intro={<p className="mt-2 text-slate-600">The next events on Gatepass, soonest first.</p>}
        action={
          <Link to={paths.events} className={buttonClasses('secondary')}>
            See all events
            <ArrowRightIcon className="size-4" />
          </Link>
        }
      >
        {upcoming.data && upcoming.data.items.length === 0 ? (
          <div className="mt-8 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
            <p className="font-semibold text-slate-900">No upcoming events yet.</p>
            <p className="mt-1 text-sm text-slate-600">Be the first: it takes a few minutes.</p>
            <Link to={paths.manage.create('event')} className={`${buttonClasses('primary')} mt-5`}>
              Create an event
            </Link>
          </div>
        ) : (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {upcoming.data
              ? upcoming.data.items.map((event) => (
                  <li key={event.slug} className="flex [&>article]:w-full">
                    <EventCard event={event} />
                  </li>
                ))
              : Array.from({ length: 3 }, (_, i) => (
                  <li key={i}>
                    <EventCardSkeleton />
                  </li>
                ))}
          </ul>
        )}
      </HomeSection>

      <HomeSection
        id="categories-title"
        className="bg-white py-14 sm:py-20"
        title="Browse by category"
      >
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {EVENT_CATEGORIES.map((category) => (
            <li key={category}>
              <Link
                to={`${paths.events}?category=${encodeURIComponent(category)}`}
                className={`flex items-center gap-3 rounded-xl px-4 py-4 font-semibold ring-1 ring-inset transition-transform hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${CATEGORY_TONES[category]}`}
              >
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-lg text-sm font-bold text-white"
                >
                  {category.charAt(0)}
                </span>
                {category}
              </Link>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeSection
        id="features-title"
        className="bg-slate-50 py-14 sm:py-20"
        title="Organising an event?"
        intro={
          <p className="mt-2 max-w-2xl text-slate-600">
            Gatepass looks after tickets from the first sale to the last guest through the gate.
          </p>
        }
        action={
          <Link to={paths.manage.create('event')} className={buttonClasses('primary')}>
            Create an event
          </Link>
        }
      >
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {features.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5">
              <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </HomeSection>
    </>
  );
}

/**
 * A band of the home page under the opening, rendered once the opening has painted (`Later`):
 * its heading (with a line under it and a link beside it) and body.
 */
function HomeSection({
  id,
  className,
  title,
  intro,
  action,
  children,
}: {
  id: string;
  className: string;
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
      {title}
    </h2>
  );
  return (
    <Later>
      <section aria-labelledby={id} className={className}>
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          {action ? (
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                {heading}
                {intro}
              </div>
              {action}
            </div>
          ) : (
            heading
          )}
          {children}
        </div>
      </section>
    </Later>
  );
}

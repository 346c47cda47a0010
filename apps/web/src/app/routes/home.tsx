import { formatEventDate, formatNaira } from '@gatepass/shared';
import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import {
  ArrowRightIcon,
  BanknoteIcon,
  QrIcon,
  ShieldCheckIcon,
} from '../../components/ui/icons.tsx';
import { LogoMark } from '../../components/ui/logo.tsx';
import { paths } from '../../config/paths.ts';

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

export function HomeRoute() {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-slate-950 pt-16 text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_20%,var(--color-indigo-700),transparent_45%),radial-gradient(circle_at_90%_70%,var(--color-violet-800),transparent_45%)] opacity-80"
        />
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8 lg:py-28">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-indigo-200 ring-1 ring-inset ring-white/15">
              Tickets for events across Nigeria
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Your event, sold out and checked in.
            </h1>
            <p className="mt-6 max-w-xl text-lg text-slate-300">
              Find concerts, conferences and parties near you, or sell tickets for your own event
              and scan guests in at the door with Gatepass.
            </p>
            <div className="mt-10 flex flex-col gap-3 sm:flex-row">
              <Link to={paths.events} className={buttonClasses('primary', 'lg')}>
                Browse events
                <ArrowRightIcon className="size-5" />
              </Link>
              <Link to={paths.manage.create('event')} className={buttonClasses('light', 'lg')}>
                Create an event
              </Link>
            </div>
          </div>
          <TicketPreview />
        </div>
      </section>

      <section aria-labelledby="features-title" className="bg-slate-50 py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900">
            Everything between the sale and the door
          </h2>
          <p className="mt-3 max-w-2xl text-slate-600">
            Gatepass looks after tickets from the first sale to the last guest through the gate.
          </p>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {features.map(({ title, text, icon: Icon }) => (
              <li
                key={title}
                className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5"
              >
                <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
                  <Icon className="size-6" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

/** A sample ticket, in the spec's date and money formats. */
function TicketPreview() {
  const when = formatEventDate('2026-12-05T18:00:00Z');
  return (
    <div aria-hidden="true" className="mx-auto w-full max-w-md lg:mx-0 lg:justify-self-end">
      <div className="rotate-1 rounded-3xl bg-white p-1 shadow-2xl shadow-indigo-950/60 transition-transform hover:rotate-0">
        <div className="rounded-[1.35rem] bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white">
          <div className="flex items-center justify-between">
            <span className="flex items-center gap-2 text-sm font-semibold">
              <LogoMark className="size-6" />
              Gatepass
            </span>
            <span className="rounded-full bg-white/20 px-2.5 py-0.5 text-xs font-semibold">
              Admit 2
            </span>
          </div>
          <p className="mt-8 text-2xl font-bold tracking-tight">Lagos Jazz Night</p>
          <p className="mt-1 text-sm text-indigo-100">{when}</p>
          <p className="text-sm text-indigo-100">Eko Hotel, Victoria Island</p>
        </div>
        <div className="flex items-center justify-between gap-4 px-6 py-5 text-slate-900">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Total</p>
            <p className="text-xl font-bold">{formatNaira(10000)}</p>
            <p className="mt-2 text-xs font-medium uppercase tracking-wide text-slate-500">Code</p>
            <p className="font-mono text-lg font-semibold tracking-widest">4827 1930</p>
          </div>
          <QrIcon className="size-24 text-slate-900" strokeWidth={1.25} />
        </div>
      </div>
    </div>
  );
}

import { deviceTimeZone, formatClock } from '@gatepass/shared';
import { TEST_PAID_LABEL } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { admitsText, bannerText, ticketTypesText } from '../lib/door.ts';
import type { DoorResult, ScanSource } from '../lib/door-controller.ts';
import {
  CheckCircleIcon,
  RepeatIcon,
  ScanIcon,
  XCircleIcon,
} from '../../../components/ui/icons.tsx';

const looks = {
  valid: { box: 'bg-emerald-700 text-white ring-emerald-800', icon: CheckCircleIcon },
  used: { box: 'bg-amber-400 text-amber-950 ring-amber-500', icon: RepeatIcon },
  invalid: { box: 'bg-red-700 text-white ring-red-800', icon: XCircleIcon },
} as const;

const sourceLabel: Record<ScanSource, string> = {
  scan: 'QR scan',
  manual: 'Manual',
  search: 'Search',
};

/**
 * The result banner (spec §2): 'Valid: first last, ₦…' with 'Qty: n', 'Already used' with
 * the quantity, or 'Invalid' — with why on a second line when the door knows (issue 24 §1). Big and coloured so a steward reads it at arm's length; a
 * new result replays its entrance, so the same words twice still read as a new scan.
 */
export function ResultBanner({ result }: { result: DoorResult | null }) {
  return (
    <section aria-label="Scan result" aria-live="assertive" aria-atomic="true">
      {result ? <Filled key={result.id} result={result} /> : <Waiting />}
    </section>
  );
}

function Filled({ result }: { result: DoorResult }) {
  const { title, detail } = bannerText(result.outcome);
  const types =
    result.outcome.kind === 'invalid' ? undefined : ticketTypesText(result.outcome.order);
  const admits = result.outcome.kind === 'invalid' ? undefined : admitsText(result.outcome.order);
  const look = looks[result.outcome.kind];
  const Icon = look.icon;
  return (
    <div
      data-result={result.outcome.kind}
      data-result-id={result.id}
      data-result-at={result.at}
      className={cn(
        'flex min-h-24 items-center gap-4 rounded-2xl px-5 py-4 shadow-lg ring-1 ring-inset',
        'animate-[fade-in_180ms_ease-out]',
        look.box,
      )}
    >
      <Icon className="size-11 shrink-0 sm:size-12" />
      <div className="min-w-0 flex-1">
        <p className="text-2xl font-bold leading-tight wrap-anywhere sm:text-3xl">{title}</p>
        {detail ? (
          <p
            data-testid={result.outcome.kind === 'invalid' ? 'refusal-reason' : undefined}
            className="mt-1 text-xl font-semibold wrap-anywhere"
          >
            {detail}
          </p>
        ) : null}
        {admits ? (
          <p data-testid="admits" className="mt-1 text-2xl font-bold">
            {admits}
          </p>
        ) : null}
        {types ? (
          <p data-testid="ticket-types" className="mt-1 text-lg font-semibold break-words">
            {types}
          </p>
        ) : null}
        {result.outcome.kind !== 'invalid' && result.outcome.order.testPayment ? (
          <p className="mt-1 inline-block rounded bg-white px-2 py-0.5 text-lg font-bold text-red-700">
            {TEST_PAID_LABEL}
          </p>
        ) : null}
        <p className="mt-1 text-sm font-medium">
          <span className="font-mono tracking-wider">{result.outcome.code}</span>
          {' · '}
          {sourceLabel[result.source]}
          {' · '}
          {formatClock(result.at, deviceTimeZone(), { seconds: true })}
        </p>
      </div>
    </div>
  );
}

function Waiting() {
  return (
    <div className="flex min-h-24 items-center gap-4 rounded-2xl border-2 border-dashed border-slate-300 bg-white px-5 py-4 text-slate-500">
      <ScanIcon className="size-10 shrink-0" />
      <p className="text-lg font-medium">Scan a ticket, enter its code or search for a guest.</p>
    </div>
  );
}

const number = new Intl.NumberFormat('en-NG');

/** The door counter: tickets checked in / tickets in total (sum of quantities). */
export function DoorCounter({ checkedIn, total }: { checkedIn: number; total: number }) {
  const share = total > 0 ? Math.min(100, (checkedIn / total) * 100) : 0;
  return (
    <div aria-label="Door counter">
      <p className="text-xs font-semibold uppercase tracking-wider text-indigo-200">Checked in</p>
      <p className="mt-0.5 text-2xl font-bold tabular-nums sm:text-3xl" data-testid="door-count">
        {number.format(checkedIn)} / {number.format(total)}
      </p>
      <div
        role="progressbar"
        aria-label="Tickets checked in"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={checkedIn}
        className="mt-2 h-1.5 w-36 overflow-hidden rounded-full bg-white/15"
      >
        <div className="h-full rounded-full bg-emerald-400" style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

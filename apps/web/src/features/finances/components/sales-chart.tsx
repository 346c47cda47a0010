import { formatDay, formatNaira } from '@gatepass/shared';
import { useEffect, useRef, useState } from 'react';
import {
  bucketDays,
  compactNaira,
  labelIndexes,
  niceTicks,
  type DailyPoint,
} from '../lib/chart.ts';

/** Width of an element, kept up to date as the layout changes. */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) setWidth(Math.floor(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/**
 * Gross sales per day (per week for long ranges) as bars, net as a line: a small SVG with
 * no chart library. Pointing at a bar shows its figures; screen readers get the same
 * figures as a table.
 */
export function SalesChart({ days }: { days: DailyPoint[] }) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const { unit, buckets } = bucketDays(days);
  const height = width < 500 ? 200 : 260;
  const innerW = Math.max(0, width - PAD.left - PAD.right);
  const innerH = height - PAD.top - PAD.bottom;
  const max = Math.max(0, ...buckets.map((b) => b.gross));
  const ticks = niceTicks(max);
  const top = ticks[ticks.length - 1] ?? 1;
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const slot = buckets.length > 0 ? innerW / buckets.length : 0;
  const barW = Math.max(1, Math.min(36, slot * 0.7));
  const x = (i: number) => PAD.left + i * slot + slot / 2;
  const labels = labelIndexes(buckets.length, width < 500 ? 3 : 6);
  const netPath = buckets
    .map((b, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(Math.max(0, b.net)).toFixed(1)}`)
    .join(' ');
  const current = active !== null ? buckets[active] : undefined;
  const period = (b: { date: string; until: string }) =>
    b.until !== b.date ? `${formatDay(b.date)} – ${formatDay(b.until)}` : formatDay(b.date);

  const pick = (clientX: number, target: SVGSVGElement) => {
    const box = target.getBoundingClientRect();
    const i = Math.floor((clientX - box.left - PAD.left) / slot);
    setActive(i >= 0 && i < buckets.length ? i : null);
  };

  return (
    <div>
      <div ref={ref} className="relative w-full" style={{ height }}>
        {width > 0 && buckets.length > 0 ? (
          <svg
            width={width}
            height={height}
            aria-hidden="true"
            className="block touch-pan-y select-none"
            onPointerMove={(e) => pick(e.clientX, e.currentTarget)}
            onPointerDown={(e) => pick(e.clientX, e.currentTarget)}
            onPointerLeave={() => setActive(null)}
          >
            {ticks.map((t) => (
              <g key={t}>
                <line
                  x1={PAD.left}
                  x2={width - PAD.right}
                  y1={y(t)}
                  y2={y(t)}
                  className="stroke-slate-200"
                  strokeDasharray={t === 0 ? undefined : '3 3'}
                />
                <text
                  x={PAD.left - 8}
                  y={y(t)}
                  textAnchor="end"
                  dominantBaseline="middle"
                  className="fill-slate-500 text-[11px] tabular-nums"
                >
                  {compactNaira(t)}
                </text>
              </g>
            ))}
            {buckets.map((b, i) => {
              const h = y(0) - y(b.gross);
              return (
                <rect
                  key={b.date}
                  x={x(i) - barW / 2}
                  y={y(b.gross)}
                  width={barW}
                  height={Math.max(0, h)}
                  rx={Math.min(3, barW / 3)}
                  className={active === i ? 'fill-indigo-500' : 'fill-indigo-300'}
                />
              );
            })}
            {buckets.length > 1 ? (
              <path d={netPath} fill="none" className="stroke-emerald-600" strokeWidth={2} />
            ) : null}
            {labels.map((i) => {
              const b = buckets[i];
              if (!b) return null;
              const anchor = i === 0 ? 'start' : i === buckets.length - 1 ? 'end' : 'middle';
              const lx =
                anchor === 'start' ? x(i) - slot / 2 : anchor === 'end' ? x(i) + slot / 2 : x(i);
              return (
                <text
                  key={b.date}
                  x={buckets.length === 1 ? x(i) : lx}
                  y={height - 8}
                  textAnchor={buckets.length === 1 ? 'middle' : anchor}
                  className="fill-slate-500 text-[11px]"
                >
                  {formatDay(b.date).replace(/ \d{4}$/, '')}
                </text>
              );
            })}
            {active !== null ? (
              <line
                x1={x(active)}
                x2={x(active)}
                y1={PAD.top}
                y2={y(0)}
                className="stroke-slate-400"
                strokeDasharray="2 3"
              />
            ) : null}
          </svg>
        ) : null}
        {current && active !== null ? (
          <div
            className="pointer-events-none absolute top-2 z-10 w-48 rounded-lg bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-slate-900/10"
            style={{
              left: Math.min(Math.max(0, x(active) - 96), Math.max(0, width - 192)),
            }}
          >
            <p className="font-semibold text-slate-900">{period(current)}</p>
            <p className="mt-1 flex justify-between text-slate-600">
              Gross <span className="font-medium text-slate-900">{formatNaira(current.gross)}</span>
            </p>
            <p className="flex justify-between text-slate-600">
              Net <span className="font-medium text-emerald-700">{formatNaira(current.net)}</span>
            </p>
            <p className="flex justify-between text-slate-600">
              Orders · tickets{' '}
              <span className="font-medium text-slate-900">
                {current.orders} · {current.tickets}
              </span>
            </p>
          </div>
        ) : null}
      </div>
      <div
        className="mt-3 flex flex-wrap items-center gap-4 text-xs text-slate-600"
        aria-hidden="true"
      >
        <span className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-sm bg-indigo-300" /> Gross per {unit}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="h-0.5 w-4 bg-emerald-600" /> Net per {unit}
        </span>
      </div>
      {/* The wrapper is what is hidden: a table ignores the 1 px width of sr-only. */}
      <div className="sr-only">
        <table>
          <caption>Sales per {unit}</caption>
          <thead>
            <tr>
              <th scope="col">{unit === 'day' ? 'Day' : 'Week'}</th>
              <th scope="col">Orders</th>
              <th scope="col">Tickets</th>
              <th scope="col">Gross</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {buckets
              .filter((b) => b.orders > 0)
              .map((b) => (
                <tr key={b.date}>
                  <th scope="row">{period(b)}</th>
                  <td>{b.orders}</td>
                  <td>{b.tickets}</td>
                  <td>{formatNaira(b.gross)}</td>
                  <td>{formatNaira(b.net)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

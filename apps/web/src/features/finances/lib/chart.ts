/** Pure helpers of the sales chart: buckets, axis ticks, short money labels. */

export interface DailyPoint {
  date: string;
  orders: number;
  tickets: number;
  gross: number;
  net: number;
}

export interface Bucket extends DailyPoint {
  /** The last day in the bucket (same as `date` for daily buckets). */
  until: string;
}

/**
 * Days as they are when there are few; grouped by 7 when a range is long, so every bar
 * stays wide enough to see and to point at.
 */
export function bucketDays(
  days: DailyPoint[],
  maxBars = 92,
): { unit: 'day' | 'week'; buckets: Bucket[] } {
  if (days.length <= maxBars) {
    return { unit: 'day', buckets: days.map((d) => ({ ...d, until: d.date })) };
  }
  const buckets: Bucket[] = [];
  for (let i = 0; i < days.length; i += 7) {
    const slice = days.slice(i, i + 7);
    const first = slice[0]!;
    const last = slice[slice.length - 1]!;
    buckets.push({
      date: first.date,
      until: last.date,
      orders: slice.reduce((s, d) => s + d.orders, 0),
      tickets: slice.reduce((s, d) => s + d.tickets, 0),
      gross: slice.reduce((s, d) => s + d.gross, 0),
      net: slice.reduce((s, d) => s + d.net, 0),
    });
  }
  return { unit: 'week', buckets };
}

/** Round axis steps (1, 2, 2.5 or 5 × 10ⁿ) from 0 to at least `max`, about `count` of them. */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step * 0.001; v += step) ticks.push(Math.round(v * 100) / 100);
  if ((ticks[ticks.length - 1] ?? 0) < max) ticks.push((ticks[ticks.length - 1] ?? 0) + step);
  return ticks;
}

/** "₦0", "₦950", "₦12.5k", "₦1.2M" for axis labels. */
export function compactNaira(n: number): string {
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  const trim = (v: number) => v.toFixed(1).replace(/\.0$/, '');
  if (abs >= 1_000_000_000) return `${sign}₦${trim(abs / 1_000_000_000)}B`;
  if (abs >= 1_000_000) return `${sign}₦${trim(abs / 1_000_000)}M`;
  if (abs >= 1_000) return `${sign}₦${trim(abs / 1_000)}k`;
  return `${sign}₦${Math.round(abs)}`;
}

/** Indexes of about `count` evenly spread x-axis labels, always the first and the last. */
export function labelIndexes(length: number, count = 5): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * (length - 1)) / (count - 1)));
  return [...out];
}

import { describe, expect, it } from 'vitest';
import { bucketDays, compactNaira, labelIndexes, niceTicks } from './chart.ts';
import { activePreset, RANGE_PRESETS, readFinancesFilter, writeFinancesFilter } from './range.ts';

const day = (date: string, gross: number) => ({
  date,
  orders: 1,
  tickets: 2,
  gross,
  net: gross - 10,
});

describe('sales chart helpers', () => {
  it('keeps short ranges daily and sums long ones by week without losing money', () => {
    const days = Array.from({ length: 100 }, (_, i) =>
      day(new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10), i),
    );
    expect(bucketDays(days.slice(0, 30)).unit).toBe('day');
    const { unit, buckets } = bucketDays(days);
    expect(unit).toBe('week');
    expect(buckets).toHaveLength(15);
    expect(buckets.reduce((s, b) => s + b.gross, 0)).toBe(days.reduce((s, d) => s + d.gross, 0));
    expect(buckets.reduce((s, b) => s + b.tickets, 0)).toBe(200);
    expect(buckets[1]).toMatchObject({ date: '2026-01-08', until: '2026-01-14' });
    expect(buckets.at(-1)).toMatchObject({ date: '2026-04-09', until: '2026-04-10' });
  });

  it('draws round ticks that reach the highest bar', () => {
    expect(niceTicks(10_550)).toEqual([0, 5000, 10000, 15000]);
    expect(niceTicks(9_000)).toEqual([0, 2500, 5000, 7500, 10000]);
    expect(niceTicks(0)).toEqual([0, 1]);
    const ticks = niceTicks(73);
    expect(ticks[0]).toBe(0);
    expect(ticks.at(-1)!).toBeGreaterThanOrEqual(73);
  });

  it('writes short money labels', () => {
    expect(compactNaira(950)).toBe('₦950');
    expect(compactNaira(12_500)).toBe('₦12.5k');
    expect(compactNaira(1_200_000)).toBe('₦1.2M');
    expect(compactNaira(2_000)).toBe('₦2k');
  });

  it('spreads x labels and always shows both ends', () => {
    expect(labelIndexes(3)).toEqual([0, 1, 2]);
    const idx = labelIndexes(31);
    expect(idx[0]).toBe(0);
    expect(idx.at(-1)).toBe(30);
    expect(idx).toHaveLength(5);
  });
});

describe('finances range', () => {
  it('round-trips through the URL and ignores malformed days', () => {
    const filter = { from: '2026-11-01', to: '2026-11-30', eventId: 'e1' };
    expect(readFinancesFilter(writeFinancesFilter(filter))).toEqual(filter);
    expect(readFinancesFilter(new URLSearchParams('from=yesterday&to=2026-1-1'))).toEqual({});
  });

  it('counts presets in Lagos days, today included', () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Lagos (UTC+1).
    const now = new Date('2026-11-30T23:30:00Z');
    const week = RANGE_PRESETS.find((p) => p.id === '7d')!.range(now);
    expect(week).toEqual({ from: '2026-11-25', to: '2026-12-01' });
    expect(activePreset(week, now)).toBe('7d');
    expect(activePreset({}, now)).toBe('all');
    expect(activePreset({ from: '2026-01-05' }, now)).toBeUndefined();
  });
});

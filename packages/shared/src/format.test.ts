import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_DISPLAY_FORMAT,
  dateFormatter,
  formatClock,
  formatDay,
  formatDayClock,
  formatEventDate,
  formatShortDate,
  formatShortDateTime,
  formatWallClock,
  offsetLabel,
  todayInZone,
} from './date.ts';
import { formatCount, formatKobo, formatNaira } from './money.ts';

// What the formats used to be built on: Intl with the en-NG locale.
const intlNaira = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const intlKobo = (kobo: number) =>
  `${kobo < 0 ? '-' : ''}₦${intlNaira.format(Math.abs(kobo) / 100)}`;

describe('formatNaira', () => {
  it('shows the naira sign, thousands separators and .00', () => {
    expect(formatNaira(5000)).toBe('₦5,000.00');
    expect(formatNaira(1234567)).toBe('₦1,234,567.00');
    expect(formatNaira(0)).toBe('₦0.00');
  });
  it('keeps kobo when there are some', () => {
    expect(formatKobo(150050)).toBe('₦1,500.50');
    expect(formatKobo(-5)).toBe('-₦0.05');
    expect(formatNaira(999999.99)).toBe('₦999,999.99');
  });
  it('writes every amount in kobo exactly as Intl en-NG does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (kobo) => {
        expect(formatKobo(kobo)).toBe(intlKobo(kobo));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('formatCount', () => {
  it('groups thousands as en-NG does', () => {
    expect(formatCount(12500)).toBe('12,500');
    expect(formatCount(999)).toBe('999');
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-NG'));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe('formatEventDate', () => {
  it("uses the spec's pattern in Lagos time by default", () => {
    // 18:00 UTC is 19:00 in Lagos (UTC+1, no daylight saving).
    expect(formatEventDate('2026-12-05T18:00:00Z')).toBe('Saturday, December 5, 2026 • 7:00 PM');
  });
  it('formats in the event time zone when given', () => {
    expect(formatEventDate('2026-12-05T18:00:00Z', 'Europe/London')).toBe(
      'Saturday, December 5, 2026 • 6:00 PM',
    );
  });
  it('writes any instant in any zone exactly as date-fns did with TZDate', () => {
    const zones = [
      'Africa/Lagos',
      'Europe/London',
      'America/New_York',
      'Asia/Kolkata',
      'UTC',
      'Australia/Adelaide',
      'Pacific/Chatham',
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(formatEventDate(ms, zone)).toBe(format(new TZDate(ms, zone), DATE_DISPLAY_FORMAT));
        },
      ),
      { numRuns: 5_000 },
    );
    // Noon and midnight read 12, as date-fns's "h" does.
    expect(formatEventDate('2026-12-05T11:00:00Z')).toBe('Saturday, December 5, 2026 • 12:00 PM');
    expect(formatEventDate('2026-12-04T23:00:00Z')).toBe('Saturday, December 5, 2026 • 12:00 AM');
  });
});

describe('formatWallClock and offsetLabel', () => {
  const zones = [
    'Africa/Lagos',
    'Europe/London',
    'America/New_York',
    'America/St_Johns',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'UTC',
    'Pacific/Chatham',
  ];
  // What the server sends: the instant's wall clock in the zone, to the minute.
  const wallClock = (ms: number, zone: string) => {
    const p: Record<string, string> = {};
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(ms);
    for (const part of parts) p[part.type] = part.value;
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
  };
  const intlOffset = (ms: number, zone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(ms)
      .find((p) => p.type === 'timeZoneName')!.value;

  it('read the same as formatEventDate and Intl for any instant in any zone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2060, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const local = wallClock(ms, zone);
          expect(formatWallClock(local)).toBe(formatEventDate(ms, zone));
          expect(offsetLabel(local, ms)).toBe(intlOffset(ms, zone));
        },
      ),
      { numRuns: 5_000 },
    );
  });
  it('refuses what is not a wall-clock time', () => {
    expect(() => formatWallClock('5 December')).toThrow(RangeError);
  });
});

describe('the short forms (one formatter cache, Lagos by default)', () => {
  const at = '2026-12-05T18:05:09Z'; // 19:05:09 in Lagos
  it('writes tables’ dates as en-GB does, in Lagos unless told', () => {
    expect(formatShortDateTime(at)).toBe('5 Dec 2026, 7:05 pm');
    expect(formatShortDateTime(at, 'UTC')).toBe('5 Dec 2026, 6:05 pm');
    expect(formatShortDate('2026-12-05T23:30:00Z')).toBe('6 Dec 2026');
    expect(formatDay('2026-12-05')).toBe('5 Dec 2026');
  });
  it('writes clock times on a 24-hour clock', () => {
    expect(formatClock(at)).toBe('19:05');
    expect(formatClock(at, 'UTC', { seconds: true })).toBe('18:05:09');
    expect(formatDayClock(at)).toBe('5 Dec, 19:05');
  });
  it('counts days from today in the zone', () => {
    const lateEvening = new Date('2026-12-31T23:30:00Z'); // already 1 January in Lagos
    expect(todayInZone(undefined, lateEvening)).toBe('2027-01-01');
    expect(todayInZone('UTC', lateEvening, -6)).toBe('2026-12-25');
  });
  it('builds a formatter once per locale and options', () => {
    const options = { timeZone: 'UTC', hour: '2-digit' } as const;
    expect(dateFormatter(options)).toBe(dateFormatter({ ...options }));
    expect(dateFormatter(options, 'en-US')).not.toBe(dateFormatter(options));
  });
});

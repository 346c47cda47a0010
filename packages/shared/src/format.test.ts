import { describe, expect, it } from 'vitest';
import { formatEventDate } from './date.ts';
import { formatKobo, formatNaira } from './money.ts';

describe('formatNaira', () => {
  it('shows the naira sign, thousands separators and .00', () => {
    expect(formatNaira(5000)).toBe('₦5,000.00');
    expect(formatNaira(1234567)).toBe('₦1,234,567.00');
    expect(formatNaira(0)).toBe('₦0.00');
  });
  it('keeps kobo when there are some', () => {
    expect(formatKobo(150050)).toBe('₦1,500.50');
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
});

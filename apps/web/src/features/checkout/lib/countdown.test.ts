import { afterEach, describe, expect, it } from 'vitest';
import {
  describeCountdown,
  formatCountdown,
  learnServerTime,
  remainingMs,
  serverNow,
} from './countdown.ts';

describe('hold countdown', () => {
  afterEach(() => learnServerTime(new Date().toUTCString()));

  it('counts minutes and seconds, rounding up so 0:00 means over', () => {
    expect(formatCountdown(15 * 60_000)).toBe('15:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(999)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it('reads hours and minutes over an hour, not a 719-minute clock', () => {
    const twelveHours = 12 * 3600_000;
    expect(formatCountdown(twelveHours - 28_000)).toBe('11 h 59 min');
    expect(formatCountdown(twelveHours)).toBe('12 h 0 min');
    expect(formatCountdown(3600_000 + 1_000)).toBe('1 h 0 min');
    // An hour exactly and below stays a clock.
    expect(formatCountdown(3600_000)).toBe('60:00');
    expect(formatCountdown(59 * 60_000 + 59_000)).toBe('59:59');
    expect(describeCountdown(twelveHours - 28_000)).toBe('11 hours 59 minutes');
    expect(describeCountdown(2 * 3600_000 + 1_000)).toBe('2 hours');
  });

  it('says it in words for screen readers', () => {
    expect(describeCountdown(14 * 60_000 + 5_000)).toBe('14 minutes 5 seconds');
    expect(describeCountdown(60_000)).toBe('1 minute');
    expect(describeCountdown(0)).toBe('0 seconds');
  });

  it('measures what is left against the deadline, never below zero', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(remainingMs('2026-11-21T12:15:00Z', now)).toBe(15 * 60_000);
    expect(remainingMs('2026-11-21T11:00:00Z', now)).toBe(0);
    expect(remainingMs(null, now)).toBe(0);
    expect(remainingMs('not a date', now)).toBe(0);
  });

  it('follows the server clock when this device’s is minutes off', () => {
    const receivedAt = Date.now();
    learnServerTime(new Date(receivedAt + 5 * 60_000).toUTCString(), receivedAt);
    expect(serverNow() - Date.now()).toBeGreaterThan(4 * 60_000);
    // Under two seconds is the header's rounding, not a wrong clock.
    learnServerTime(new Date(receivedAt + 1500).toUTCString(), receivedAt);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });
});

import { useEffect, useState } from 'react';

/**
 * The server's clock minus this device's, learnt from the Date header of order answers, so
 * a phone whose clock is minutes off still counts the hold down to the server's deadline.
 */
let serverOffsetMs = 0;

export function learnServerTime(dateHeader: unknown, receivedAt: number = Date.now()): void {
  if (typeof dateHeader !== 'string') return;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return;
  // The header has whole seconds: an offset under two seconds is noise, not a wrong clock.
  const offset = server - receivedAt;
  serverOffsetMs = Math.abs(offset) < 2000 ? 0 : offset;
}

export const serverNow = (): number => Date.now() + serverOffsetMs;

/** Milliseconds left until `until` (never negative); 0 when there is no deadline. */
export function remainingMs(until: string | null | undefined, now: number): number {
  if (!until) return 0;
  const end = Date.parse(until);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/**
 * "14:05" for minutes and seconds left, rounded up so 0:00 means the time is over. Over an
 * hour (a waiting-list offer holds for 12) a clock reads wrong — "719:32" — so it says
 * "11 h 59 min" instead, the minutes rounded down like a clock's.
 */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  if (total > 3600) {
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    return `${hours} h ${minutes} min`;
  }
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** Spoken form for screen readers: "14 minutes 5 seconds"; "11 hours 59 minutes" over an hour. */
export function describeCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  if (total > 3600) {
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const parts = [`${hours} hour${hours === 1 ? '' : 's'}`];
    if (minutes > 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
    return parts.join(' ');
  }
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const parts = [];
  if (minutes > 0) parts.push(`${minutes} minute${minutes === 1 ? '' : 's'}`);
  if (seconds > 0 || minutes === 0) parts.push(`${seconds} second${seconds === 1 ? '' : 's'}`);
  return parts.join(' ');
}

/** Milliseconds left until `until`, updated every second (and 0 once it has passed). */
export function useCountdown(until: string | null | undefined): number {
  const [left, setLeft] = useState(() => remainingMs(until, serverNow()));
  useEffect(() => {
    const tick = () => setLeft(remainingMs(until, serverNow()));
    tick();
    if (!until) return undefined;
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

/**
 * The admission clock (decision 034): how many places in line have been admitted is a pure
 * function of the room's settings and the time, so every process answers the same without
 * talking to the others. A change of rate or a pause restarts the clock from the count it
 * had reached (`base` at `at`), so no one admitted is ever un-admitted.
 */
import type { WaitingRoomRow } from './waiting-room.table.ts';

export interface AdmissionClock {
  onSaleAt: Date;
  ratePerMinute: number;
  paused: boolean;
  /** Places admitted at `at`. */
  base: number;
  at: Date;
}

const MINUTE = 60_000;

/** Places admitted by `now`: ranks 0 … n−1 may check out. */
export function admittedCount(clock: AdmissionClock, now: Date): number {
  if (now.getTime() < clock.onSaleAt.getTime()) return 0;
  if (clock.paused) return clock.base;
  const from = Math.max(clock.at.getTime(), clock.onSaleAt.getTime());
  const elapsed = Math.max(0, now.getTime() - from);
  return clock.base + Math.floor((clock.ratePerMinute * elapsed) / MINUTE);
}

/**
 * Milliseconds from `now` until `rank` is admitted at the current rate: 0 if it is, null
 * while paused.
 */
export function msUntilAdmitted(clock: AdmissionClock, rank: number, now: Date): number | null {
  if (admittedCount(clock, now) > rank) return 0;
  if (clock.paused) return null;
  const from = Math.max(clock.at.getTime(), clock.onSaleAt.getTime());
  const due = from + Math.ceil(((rank + 1 - clock.base) * MINUTE) / clock.ratePerMinute);
  return Math.max(0, due - now.getTime());
}

/** The clock after a change at `now` (rate, pause, resume): it goes on from where it was. */
export function restartClock(
  clock: AdmissionClock,
  now: Date,
  change: { ratePerMinute?: number; paused?: boolean },
): AdmissionClock {
  const reached = admittedCount(clock, now);
  const at = new Date(Math.max(now.getTime(), clock.onSaleAt.getTime()));
  return {
    onSaleAt: clock.onSaleAt,
    ratePerMinute: change.ratePerMinute ?? clock.ratePerMinute,
    paused: change.paused ?? clock.paused,
    base: reached,
    at,
  };
}

/** The clock a room's row keeps. */
export const clockOf = (room: WaitingRoomRow): AdmissionClock => ({
  onSaleAt: room.on_sale_at,
  ratePerMinute: room.rate_per_minute,
  paused: room.paused,
  base: room.clock_base,
  at: room.clock_at,
});

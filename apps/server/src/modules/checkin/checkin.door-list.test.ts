import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { DoorOrderDto } from '@gatepass/shared';
import { describe, expect, it, vi } from 'vitest';
import { entryOf } from './checkin.door-list.ts';

const orders: DoorOrderDto[] = Array.from({ length: 3_000 }, (_, i) => ({
  _id: `order-${i}`,
  orderCode: String(10_000_000 + i * 7919),
  firstName: 'Guest',
  lastName: `Number ${i}`,
  email: `guest${i}@example.com`,
  totalPrice: (i % 5) * 1_500,
  quantity: 1 + (i % 3),
  attendedAt: i % 4 === 0 ? new Date(Date.UTC(2026, 10, 29, 18, i % 60)).toISOString() : null,
  ticketTypes: [{ name: i % 2 ? 'Regular' : 'VIP', quantity: 1 + (i % 3) }],
  testPayment: false,
}));

describe('a kept door list (decision 112)', () => {
  it('answers the first br request quickly, then keeps a smaller copy of the same bytes', async () => {
    const entry = entryOf(orders, []);
    const first = await entry.encoded('br');
    expect(brotliDecompressSync(first).equals(entry.raw)).toBe(true);

    // The kept copy is re-encoded behind the first answer: smaller, and the same list.
    let kept = first;
    await vi.waitFor(async () => {
      kept = await entry.encoded('br');
      expect(kept.length).toBeLessThan(first.length);
    }, 10_000); // ~10 ms of work on libuv's pool, which a busy test run may share
    expect(brotliDecompressSync(kept).equals(entry.raw)).toBe(true);
    // …and from then on it is what every device is sent.
    expect(await entry.encoded('br')).toBe(kept);
  });

  it('encodes gzip once and keeps it', async () => {
    const entry = entryOf(orders, []);
    const first = await entry.encoded('gzip');
    expect(gunzipSync(first).equals(entry.raw)).toBe(true);
    expect(await entry.encoded('gzip')).toBe(first);
  });
});

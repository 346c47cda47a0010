import { expect, it } from 'vitest';
import { startTestApp } from './helper.ts';
import { buyer, givenEventWithTypes, givenOrganiser } from './organiser-factories.ts';

/**
 * Figures for decision 025, not a check: how many legitimate buyers (each their own email
 * and phone, 2 tickets each) one address behind a carrier-grade NAT gets through before the
 * per-address share refuses, and how fast. Run it with
 *   MEASURE_CHECKOUT_LIMITS=1 npx vitest run --project server-pglite apps/server/test/checkout-limits.measure.test.ts
 */
it.runIf(process.env.MEASURE_CHECKOUT_LIMITS)(
  'measures buyers per address',
  async () => {
    const t = await startTestApp();
    const o = await givenOrganiser(t);
    for (const capacity of [146, 2000]) {
      const { event, types } = await givenEventWithTypes(t, o.token, [
        { price: 5000, capacity, maxPerOrder: 10 },
      ]);
      let ok = 0;
      const start = performance.now();
      for (let i = 0; i < 400; i++) {
        const r = await t.post(
          '/api/v1/orders',
          {
            eventId: event.id,
            items: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
            buyer: buyer(),
          },
          { ip: '102.89.0.1' },
        );
        if (r.status !== 201) {
          expect(r.status).toBe(429);
          break;
        }
        ok++;
      }
      const ms = performance.now() - start;
      console.log(
        `capacity ${capacity}: ${ok} buyers × 2 tickets from one address in ${ms.toFixed(0)} ms (${(ok / (ms / 1000)).toFixed(1)} orders/s), then 429`,
      );
    }
    await t.close();
  },
  600_000,
);

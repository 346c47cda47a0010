import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../helper.ts';
import { buyer, givenEventWithTypes, givenOrganiser } from '../../organiser-factories.ts';
import { BUYER_IP, freshBuyer, order, takenNow } from './threats.ts';

/**
 * OWASP OAT-005 Scalping: one buyer, or one address, tries to take a large share of a
 * limited event to resell it. A free event is the easy target (each order completes at
 * once, no money needed). Contained means one identity (however its email is spelled)
 * takes at most its share (10%, at least 10 tickets) in a day, one address at most 20% in
 * a hold window, and a legitimate buyer from elsewhere still gets tickets.
 */
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;
beforeAll(async () => {
  t = await startTestApp();
  organiser = await givenOrganiser(t);
  // Starting an app is slow on a loaded machine.
}, 180_000);
afterAll(() => t?.close());

const CAPACITY = 200;

async function limitedEvent(price: number) {
  const { event, types } = await givenEventWithTypes(t, organiser.token, [
    { name: 'Early bird', price, capacity: CAPACITY, maxPerOrder: 10 },
  ]);
  return { eventId: event.id, typeId: types[0]!.id };
}

describe('OAT-005 scalping', () => {
  it('one buyer identity, spelled many ways from many addresses, takes at most its share of a free event', async () => {
    const { eventId, typeId } = await limitedEvent(0);
    const me = buyer({ email: 'Tunde.Scalper@gmail.com', phone: '0803 555 0101' });
    const spellings = (i: number) => [
      `tunde.scalper+${i}@gmail.com`,
      `TundeScalper+x${i}@googlemail.com`,
      `t.u.n.d.e.scalper@gmail.com`,
    ];
    let got = 0;
    for (let i = 0; i < 20; i++) {
      for (const email of spellings(i)) {
        // A new address each time: only the identity ties these orders together.
        const res = await order(
          t,
          eventId,
          typeId,
          10,
          { ...me, email },
          `41.58.${i}.${email.length}`,
        );
        expect([201, 409, 429], res.text).toContain(res.status);
        if (res.status === 201) got += 10;
      }
    }
    expect(got).toBeLessThanOrEqual(CAPACITY * 0.1);
    const taken = await takenNow(t, eventId);
    expect(taken).toBe(got);
    const legit = await order(t, eventId, typeId, 4, buyer(), BUYER_IP);
    expect(legit.status, legit.text).toBe(201);
  });

  it('one address with a new identity per order takes at most its share of a paid event', async () => {
    const { eventId, typeId } = await limitedEvent(15_000);
    let got = 0;
    for (let i = 0; i < 40; i++) {
      const res = await order(t, eventId, typeId, 10, freshBuyer(i), '197.210.64.2');
      expect([201, 429], res.text).toContain(res.status);
      if (res.status === 201) got += 10;
    }
    expect(got).toBeLessThanOrEqual(CAPACITY * 0.2);
    const legit = await order(t, eventId, typeId, 4, buyer(), BUYER_IP);
    expect(legit.status, legit.text).toBe(201);
  });
});

import { expect } from 'vitest';
import { EVENTS, givenPublishedEvent } from './event-factories.ts';
import { givenUser, logIn, uniqueEmail, uniquePhone } from './factories.ts';
import { API, startTestApp, type TestApp } from './helper.ts';
import { startFakePaystack, type FakePaystack } from './paystack-fake.ts';

/** An app talking to a fresh local stand-in of Paystack, with one signed-in organiser. */
export interface PaystackWorld {
  t: TestApp;
  paystack: FakePaystack;
  organiser: string;
  close(): Promise<void>;
}

export async function startPaystackWorld(): Promise<PaystackWorld> {
  const paystack = await startFakePaystack();
  const t = await startTestApp({
    paystackSecretKey: paystack.secretKey,
    paystackBaseUrl: paystack.baseUrl,
  });
  const organiser = await logIn(t, await givenUser(t));
  return {
    t,
    paystack,
    organiser,
    close: async () => {
      await t.close();
      await paystack.close();
    },
  };
}

export const paystackBuyer = () => ({
  firstName: 'Ngozi',
  lastName: 'Adeyemi',
  email: uniqueEmail('buyer'),
  phone: uniquePhone(),
});

/** A pending order of one ₦5,000 ticket on a new event, its access token and ticket type. */
export async function pendingPaystackOrder(world: PaystackWorld, capacity = 10) {
  const { t, organiser } = world;
  // Offline payment on, so a test can also choose it (it is the organiser's choice per event).
  const event = await givenPublishedEvent(t, organiser, { offlinePayment: true }, [
    { price: 5000, capacity },
  ]);
  const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes;
  const ticketTypeId = types[0].id as string;
  const res = await t.post(`${API}/orders`, {
    eventId: event.id,
    items: [{ ticketTypeId, quantity: 1 }],
    buyer: paystackBuyer(),
  });
  expect(res.status, res.text).toBe(201);
  const { order, accessToken } = res.body.data;
  return {
    event,
    ticketTypeId,
    order: order as { id: string; orderCode: string; email: string; totalPrice: number },
    headers: { 'x-order-token': accessToken as string },
  };
}

import { expect } from 'vitest';
import type { Config } from '../src/config.ts';
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

let nextAccount = 1_000_000;

/**
 * Gives the organiser a payout account verified with the stand-in Paystack (resolved, and
 * a subaccount made), as saving it in settings does: without one, an event takes no
 * Paystack payment (decision 038). Answers the subaccount's code.
 */
export async function givenPayoutAccount(
  t: TestApp,
  token: string,
  paystack: FakePaystack,
  accountName = 'ADAEZE OKAFOR ENTERTAINMENT',
): Promise<string> {
  const accountNumber = `01${String(nextAccount++).padStart(8, '0')}`;
  paystack.addAccount('058', accountNumber, accountName);
  const res = await t.request('PUT', `${API}/events/manage/settings/payout`, {
    token,
    body: { bankName: 'Guaranty Trust Bank', bankCode: '058', accountNumber, accountName },
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.payout.verified).toBe(true);
  const row = await t.db
    .selectFrom('organiser_settings')
    .select('subaccount_code')
    .where('account_number', '=', accountNumber)
    .executeTakeFirstOrThrow();
  return row.subaccount_code!;
}

export async function startPaystackWorld(overrides: Partial<Config> = {}): Promise<PaystackWorld> {
  const paystack = await startFakePaystack();
  const t = await startTestApp({
    paystackSecretKey: paystack.secretKey,
    paystackBaseUrl: paystack.baseUrl,
    ...overrides,
  });
  const organiser = await logIn(t, await givenUser(t));
  await givenPayoutAccount(t, organiser, paystack);
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

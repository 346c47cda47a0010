import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type TestApp } from '../../../test/helper.ts';
import type { FakePaystack } from '../../../test/paystack-fake.ts';
import {
  pendingPaystackOrder,
  startPaystackWorld,
  type PaystackWorld,
} from '../../../test/paystack-world.ts';

/**
 * Issue 21 §7 (decision 056): refunds Paystack reports are checked against the payment,
 * not believed as sent, and a refund returns what was received. Over HTTP against the
 * local stand-in of Paystack (test/paystack-fake.ts).
 */
const ORDERS = `${API}/orders`;
const WEBHOOK = `${API}/payments/paystack/webhook`;
const MANAGE_ORDERS = `${API}/events/manage/orders`;

let world: PaystackWorld;
let t: TestApp;
let paystack: FakePaystack;
let organiser: string;

beforeAll(async () => {
  world = await startPaystackWorld();
  ({ t, paystack, organiser } = world);
}, 180_000);
afterAll(async () => {
  await world?.close();
});

const deliver = (body: string) =>
  t.request('POST', WEBHOOK, {
    payload: body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': paystack.sign(body) },
  });

/** A signed refund event as Paystack sends it, for any reference, amount and currency. */
const refundEvent = (
  event: 'refund.pending' | 'refund.processed' | 'refund.failed',
  reference: string,
  amount: number,
  currency = 'NGN',
) =>
  JSON.stringify({
    event,
    data: {
      status: event.slice('refund.'.length),
      transaction_reference: reference,
      refund_reference: event === 'refund.processed' ? 'RF-DASHBOARD-1' : null,
      amount,
      currency,
      processor: 'mastercard',
      integration: 412829,
      domain: 'test',
    },
  });

/** A ₦5,330 (533,000 kobo) order paid through Paystack, `charged` kobo actually charged. */
async function paidOrder(charged?: number) {
  const o = await pendingPaystackOrder(world);
  const res = await t.post(`${ORDERS}/${o.order.id}/pay`, { method: 'paystack' }, o);
  expect(res.status, res.text).toBe(200);
  const reference = [...paystack.transactions.values()].find(
    (tx) => (tx.metadata as { order_id?: string }).order_id === o.order.id,
  )!.reference;
  const tx = paystack.pay(reference);
  if (charged !== undefined) tx.amount = charged;
  const signed = paystack.webhook(reference, charged !== undefined ? { amount: charged } : {});
  expect((await deliver(signed.body)).status).toBe(200);
  return { ...o, reference };
}

const orderRow = (id: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const paymentRow = (reference: string) =>
  t.db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
const soldOf = async (ticketTypeId: string) =>
  (
    await t.db
      .selectFrom('ticket_types')
      .select('sold')
      .where('id', '=', ticketTypeId)
      .executeTakeFirstOrThrow()
  ).sold;
const historyOf = (orderId: string) =>
  t.db
    .selectFrom('order_history')
    .select(['kind', 'detail'])
    .where('order_id', '=', orderId)
    .orderBy('created_at')
    .execute();

describe('refund webhooks Paystack sends (issue 21 §7)', () => {
  it("a refund made in Paystack's dashboard ends the order, and its amount is capped at the payment", async () => {
    const o = await paidOrder();
    expect((await orderRow(o.order.id)).status).toBe('completed');
    expect(await soldOf(o.ticketTypeId)).toBe(1);

    const res = await deliver(refundEvent('refund.processed', o.reference, 999_999_999));
    expect(res.status).toBe(200);

    const order = await orderRow(o.order.id);
    expect(order).toMatchObject({ status: 'refunded', refund_status: 'processed' });
    expect(Number(order.refund_kobo)).toBe(533_000);
    expect(Number((await paymentRow(o.reference)).refund_amount_kobo)).toBe(533_000);
    expect(await soldOf(o.ticketTypeId)).toBe(0);
    const history = await historyOf(o.order.id);
    expect(history.map((h) => h.kind)).toEqual(
      expect.arrayContaining(['refunded', 'refund_processed']),
    );
    expect(history.find((h) => h.kind === 'refunded')!.detail).toMatch(/outside Gatepass/);
    // The ticket no longer opens the door: the buyer's view says refunded.
    const view = await t.request('GET', `${ORDERS}/${o.order.id}`, { headers: o.headers });
    expect(view.body.data.status).toBe('refunded');

    // The same event again changes nothing.
    expect((await deliver(refundEvent('refund.processed', o.reference, 999_999_999))).status).toBe(
      200,
    );
    expect((await historyOf(o.order.id)).length).toBe(history.length);
  });

  it('a part refunded in the dashboard leaves the order and its tickets, and tells the organiser', async () => {
    const o = await paidOrder();
    expect((await deliver(refundEvent('refund.processed', o.reference, 100_000))).status).toBe(200);
    const order = await orderRow(o.order.id);
    expect(order).toMatchObject({ status: 'completed', refund_status: 'processed' });
    expect(Number(order.refund_kobo)).toBe(100_000);
    expect(await soldOf(o.ticketTypeId)).toBe(1);
    const last = (await historyOf(o.order.id)).at(-1)!;
    expect(last.kind).toBe('refund_processed');
    expect(last.detail).toMatch(/₦1,000\.00.*part of the ₦5,330\.00 paid/);
  });

  it('a refund in another currency than the payment is left alone', async () => {
    const o = await paidOrder();
    expect(
      (await deliver(refundEvent('refund.processed', o.reference, 533_000, 'USD'))).status,
    ).toBe(200);
    expect(await orderRow(o.order.id)).toMatchObject({ status: 'completed', refund_status: null });
    expect((await paymentRow(o.reference)).refund_id).toBeNull();
  });

  it('a refund.failed for a refund never made does not flag a paid order', async () => {
    const o = await paidOrder();
    expect((await deliver(refundEvent('refund.failed', o.reference, 533_000))).status).toBe(200);
    expect(await orderRow(o.order.id)).toMatchObject({
      status: 'completed',
      needs_refund: false,
      refund_status: null,
    });
    expect((await paymentRow(o.reference)).outcome).toBe('completed');
    const manage = await t.request('GET', `${MANAGE_ORDERS}/${o.order.id}`, { token: organiser });
    expect(manage.body.data.needsRefund).toBe(false);
  });

  it('after a wrong amount (100 kobo for 533,000), the refund returns what was received', async () => {
    const o = await paidOrder(100);
    expect(await orderRow(o.order.id)).toMatchObject({ status: 'pending', needs_refund: true });
    expect(Number((await paymentRow(o.reference)).received_kobo)).toBe(100);

    const before = paystack.requests.length;
    const res = await t.post(`${MANAGE_ORDERS}/${o.order.id}/refund`, {}, { token: organiser });
    expect(res.status, res.text).toBe(200);
    const calls = paystack.requests.slice(before).filter((r) => r.path === '/refund');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject({
      transaction: o.reference,
      amount: 100,
      currency: 'NGN',
    });
    expect(paystack.refunds.filter((r) => r.reference === o.reference)).toEqual([
      expect.objectContaining({ amount: 100 }),
    ]);
    expect(res.body.data.needsRefund).toBe(false);
    expect(Number((await paymentRow(o.reference)).refund_amount_kobo)).toBe(100);
  });
});

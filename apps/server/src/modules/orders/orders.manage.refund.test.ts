import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser, logIn } from '../../../test/factories.ts';
import { API, type TestApp } from '../../../test/helper.ts';
import { type FakePaystack } from '../../../test/paystack-fake.ts';
import {
  paystackBuyer,
  pendingPaystackOrder,
  startPaystackWorld,
  type PaystackWorld,
} from '../../../test/paystack-world.ts';

/**
 * Refunds through Paystack's Refund API (docs/decisions/017-paystack-refunds.md), over
 * HTTP against the local stand-in of Paystack (test/paystack-fake.ts).
 */
const ORDERS = `${API}/orders`;
const MANAGE_ORDERS = `${API}/events/manage/orders`;
const WEBHOOK = `${API}/payments/paystack/webhook`;

let world: PaystackWorld;
let paystack: FakePaystack;
let t: TestApp;
let organiser: string;

beforeAll(async () => {
  world = await startPaystackWorld();
  ({ t, paystack, organiser } = world);
});
afterAll(async () => {
  await world?.close();
});

const buyer = paystackBuyer;

/** A ₦5,000 order (₦5,330 with the fee) on a new event, pending payment. */
async function pendingOrder(capacity = 10) {
  const o = await pendingPaystackOrder(world, capacity);
  return { event: o.event, ticketTypeId: o.ticketTypeId, id: o.order.id, headers: o.headers };
}

/** Pays the order on (fake) Paystack and delivers the signed webhook. */
async function payWithPaystack(order: Awaited<ReturnType<typeof pendingOrder>>) {
  const res = await t.post(`${ORDERS}/${order.id}/pay`, { method: 'paystack' }, order);
  expect(res.status, res.text).toBe(200);
  const reference = [...paystack.transactions.values()].find(
    (tx) => (tx.metadata as { order_id?: string }).order_id === order.id,
  )!.reference;
  paystack.pay(reference);
  const { body, signature } = paystack.webhook(reference);
  const hook = await t.request('POST', WEBHOOK, {
    payload: body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
  });
  expect(hook.status).toBe(200);
  return reference;
}

async function paidOrder() {
  const order = await pendingOrder();
  const reference = await payWithPaystack(order);
  expect((await orderRow(order.id)).status).toBe('completed');
  return { ...order, reference };
}

const refund = (orderId: string, token = organiser, reason?: string) =>
  t.post(`${MANAGE_ORDERS}/${orderId}/refund`, reason ? { reason } : {}, { token });

const orderRow = (id: string) =>
  t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const paymentRow = (reference: string) =>
  t.db
    .selectFrom('payments')
    .select(['refund_id', 'refund_status', 'refund_amount_kobo', 'outcome'])
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

const refundsOf = (reference: string) => paystack.refunds.filter((r) => r.reference === reference);

describe('refunding a Paystack-paid order', () => {
  it('refunds the money through Paystack, then marks the order refunded and frees its tickets', async () => {
    const order = await paidOrder();
    expect(await soldOf(order.ticketTypeId)).toBe(1);
    const before = paystack.requests.length;

    const res = await refund(order.id, organiser, 'Buyer cannot attend');
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toMatch(/Paystack is returning the money/);
    expect(res.body.data.status).toBe('refunded');

    // One call, as Paystack documents it: the reference, the whole amount in kobo, the key.
    const calls = paystack.requests.slice(before).filter((r) => r.path === '/refund');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.authorization).toBe(`Bearer ${paystack.secretKey}`);
    expect(calls[0]!.body).toMatchObject({
      transaction: order.reference,
      amount: 533_000,
      currency: 'NGN',
    });
    expect(refundsOf(order.reference)).toHaveLength(1);
    const [made] = refundsOf(order.reference);
    expect(made!.merchantNote).toContain('Buyer cannot attend');

    expect(await paymentRow(order.reference)).toMatchObject({
      refund_id: String(made!.id),
      refund_status: 'pending',
      refund_amount_kobo: 533_000,
    });
    expect(await soldOf(order.ticketTypeId)).toBe(0);
    const entry = res.body.data.history.find((h: { kind: string }) => h.kind === 'refunded');
    expect(entry.detail).toMatch(/Buyer cannot attend.*₦5,330(\.00)? refunded through Paystack/);

    // Again: nothing left to refund, and Paystack is not asked twice.
    const again = await refund(order.id);
    expect(again.status).toBe(409);
    expect(refundsOf(order.reference)).toHaveLength(1);
  });

  it('changes nothing when Paystack refuses, says why, and refunds once on retry', async () => {
    const order = await paidOrder();
    paystack.refuseRefundsWith = 'Insufficient balance to process refund';
    try {
      const res = await refund(order.id);
      expect(res.status, res.text).toBe(502);
      expect(res.body.code).toBe('PAYMENT_FAILED');
      expect(res.body.error).toBe(
        'Paystack did not accept the refund of ₦5,330.00: "Insufficient balance to process refund". Nothing was changed; you can try again, or refund it in Paystack\'s dashboard.',
      );
    } finally {
      paystack.refuseRefundsWith = undefined;
    }
    expect((await orderRow(order.id)).status).toBe('completed');
    expect(await soldOf(order.ticketTypeId)).toBe(1);
    expect((await paymentRow(order.reference)).refund_id).toBeNull();

    paystack.down = true;
    try {
      const res = await refund(order.id);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/could not reach Paystack.*Nothing was changed/);
    } finally {
      paystack.down = false;
    }
    expect((await orderRow(order.id)).status).toBe('completed');

    const retry = await refund(order.id);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.data.status).toBe('refunded');
    expect(refundsOf(order.reference)).toHaveLength(1);
  });

  it("does not refund twice when Paystack's answer was lost: the retry finds it refunded", async () => {
    const order = await paidOrder();
    paystack.loseRefundAnswers = true;
    try {
      const res = await refund(order.id);
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/could not reach Paystack/);
    } finally {
      paystack.loseRefundAnswers = false;
    }
    // Paystack did refund; this side does not know yet.
    expect(refundsOf(order.reference)).toHaveLength(1);
    expect((await orderRow(order.id)).status).toBe('completed');

    const retry = await refund(order.id);
    expect(retry.status, retry.text).toBe(200);
    expect(retry.body.data.status).toBe('refunded');
    expect(refundsOf(order.reference)).toHaveLength(1);
    expect((await paymentRow(order.reference)).refund_status).toBe('processed');
  });

  it('refunds a late payment flagged needs_refund, keeping the expired order as it is', async () => {
    const late = await pendingOrder(1);
    const pay = await t.post(`${ORDERS}/${late.id}/pay`, { method: 'paystack' }, late);
    expect(pay.status).toBe(200);
    const reference = [...paystack.transactions.values()].find(
      (tx) => (tx.metadata as { order_id?: string }).order_id === late.id,
    )!.reference;
    // The hold runs out, someone else takes the last ticket, then the money arrives.
    await t.db
      .updateTable('orders')
      .set({ reserved_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', late.id)
      .execute();
    await t.app.services.orders.holds.expireHolds();
    const other = await t.post(ORDERS, {
      eventId: late.event.id,
      items: [{ ticketTypeId: late.ticketTypeId, quantity: 1 }],
      buyer: buyer(),
    });
    expect(other.status, other.text).toBe(201);
    paystack.pay(reference);
    const { body, signature } = paystack.webhook(reference);
    await t.request('POST', WEBHOOK, {
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    expect(await orderRow(late.id)).toMatchObject({ status: 'expired', needs_refund: true });

    const detail = await t.request('GET', `${MANAGE_ORDERS}/${late.id}`, { token: organiser });
    expect(detail.body.data.actions.refund).toBe(true);

    const res = await refund(late.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe(
      'Paystack is returning the money this order could not take to the buyer.',
    );
    expect(res.body.data).toMatchObject({ status: 'expired', needsRefund: false });
    expect(refundsOf(reference)).toHaveLength(1);
    expect(refundsOf(reference)[0]!.amount).toBe(533_000);
    expect((await paymentRow(reference)).refund_id).not.toBeNull();
    const entry = res.body.data.history.find((h: { kind: string }) => h.kind === 'refund');
    expect(entry.detail).toMatch(/refunded through Paystack/);
    // The other buyer's ticket is untouched.
    expect(await soldOf(late.ticketTypeId)).toBe(1);

    const again = await refund(late.id);
    expect(again.status).toBe(409);
    expect(refundsOf(reference)).toHaveLength(1);
  });

  it('only marks an order paid offline refunded, and asks Paystack nothing', async () => {
    const order = await pendingOrder();
    expect((await t.post(`${ORDERS}/${order.id}/pay`, { method: 'offline' }, order)).status).toBe(
      200,
    );
    const paid = await t.post(`${MANAGE_ORDERS}/${order.id}/mark-paid`, {}, { token: organiser });
    expect(paid.status, paid.text).toBe(200);
    const before = paystack.refunds.length;

    const res = await refund(order.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.message).toBe('The order is marked refunded and its tickets are back on sale.');
    expect(paystack.refunds.length).toBe(before);
  });

  it("answers 404 for another organiser's order and refunds nothing", async () => {
    const order = await paidOrder();
    const stranger = await logIn(t, await givenUser(t));
    const res = await refund(order.id, stranger);
    expect(res.status).toBe(404);
    expect(refundsOf(order.reference)).toHaveLength(0);
    expect((await orderRow(order.id)).status).toBe('completed');
  });
});

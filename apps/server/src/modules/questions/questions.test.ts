import { randomUUID } from 'node:crypto';
import type { QuestionInput } from '@gatepass/shared';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, MANAGE } from '../../../test/event-factories.ts';
import { compactDoor } from '../../../test/door-compact.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
  parseCsv,
} from '../../../test/organiser-factories.ts';
import { CheckoutGroups, type Purchase } from '../orders/orders.checkout.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const questionsUrl = (eventId: string) => `${MANAGE}/${eventId}/questions`;

async function givenEvent(price = 0) {
  const owner = await givenOrganiser(t);
  const { event, types } = await givenEventWithTypes(t, owner.token, [
    { name: 'Regular', price },
    { name: 'VIP', price },
  ]);
  const regular = types.find((x) => x.name === 'Regular')!;
  const vip = types.find((x) => x.name === 'VIP')!;
  return { owner, event, regular, vip };
}

function questionSet(vipId: string) {
  const diet = randomUUID();
  const allergy = randomUUID();
  const name = randomUUID();
  const company = randomUUID();
  const questions: QuestionInput[] = [
    { id: company, label: 'Company', kind: 'short_text', per: 'order', required: false },
    {
      id: diet,
      label: 'Dietary needs',
      kind: 'one_choice',
      per: 'ticket',
      required: true,
      options: ['None', 'Vegetarian', 'Allergy'],
    },
    {
      id: allergy,
      label: 'Which allergy?',
      kind: 'short_text',
      per: 'ticket',
      required: true,
      showIf: { questionId: diet, equals: 'Allergy' },
    },
    {
      id: name,
      label: 'Guest name',
      kind: 'short_text',
      per: 'ticket',
      required: true,
      ticketTypeIds: [vipId],
    },
  ];
  return { questions, diet, allergy, name, company };
}

async function order(eventId: string, items: unknown, answers?: Record<string, unknown>) {
  return t.post(ORDERS, { eventId, items, buyer: buyer(), ...(answers ? { answers } : {}) });
}

describe('questions at checkout', () => {
  it('saves the questions, asks them at checkout, keeps the answers, shows them in the drawer, the door and the CSV', async () => {
    const { owner, event, regular, vip } = await givenEvent();
    const q = questionSet(vip.id);
    const saved = await t.request('PUT', questionsUrl(event.id), {
      token: owner.token,
      body: { questions: q.questions },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.map((x: { label: string }) => x.label)).toEqual([
      'Company',
      'Dietary needs',
      'Which allergy?',
      'Guest name',
    ]);
    // The checkout page reads them by the event's slug.
    const pub = await t.request('GET', `${EVENTS}/${event.slug}/questions`);
    expect(pub.status).toBe(200);
    expect(pub.body.data).toHaveLength(4);

    const items = [
      { ticketTypeId: regular.id, quantity: 1 },
      { ticketTypeId: vip.id, quantity: 1 },
    ];
    // A required question left empty is refused with its sentence; nothing is written.
    const missing = await order(event.id, items, { [`${q.diet}#1`]: 'None' });
    expect(missing.status, missing.text).toBe(400);
    expect(missing.body.error).toBe('"Dietary needs" needs an answer.');
    // Each refused answer named by its key, for the page to put under its question.
    expect(missing.body.details.issues).toContainEqual({
      field: `answers.${q.diet}#2`,
      message: '"Dietary needs" needs an answer.',
    });
    // The conditional question is asked only when its condition holds.
    const noAllergy = await order(event.id, items, {
      [`${q.diet}#1`]: 'Allergy',
      [`${q.diet}#2`]: 'None',
      [`${q.name}#2`]: 'Ada Lovelace',
    });
    expect(noAllergy.status).toBe(400);
    expect(noAllergy.body.error).toBe('"Which allergy?" needs an answer.');
    // A choice that is not one of the question's.
    const badChoice = await order(event.id, items, {
      [`${q.diet}#1`]: 'Chocolate',
      [`${q.diet}#2`]: 'None',
      [`${q.name}#2`]: 'Ada Lovelace',
    });
    expect(badChoice.status).toBe(400);
    expect(badChoice.body.error).toBe('Choose one of the answers.');

    const made = await order(event.id, items, {
      [q.company]: 'Andela',
      [`${q.diet}#1`]: 'Allergy',
      [`${q.allergy}#1`]: 'Peanuts',
      [`${q.diet}#2`]: 'Vegetarian',
      // Not shown (the condition is not met): dropped, not kept.
      [`${q.allergy}#2`]: 'ignored',
      [`${q.name}#2`]: 'Ada Lovelace',
      // Not asked of a Regular ticket: dropped.
      [`${q.name}#1`]: 'Nobody',
    });
    expect(made.status, made.text).toBe(201);
    const orderId = made.body.data.order.id as string;

    const detail = await t.request('GET', `${MANAGE_ORDERS}/${orderId}`, { token: owner.token });
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.data.answers).toEqual([
      { questionId: q.company, label: 'Company', ticket: null, ticketType: null, value: 'Andela' },
      {
        questionId: q.diet,
        label: 'Dietary needs',
        ticket: 1,
        ticketType: 'Regular',
        value: 'Allergy',
      },
      {
        questionId: q.allergy,
        label: 'Which allergy?',
        ticket: 1,
        ticketType: 'Regular',
        value: 'Peanuts',
      },
      {
        questionId: q.diet,
        label: 'Dietary needs',
        ticket: 2,
        ticketType: 'VIP',
        value: 'Vegetarian',
      },
      {
        questionId: q.name,
        label: 'Guest name',
        ticket: 2,
        ticketType: 'VIP',
        value: 'Ada Lovelace',
      },
    ]);

    // The door's list carries the names answered, which its search matches.
    const door = await t.request('GET', `${API}/ticketPurchase/event/${event.id}`, {
      token: owner.token,
    });
    expect(door.status).toBe(200);
    const mine = door.body.data.find((o: { _id: string }) => o._id === orderId);
    expect(mine.attendeeNames).toBe('Ada Lovelace');
    // So does the door's compact list (decision 088), in the order's `extra`.
    const compact = await compactDoor(t, owner.token, event.id);
    expect(compact.orders.find((o) => o.orderCode === mine.orderCode)).toMatchObject({
      attendeeNames: 'Ada Lovelace',
    });

    // Edited after the sale: "Company" removed, "Dietary needs" renamed.
    const edited = q.questions
      .filter((x) => x.id !== q.company)
      .map((x) => (x.id === q.diet ? { ...x, label: 'Food' } : x));
    const again = await t.request('PUT', questionsUrl(event.id), {
      token: owner.token,
      body: { questions: edited },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data).toHaveLength(3);
    // The drawer keeps the label each answer was given under.
    const after = await t.request('GET', `${MANAGE_ORDERS}/${orderId}`, { token: owner.token });
    expect(after.body.data.answers[0].label).toBe('Company');
    expect(after.body.data.answers[1].label).toBe('Dietary needs');

    // CSV: one column per question; the removed one stays under its old label.
    const csv = await t.request('GET', `${MANAGE_ORDERS}/export.csv?eventId=${event.id}`, {
      token: owner.token,
    });
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    const cell = (label: string) => rows[0]![header!.indexOf(label)];
    expect(header!.slice(-4)).toEqual(['Food', 'Which allergy?', 'Guest name', 'Company']);
    expect(rows).toHaveLength(1);
    expect(cell('Company')).toBe('Andela');
    expect(cell('Food')).toBe('1: Allergy; 2: Vegetarian');
    expect(cell('Which allergy?')).toBe('1: Peanuts');
    expect(cell('Guest name')).toBe('2: Ada Lovelace');
  });

  it('refuses a condition on a later question, a choice with one option, and another event’s ticket type', async () => {
    const { owner, event } = await givenEvent();
    const other = await givenEvent();
    const a = randomUUID();
    const b = randomUUID();
    const later = await t.request('PUT', questionsUrl(event.id), {
      token: owner.token,
      body: {
        questions: [
          {
            id: a,
            label: 'A',
            kind: 'short_text',
            per: 'order',
            showIf: { questionId: b, equals: 'Yes' },
          },
          { id: b, label: 'B', kind: 'yes_no', per: 'order' },
        ],
      },
    });
    expect(later.status).toBe(400);
    expect(later.body.error).toMatch(/depend on one before it/);
    const oneOption = await t.request('PUT', questionsUrl(event.id), {
      token: owner.token,
      body: {
        questions: [{ id: a, label: 'A', kind: 'one_choice', per: 'order', options: ['x'] }],
      },
    });
    expect(oneOption.status).toBe(400);
    expect(oneOption.body.error).toMatch(/at least two choices/);
    const foreign = await t.request('PUT', questionsUrl(event.id), {
      token: owner.token,
      body: {
        questions: [
          {
            id: a,
            label: 'A',
            kind: 'short_text',
            per: 'ticket',
            ticketTypeIds: [other.regular.id],
          },
        ],
      },
    });
    expect(foreign.status).toBe(400);
    // Another organiser's event: not found, reading or writing.
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.request(method, questionsUrl(event.id), {
        token: other.owner.token,
        body: method === 'PUT' ? { questions: [] } : undefined,
      });
      expect(res.status).toBe(404);
    }
  });

  it('twenty saves of different lists at once end as one of them, never a mix (the event lock)', async () => {
    const { owner, event } = await givenEvent();
    const lists = Array.from({ length: 20 }, (_, n) => [
      { id: randomUUID(), label: `List ${n} first`, kind: 'short_text', per: 'order' },
      { id: randomUUID(), label: `List ${n} second`, kind: 'yes_no', per: 'ticket' },
    ]);
    const replies = await Promise.all(
      lists.map((questions) =>
        t.request('PUT', questionsUrl(event.id), { token: owner.token, body: { questions } }),
      ),
    );
    for (const r of replies) expect(r.status, r.text).toBe(200);
    const live = await t.request('GET', questionsUrl(event.id), { token: owner.token });
    const labels = (live.body.data as { label: string }[]).map((q) => q.label);
    expect(labels).toHaveLength(2);
    expect(labels[0]!.replace(' first', '')).toBe(labels[1]!.replace(' second', ''));
  });

  it('an unknown event has no public questions', async () => {
    const res = await t.request('GET', `${EVENTS}/no-such-event-${randomUUID()}/questions`);
    expect(res.status).toBe(404);
  });

  it('checkout sends no statement for questions when the event has none, one INSERT when answers are given', async () => {
    // Paid tickets: held, so no confirmation mail is written by this bare group.
    const plain = await givenEvent(5000);
    const asked = await givenEvent(5000);
    const q = randomUUID();
    const saved = await t.request('PUT', questionsUrl(asked.event.id), {
      token: asked.owner.token,
      body: { questions: [{ id: q, label: 'Company', kind: 'short_text', per: 'order' }] },
    });
    expect(saved.status).toBe(200);

    const statements: string[] = [];
    // Count what reaches the database: every statement of the group's transaction.
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const logged = t.db.withPlugin(counter);
    const groups = new CheckoutGroups(
      logged,
      { enqueueMany: async () => {}, kick: () => {} } as never,
      { publicUrl: 'http://gatepass.test', holdSeconds: 600 } as never,
    );
    const purchase = (eventId: string, typeId: string, answers?: Record<string, string>) =>
      ({
        input: {
          eventId,
          items: [{ ticketTypeId: typeId, quantity: 1 }],
          buyer: buyer(),
          ...(answers ? { answers } : {}),
        },
        buyerUserId: null,
        accessTokenHash: randomUUID(),
      }) satisfies Purchase;

    const run = async (p: Purchase) => {
      statements.length = 0;
      const [outcome] = await groups.run(p.input.eventId, [p]);
      expect(outcome!.ok, outcome!.ok ? '' : String(outcome!.error)).toBe(true);
      return statements.length;
    };
    const none = await run(purchase(plain.event.id, plain.regular.id));
    const unanswered = await run(purchase(asked.event.id, asked.regular.id));
    const answered = await run(purchase(asked.event.id, asked.regular.id, { [q]: 'Andela' }));
    // The questions come inside the event's read: an event with questions costs nothing more
    // until an order answers them, and then one INSERT.
    expect(unanswered).toBe(none);
    expect(answered).toBe(none + 1);
    const rows = await t.db
      .selectFrom('order_answers')
      .selectAll()
      .where('question_id', '=', q)
      .execute();
    expect(rows.map((r) => r.value)).toEqual(['Andela']);
  });
});

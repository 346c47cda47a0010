import { createPromoCodeBody, updatePromoCodeBody, type PromoCodeDto } from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import {
  createBodyFrom,
  discountLabel,
  emptyPromoForm,
  promoFormFrom,
  promoState,
  updateBodyFrom,
  windowLabel,
} from './promo.ts';

const promo = (over: Partial<PromoCodeDto> = {}): PromoCodeDto => ({
  id: 'p1',
  eventId: 'e1',
  eventTitle: 'Jazz',
  code: 'EARLY',
  kind: 'percent',
  amount: 20,
  maxUses: 50,
  startsAt: null,
  endsAt: null,
  startsLocal: null,
  endsLocal: null,
  timeZone: 'Africa/Lagos',
  active: true,
  usableNow: true,
  usage: {
    uses: 3,
    remaining: 47,
    completedOrders: 3,
    tickets: 4,
    discountGiven: 2000,
    revenue: 8000,
  },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

describe('promo code form', () => {
  it('turns typed values into a body the shared contract accepts', () => {
    const values = {
      ...emptyPromoForm(),
      code: ' early-bird ',
      kind: 'fixed' as const,
      amount: '1,500',
      maxUses: '',
      startsAt: '2026-12-01T09:00',
    };
    const body = createBodyFrom(values, 'e1');
    expect(body).toMatchObject({
      amount: 1500,
      maxUses: null,
      startsAt: '2026-12-01T09:00',
      endsAt: null,
    });
    const parsed = createPromoCodeBody.parse(body);
    expect(parsed.code).toBe('EARLY-BIRD');
  });

  it('lets the contract refuse what is not a number, rather than sending 0', () => {
    const body = createBodyFrom({ ...emptyPromoForm(), code: 'ABC', amount: 'ten' }, 'e1');
    const result = createPromoCodeBody.safeParse(body);
    expect(result.success).toBe(false);
  });

  it('round-trips a stored code through the edit form', () => {
    const stored = promo({
      maxUses: null,
      startsLocal: '2026-12-01T09:00',
      startsAt: '2026-12-01T08:00:00.000Z',
    });
    const body = updateBodyFrom(promoFormFrom(stored));
    expect(updatePromoCodeBody.parse(body)).toMatchObject({
      code: 'EARLY',
      kind: 'percent',
      amount: 20,
      maxUses: null,
      startsAt: '2026-12-01T09:00',
    });
    expect('eventId' in body).toBe(false);
  });
});

describe('promo code labels', () => {
  it('says what a code takes off', () => {
    expect(discountLabel({ kind: 'percent', amount: 15 })).toBe('15% off');
    expect(discountLabel({ kind: 'fixed', amount: 2500 })).toBe('₦2,500.00 off');
  });

  it('shows the validity window in the event time zone', () => {
    expect(windowLabel(promo())).toBe('Any time');
    expect(windowLabel(promo({ endsAt: '2026-12-05T18:00:00.000Z' }))).toBe(
      'Until 5 Dec 2026, 7:00 pm',
    );
  });

  it('tells why a code does not work now', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(promoState(promo(), now).label).toBe('Live');
    expect(promoState(promo({ active: false, usableNow: false }), now).label).toBe('Off');
    expect(
      promoState(promo({ usableNow: false, usage: { ...promo().usage, remaining: 0 } }), now).label,
    ).toBe('Used up');
    expect(
      promoState(promo({ usableNow: false, startsAt: '2026-12-01T00:00:00Z' }), now).label,
    ).toBe('Scheduled');
    expect(promoState(promo({ usableNow: false, endsAt: '2026-11-01T00:00:00Z' }), now).label).toBe(
      'Ended',
    );
  });
});

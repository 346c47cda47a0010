import { createPromoCodeBody, updatePromoCodeBody, type PromoCodeDto } from '@gatepass/shared';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { contractResolver } from '../../../components/ui/form.tsx';
import {
  createBodyFrom,
  discountLabel,
  emptyPromoForm,
  promoForm,
  promoFormFrom,
  promoState,
  updateBodyFrom,
  windowLabel,
  type PromoFormValues,
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

describe('promo code form on the form layer', () => {
  const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
  async function messages(eventId: string | null, values: Partial<PromoFormValues>) {
    const resolve = contractResolver(promoForm(eventId));
    const result = await resolve({ ...emptyPromoForm(), ...values }, undefined, options as never);
    const errors = Object.entries(result.errors);
    return Object.fromEntries(errors.map(([k, e]) => [k, (e as { message?: string }).message]));
  }

  it("puts the contract's sentences under the form's fields", async () => {
    const errors = await messages('8c4f9a52-3b6e-4d1a-9f0e-2a7b5c9d1e3f', {
      code: 'A B',
      amount: '',
      maxUses: '0',
    });
    expect(Object.keys(errors).sort()).toEqual(['amount', 'code', 'maxUses']);
    expect(errors.maxUses).toBe('Maximum uses must be at least 1.');
    expect(errors.amount).toBe('Amount must be a number.');
  });

  it('checks the amount against the kind when creating', async () => {
    expect(
      await messages('8c4f9a52-3b6e-4d1a-9f0e-2a7b5c9d1e3f', { code: 'OK20', amount: '120' }),
    ).toEqual({
      amount: 'A percentage must be between 1 and 100; a fixed amount at most ₦10,000,000.',
    });
    expect(await messages(null, { code: 'OK20', amount: '20' })).toEqual({});
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

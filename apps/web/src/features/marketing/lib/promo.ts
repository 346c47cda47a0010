import {
  type CreatePromoCodeBody,
  createPromoCodeBody,
  formatNaira,
  formatShortDateTime,
  type PromoCodeDto,
  type PromoKind,
  type UpdatePromoCodeBody,
  updatePromoCodeBody,
} from '@gatepass/shared';
import { z } from 'zod';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

/** What the promo code form holds: text as typed, turned into a body on submit. */
export interface PromoFormValues {
  code: string;
  kind: PromoKind;
  amount: string;
  maxUses: string;
  /** Wall-clock "2026-12-05T19:00" in the event's time zone, or ''. */
  startsAt: string;
  endsAt: string;
  active: boolean;
}

export const emptyPromoForm = (): PromoFormValues => ({
  code: '',
  kind: 'percent',
  amount: '',
  maxUses: '',
  startsAt: '',
  endsAt: '',
  active: true,
});

export function promoFormFrom(promo: PromoCodeDto): PromoFormValues {
  return {
    code: promo.code,
    kind: promo.kind,
    amount: String(promo.amount),
    maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
    startsAt: promo.startsLocal ?? '',
    endsAt: promo.endsLocal ?? '',
    active: promo.active,
  };
}

/** A number as typed, or NaN (so the contract reports it) when it is not one. */
const numberFrom = (text: string): number => {
  const cleaned = text.replace(/[\s,₦%]/g, '');
  return cleaned === '' ? Number.NaN : Number(cleaned);
};

export function createBodyFrom(values: PromoFormValues, eventId: string): CreatePromoCodeBody {
  return {
    eventId,
    code: values.code,
    kind: values.kind,
    amount: numberFrom(values.amount),
    maxUses: values.maxUses.trim() === '' ? null : numberFrom(values.maxUses),
    startsAt: values.startsAt || null,
    endsAt: values.endsAt || null,
    active: values.active,
  };
}

export function updateBodyFrom(values: PromoFormValues): UpdatePromoCodeBody {
  const { eventId: _eventId, ...body } = createBodyFrom(values, '');
  return body;
}

/**
 * The form checked by the contract it is sent as: the create contract for `eventId`, or
 * the update contract when editing (`eventId` null). Its sentences land under the fields of
 * the same names.
 */
export function promoForm(eventId: string | null) {
  return z
    .custom<PromoFormValues>()
    .transform((values) =>
      eventId === null ? updateBodyFrom(values) : createBodyFrom(values, eventId),
    )
    .pipe(eventId === null ? updatePromoCodeBody : createPromoCodeBody);
}

/** "20% off" or "₦1,000.00 off". */
export function discountLabel(promo: Pick<PromoCodeDto, 'kind' | 'amount'>): string {
  return promo.kind === 'percent' ? `${promo.amount}% off` : `${formatNaira(promo.amount)} off`;
}

/** When the code works, in the event's time zone. */
export function windowLabel(promo: Pick<PromoCodeDto, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const from = promo.startsAt ? formatShortDateTime(promo.startsAt, promo.timeZone) : null;
  const until = promo.endsAt ? formatShortDateTime(promo.endsAt, promo.timeZone) : null;
  if (from && until) return `${from} – ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return 'Any time';
}

export interface PromoState {
  label: string;
  tone: BadgeTone;
}

/** Why a code does or does not work right now. */
export function promoState(promo: PromoCodeDto, now: Date = new Date()): PromoState {
  if (!promo.active) return { label: 'Off', tone: 'gray' };
  if (promo.usage.remaining === 0) return { label: 'Used up', tone: 'amber' };
  if (promo.endsAt && new Date(promo.endsAt) <= now) return { label: 'Ended', tone: 'gray' };
  if (promo.startsAt && new Date(promo.startsAt) > now)
    return { label: 'Scheduled', tone: 'indigo' };
  return promo.usableNow
    ? { label: 'Live', tone: 'green' }
    : { label: 'Not usable', tone: 'amber' };
}

/** "3 of 50 used" or "3 used". */
export function usesLabel(promo: PromoCodeDto): string {
  return promo.maxUses === null
    ? `${promo.usage.uses} used`
    : `${promo.usage.uses} of ${promo.maxUses} used`;
}

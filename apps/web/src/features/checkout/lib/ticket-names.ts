import { compareTicketLines, ticketHolderBody, type TicketNamesBody } from '@gatepass/shared';
import { z } from 'zod';

/**
 * The checkout's optional names of a group order's tickets (issue 25 §2, decision 080): one
 * slot per ticket, numbered as the server numbers them; a blank slot is a ticket not named.
 */
export function ticketSlots(
  lines: readonly { ticketTypeId: string; quantity: number }[],
  types: readonly { id: string; name: string }[],
): { index: number; ticketType: string }[] {
  const named = lines.map((l) => ({
    ...l,
    name: types.find((t) => t.id === l.ticketTypeId)?.name ?? '',
  }));
  return named
    .sort(compareTicketLines)
    .flatMap((l) => Array.from({ length: l.quantity }, () => l.name))
    .map((ticketType, i) => ({ index: i + 1, ticketType }));
}

type Slot = { firstName?: string; lastName?: string; email?: string };

/** A slot's inputs as typed: an input never touched holds nothing. */
const typed = (s: Slot) => ({
  firstName: s.firstName ?? '',
  lastName: s.lastName ?? '',
  email: s.email ?? '',
});

const blank = (s: Slot) => {
  const t = typed(s);
  return !t.firstName.trim() && !t.lastName.trim() && !t.email.trim();
};

/** A slot: empty, or a holder as the contract reads one (each sentence under its input). */
const slot = z
  .object({
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (blank(value)) return;
    const parsed = ticketHolderBody.safeParse(typed(value));
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue });
  });

export const checkoutNamesForm = z.object({
  names: z.array(slot.optional()),
});
export type CheckoutNamesForm = z.input<typeof checkoutNamesForm>;

/** The filled slots, as the order's `ticketNames` (absent when none is filled). */
export function ticketNamesOf(
  values: CheckoutNamesForm,
  count: number,
): TicketNamesBody | undefined {
  const names = (values.names ?? []).slice(0, count).flatMap((s, i) => {
    if (!s || blank(s)) return [];
    const t = typed(s);
    return [
      {
        index: i + 1,
        firstName: t.firstName.trim(),
        lastName: t.lastName.trim(),
        ...(t.email.trim() ? { email: t.email.trim() } : {}),
      },
    ];
  });
  return names.length > 0 ? names : undefined;
}

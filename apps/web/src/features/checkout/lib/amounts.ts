import { buyerSetsPrice, formatNaira, type PublicTicketTypeDto } from '@gatepass/shared';
import type { BasketLine } from './basket.ts';

/** What the buyer typed per pay-what-you-want or donation type id (decision 086). */
export type Amounts = Readonly<Record<string, string>>;

type Priced = Pick<PublicTicketTypeDto, 'id' | 'kind' | 'price' | 'suggestedPrice' | 'name'>;

/** The amounts a page starts with: each such type's suggested amount, else its minimum. */
export function firstAmounts(types: readonly Priced[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of types)
    if (buyerSetsPrice(t.kind)) out[t.id] = String(t.suggestedPrice ?? (t.price || ''));
  return out;
}

/** Whole naira as typed ("5,000", "₦5000"); NaN when it is not one. */
export function nairaTyped(text: string | undefined): number {
  const clean = (text ?? '').replace(/[,\s₦]/g, '');
  return /^\d{1,9}$/.test(clean) ? Number(clean) : Number.NaN;
}

/** The lowest amount a type takes: its minimum, and ₦1 for a donation (no gift of nothing). */
export const minimumOf = (t: Pick<Priced, 'kind' | 'price'>): number =>
  t.kind === 'donation' ? Math.max(t.price, 1) : t.price;

/** The basket's lines with the amount typed for each type whose buyer sets it. */
export function withAmounts(
  lines: BasketLine[],
  types: readonly Priced[],
  amounts: Amounts,
): (BasketLine & { amount?: number })[] {
  return lines.map((line) => {
    const type = types.find((t) => t.id === line.ticketTypeId);
    if (!type || !buyerSetsPrice(type.kind)) return line;
    const amount = nairaTyped(amounts[type.id]);
    return Number.isFinite(amount) ? { ...line, amount } : line;
  });
}

/**
 * A sentence per chosen line whose amount will not do, by type id: none typed, or below the
 * minimum (the server refuses it the same way, whatever the page sends).
 */
export function amountProblem(
  lines: readonly (BasketLine & { amount?: number })[],
  types: readonly Priced[],
  amounts: Amounts,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines) {
    const type = types.find((t) => t.id === line.ticketTypeId);
    if (!type || !buyerSetsPrice(type.kind)) continue;
    const amount = nairaTyped(amounts[type.id]);
    if (!Number.isFinite(amount)) out[type.id] = 'Enter an amount in whole naira.';
    else if (amount < minimumOf(type))
      out[type.id] = `Pay at least ${formatNaira(minimumOf(type))}.`;
  }
  return out;
}

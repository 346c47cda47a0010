import type { Generated, Selectable } from 'kysely';

/**
 * Promo codes belong to the promos module (decision 060): it creates, changes and reports on
 * them, and checkout redeems them through `promos.codes.ts`.
 */
export interface PromoCodesTable {
  id: Generated<string>;
  event_id: string;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  max_uses: number | null;
  uses: Generated<number>;
  starts_at: Date | null;
  ends_at: Date | null;
  active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PromoTables {
  promo_codes: PromoCodesTable;
}

export type PromoCodeRow = Selectable<PromoCodesTable>;

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { simStateFromJson, simStateToJson, type SimState } from './paystack-sim.ts';

type Db = Kysely<Database>;

/**
 * Runs `change` on the sandbox's state with its row locked, and keeps what it did: calls
 * made at the same moment (a return and a webhook) take turns, as at Paystack.
 */
export async function withSandboxState<T>(db: Db, change: (state: SimState) => T): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('paystack_sandbox')
      .values({ id: 1, state: JSON.stringify(simStateToJson(simStateFromJson(undefined))) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('paystack_sandbox')
      .select('state')
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const state = simStateFromJson(row.state);
    const result = change(state);
    await trx
      .updateTable('paystack_sandbox')
      .set({ state: JSON.stringify(simStateToJson(state)), updated_at: sql`now()` })
      .where('id', '=', 1)
      .execute();
    return result;
  });
}

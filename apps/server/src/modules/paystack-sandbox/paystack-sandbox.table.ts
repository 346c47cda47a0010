import type { Generated } from 'kysely';

/** The sandbox's one row: the simulated Paystack's state as JSON (decision 058). */
export interface PaystackSandboxTable {
  id: number;
  state: unknown;
  updated_at: Generated<Date>;
}

export interface PaystackSandboxTables {
  paystack_sandbox: PaystackSandboxTable;
}

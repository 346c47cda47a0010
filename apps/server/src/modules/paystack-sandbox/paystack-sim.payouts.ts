import { randomBytes } from 'node:crypto';
import { SIM_BANKS, transactionData } from './paystack-sim.data.ts';
import type { SimOptions, SimReply, SimRequest, SimState, SimSubaccount } from './paystack-sim.ts';

/**
 * Paystack's split payments and payouts as paystack-sim.ts documents them: the banks, an
 * account's name, subaccounts, and the settlements paid to them. Undefined for any other
 * path (the transactions' calls are answered by simulatePaystack itself).
 */
export function simulatePayouts(
  state: SimState,
  options: SimOptions,
  { method, path, body }: SimRequest,
): SimReply | undefined {
  const reply = (status: number, json: unknown): SimReply => ({ kind: 'json', status, json });
  const { transactions, subaccounts, settlements } = state;
  const url = new URL(path, 'http://paystack.local');
  if (method === 'GET' && url.pathname === '/bank') {
    return reply(200, {
      status: true,
      message: 'Banks retrieved',
      data: SIM_BANKS.map((bank, i) => ({
        id: i + 1,
        name: bank.name,
        slug: bank.name.toLowerCase().replace(/\s+/g, '-'),
        code: bank.code,
        longcode: '',
        gateway: 'emandate',
        pay_with_bank: false,
        active: true,
        country: 'Nigeria',
        currency: 'NGN',
        type: 'nuban',
        is_deleted: false,
      })),
      meta: { next: null, previous: null, perPage: 100 },
    });
  }
  if (method === 'GET' && url.pathname === '/bank/resolve') {
    const number = url.searchParams.get('account_number') ?? '';
    const bankCode = url.searchParams.get('bank_code') ?? '';
    const name = knownAccount(state, options, bankCode, number);
    if (!name) {
      return reply(422, {
        status: false,
        message: 'Could not resolve account name. Check parameters or try again.',
      });
    }
    const bankId = SIM_BANKS.findIndex((bank) => bank.code === bankCode) + 1;
    return reply(200, {
      status: true,
      message: 'Account number resolved',
      data: { account_number: number, account_name: name, bank_id: bankId },
    });
  }
  const subaccountPath = /^\/subaccount(?:\/([^/]+))?$/.exec(url.pathname);
  if (subaccountPath && (method === 'POST' || method === 'PUT')) {
    const b = (body ?? {}) as Record<string, unknown>;
    const existing = subaccountPath[1]
      ? subaccounts.get(decodeURIComponent(subaccountPath[1]))
      : undefined;
    if (method === 'PUT' && !existing) {
      return reply(404, { status: false, message: 'Subaccount not found' });
    }
    const bankCode = String(b.bank_code ?? b.settlement_bank ?? existing?.bankCode ?? '');
    const number = String(b.account_number ?? existing?.accountNumber ?? '');
    const percentage = Number(b.percentage_charge ?? existing?.percentageCharge);
    const businessName = String(b.business_name ?? existing?.businessName ?? '');
    if (!businessName || !Number.isFinite(percentage) || percentage < 0 || percentage > 100) {
      return reply(400, {
        status: false,
        message: 'Please provide a valid business name and percentage charge',
      });
    }
    if (!knownAccount(state, options, bankCode, number)) {
      return reply(400, { status: false, message: 'Account details are invalid' });
    }
    const sub: SimSubaccount = existing ?? {
      code: `ACCT_${randomBytes(7).toString('hex')}`,
      id: state.nextId++,
      businessName,
      bankCode,
      accountNumber: number,
      percentageCharge: percentage,
    };
    Object.assign(sub, {
      businessName,
      bankCode,
      accountNumber: number,
      percentageCharge: percentage,
    });
    subaccounts.set(sub.code, sub);
    const now = new Date().toISOString();
    return reply(existing ? 200 : 201, {
      status: true,
      message: existing ? 'Subaccount updated' : 'Subaccount created',
      data: {
        integration: 412829,
        domain: 'test',
        subaccount_code: sub.code,
        business_name: sub.businessName,
        description: typeof b.description === 'string' ? b.description : null,
        primary_contact_email: b.primary_contact_email ?? null,
        percentage_charge: sub.percentageCharge,
        settlement_bank: SIM_BANKS.find((bank) => bank.code === sub.bankCode)?.name,
        account_number: sub.accountNumber,
        settlement_schedule: 'AUTO',
        active: true,
        is_verified: false,
        id: sub.id,
        createdAt: now,
        updatedAt: now,
      },
    });
  }
  if (method === 'GET' && url.pathname === '/settlement') {
    const only = url.searchParams.get('subaccount');
    const list = settlements.filter((s) => !only || s.subaccount === only).reverse();
    return reply(200, {
      status: true,
      message: 'Settlements retrieved',
      data: list.map((s) => {
        const total = s.references.reduce((sum, ref) => {
          const t = transactions.get(ref);
          return sum + (t ? t.amount - (t.transactionCharge ?? 0) : 0);
        }, 0);
        return {
          id: s.id,
          domain: 'test',
          status: s.status,
          currency: 'NGN',
          integration: 412829,
          total_amount: total,
          effective_amount: total,
          total_fees: 0,
          total_processed: total,
          deductions: null,
          settlement_date: s.date,
          settled_by: null,
          createdAt: s.date,
          updatedAt: s.date,
          subaccount: { subaccount_code: s.subaccount },
        };
      }),
      meta: { total: list.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
    });
  }
  const settlementTx = /^\/settlement\/([^/]+)\/transactions$/.exec(url.pathname);
  if (method === 'GET' && settlementTx) {
    const s = settlements.find((x) => String(x.id) === decodeURIComponent(settlementTx[1]!));
    if (!s) return reply(404, { status: false, message: 'Settlement not found' });
    const list = s.references.map((ref) => transactions.get(ref)).filter((t) => t !== undefined);
    return reply(200, {
      status: true,
      message: 'Transactions retrieved',
      data: list.map(transactionData),
      meta: { total: list.length, skipped: 0, perPage: 100, page: 1, pageCount: 1 },
    });
  }
  return undefined;
}

function knownAccount(
  state: SimState,
  options: SimOptions,
  bankCode: string,
  number: string,
): string | undefined {
  return (
    state.accounts.get(`${bankCode}:${number}`) ?? options.nameUnknownAccount?.(bankCode, number)
  );
}

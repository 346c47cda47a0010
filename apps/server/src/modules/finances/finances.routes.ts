import {
  envelope,
  errorBody,
  financesDto,
  financesQuery,
  organiserHomeDto,
  payoutLedgerDto,
} from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sendCsvDownload } from '../../plugins/csv-download.ts';
import { actingOrganiser } from '../../plugins/access.ts';
import { bearerSecurity, organiserApp, routeSchemas } from '../../plugins/route-schema.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FinancesService } from './finances.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

const DEFINITIONS =
  'Completed orders only (refunded, cancelled, expired and pending never count), dated by payment in Africa/Lagos; `from`/`to` are inclusive Lagos days (at most 731 days). faceValue = ticket prices; discounts = promo codes; gross = what buyers paid (faceValue − discounts + fees passed to buyers); fees = the service fee (feesPassed paid by buyers on top + feesAbsorbed taken from the organiser’s price); net = gross − fees, what the organiser keeps. Whole naira.';

/**
 * The organiser's money under /api/v1/events/manage/finances (the web's
 * /events/manage/financies/) and the home page figures under /api/v1/events/manage/home.
 */
export function financeRoutes(finances: FinancesService, auth: AuthService): FastifyPluginAsync {
  return async (base) => {
    const app = organiserApp(base, auth, 'manage');
    const { route, answers } = routeSchemas({ tags: ['organiser: finances'], errors });

    app.get('/finances', {
      schema: route('Totals, a table per event and daily sales for a date range (and one event)', {
        description: DEFINITIONS,
        querystring: financesQuery,
        response: answers(financesDto),
      }),
      handler: async (request) => ({
        data: await finances.report(actingOrganiser(request), request.query),
      }),
    });

    app.get('/finances/export.csv', {
      schema: route('The completed orders behind the same figures, one row each, as streamed CSV', {
        description: `${DEFINITIONS} Columns sum to the report's totals. UTF-8 with BOM, CRLF, formula-looking cells prefixed with an apostrophe.`,
        querystring: financesQuery,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      }),
      handler: async (request, reply) => {
        const stream = await finances.exportCsv(actingOrganiser(request), request.query);
        return sendCsvDownload(reply, 'finances', stream);
      },
    });

    app.get('/finances/payouts', {
      schema: route(
        "The payout ledger: per Paystack payment split with the organiser's subaccount, what the organiser gets, what the platform keeps, what Paystack charged, and Paystack's settlement; refunds as negative lines",
        {
          description:
            'Dated by payment (refund lines by refund) in Africa/Lagos; `from`/`to` inclusive Lagos days. organiser = amount − the platform’s share (the order’s service fee, Paystack `transaction_charge`); platform = that share − Paystack’s fees (the platform bears them, `bearer: account`). Settlement from GET /settlement of the subaccount; `settlementsChecked: false` when Paystack could not be asked.',
          querystring: financesQuery,
          response: answers(payoutLedgerDto),
        },
      ),
      handler: async (request) => ({
        data: await finances.payouts(actingOrganiser(request), request.query),
      }),
    });

    app.get('/finances/payouts.csv', {
      schema: route('The payout ledger as CSV (refunds as negative lines)', {
        querystring: financesQuery,
        produces: ['text/csv'],
        response: { 200: z.unknown().describe('text/csv'), ...errors },
      }),
      handler: async (request, reply) => {
        const stream = await finances.payoutsCsv(actingOrganiser(request), request.query);
        return sendCsvDownload(reply, 'payouts', stream);
      },
    });

    app.get('/home', {
      schema: {
        tags: ['organiser: home'],
        security: bearerSecurity,
        summary:
          "The organiser's home figures: all-time and 30-day money, tickets sold and held, events, the next events and the latest orders",
        response: { 200: envelope(organiserHomeDto), 401: errorBody },
      },
      handler: async (request) => ({ data: await finances.home(actingOrganiser(request)) }),
    });
  };
}

import { errorBody } from '@gatepass/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TicketFile, TicketsService } from './tickets.service.ts';

const params = z.object({ orderId: z.uuid({ error: 'This order was not found.' }) });
const headers = z.object({ 'x-order-token': z.string().max(200).optional() });
const query = z.object({ token: z.string().max(200).optional() });

/**
 * The order's access token: the X-Order-Token header, or `?token=` because a browser
 * downloads a file by following a plain link, which cannot carry a header. (Query values
 * named token never reach the log: plugins/logger.ts.)
 */
function accessToken(request: {
  headers: z.infer<typeof headers>;
  query: z.infer<typeof query>;
}): string {
  const header = request.headers['x-order-token'];
  const token = header || request.query.token;
  if (!token) throw notFound('This order was not found.');
  return token;
}

function sendFile(reply: FastifyReply, file: TicketFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body);
}

/** Downloads for the confirmation page: "Download PDF ticket" and "Add to calendar". */
export function ticketRoutes(tickets: TicketsService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const tags = ['checkout'];
    const errors = { 404: errorBody, 409: errorBody };

    app.get('/:orderId/ticket.pdf', {
      schema: {
        tags,
        summary: 'The PDF ticket of a confirmed order (X-Order-Token header or ?token=)',
        params,
        headers,
        querystring: query,
        response: { 200: z.any().describe('application/pdf'), ...errors },
      },
      handler: async (request, reply) =>
        sendFile(reply, await tickets.pdfForBuyer(request.params.orderId, accessToken(request))),
    });

    app.get('/:orderId/calendar.ics', {
      schema: {
        tags,
        summary: "The event of a confirmed order as an iCalendar file, with the order's code",
        params,
        headers,
        querystring: query,
        response: { 200: z.any().describe('text/calendar'), ...errors },
      },
      handler: async (request, reply) => {
        const file = await tickets.calendarForBuyer(request.params.orderId, accessToken(request));
        if (!file)
          throw new AppError(
            409,
            'CONFLICT',
            'This event has no date yet, so there is nothing to add to a calendar.',
          );
        return sendFile(reply, file);
      },
    });
  };
}

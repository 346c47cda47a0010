import { errorBody } from '@gatepass/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { WALLET_LOG, type PassFile, type WalletService } from './wallet.service.ts';

const link = z.object({ link: z.string().min(1).max(100) });
const tags = ['wallet'];

function sendPass(reply: FastifyReply, file: PassFile, download: boolean) {
  return reply
    .type('application/vnd.apple.pkpass')
    .header('last-modified', file.lastModified.toUTCString())
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      download ? 'attachment; filename="ticket.pkpass"' : 'inline; filename="ticket.pkpass"',
    )
    .send(file.body);
}

/**
 * The wallet downloads below a ticket link (`/t/{code}-{mac}`, whose page is another
 * module's): "Add to Apple Wallet" and "Save to Google Wallet". Whoever has the link has
 * the ticket, as with the page itself.
 */
export function walletTicketRoutes(wallet: WalletService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get('/t/:link/pass.pkpass', {
      schema: {
        tags,
        summary: 'The ticket as a signed Apple Wallet pass (.pkpass) of a ticket link',
        params: link,
        response: { 200: z.any().describe('application/vnd.apple.pkpass'), 404: errorBody },
      },
      handler: async (request, reply) =>
        sendPass(reply, await wallet.applePass(request.params.link), true),
    });
    app.get('/t/:link/google', {
      schema: {
        tags,
        summary: 'Redirects to Google Wallet with the ticket as a signed JWT (save link)',
        params: link,
        response: { 302: z.any(), 404: errorBody },
      },
      handler: async (request, reply) => {
        const url = await wallet.googleSaveUrl(request.params.link);
        return reply.header('cache-control', 'private, no-store').redirect(url, 302);
      },
    });
  };
}

const device = z.string().min(1).max(200);
const passType = z.string().min(1).max(200);
const serial = z.string().min(1).max(200);
const auth = z.object({ authorization: z.string().max(500).optional() });

/**
 * Apple's PassKit web service (the pass's webServiceURL, `/api/v1/wallet/apple`): devices
 * register for a pass's updates, ask which of theirs changed, fetch the new pass, and log.
 */
export function appleWebServiceRoutes(wallet: WalletService): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    const registration = z.object({ device, passType, serial });

    app.post('/v1/devices/:device/registrations/:passType/:serial', {
      schema: {
        tags,
        summary: "Registers a device for a pass's updates (201 new, 200 already)",
        params: registration,
        headers: auth,
        body: z.object({ pushToken: z.string().min(1).max(500) }),
        response: { 200: z.object({}), 201: z.object({}), 401: errorBody, 404: errorBody },
      },
      handler: async (request, reply) => {
        const { device: d, passType: p, serial: s } = request.params;
        const result = await wallet.register(
          d,
          p,
          s,
          request.headers.authorization,
          request.body.pushToken,
        );
        return reply.code(result === 'created' ? 201 : 200).send({});
      },
    });

    app.delete('/v1/devices/:device/registrations/:passType/:serial', {
      schema: {
        tags,
        summary: "Ends a device's registration for a pass",
        params: registration,
        headers: auth,
        response: { 200: z.object({}), 401: errorBody, 404: errorBody },
      },
      handler: async (request) => {
        const { device: d, passType: p, serial: s } = request.params;
        await wallet.unregister(d, p, s, request.headers.authorization);
        return {};
      },
    });

    app.get('/v1/devices/:device/registrations/:passType', {
      schema: {
        tags,
        summary: "The device's passes changed since a tag (204 when none)",
        params: z.object({ device, passType }),
        querystring: z.object({ passesUpdatedSince: z.string().max(50).optional() }),
        response: {
          200: z.object({ lastUpdated: z.string(), serialNumbers: z.array(z.string()) }),
          204: z.null(),
          404: errorBody,
        },
      },
      handler: async (request, reply) => {
        const { device: d, passType: p } = request.params;
        const changed = await wallet.updatedSince(d, p, request.query.passesUpdatedSince);
        // 204: nothing changed since the tag.
        return changed ?? reply.code(204).send(null);
      },
    });

    app.get('/v1/passes/:passType/:serial', {
      schema: {
        tags,
        summary: 'The pass as it is now (304 when unchanged since If-Modified-Since)',
        params: z.object({ passType, serial }),
        headers: auth.extend({ 'if-modified-since': z.string().max(100).optional() }),
        response: {
          200: z.any().describe('application/vnd.apple.pkpass'),
          304: z.null(),
          401: errorBody,
          404: errorBody,
        },
      },
      handler: async (request, reply) => {
        const { passType: p, serial: s } = request.params;
        const { authorization, 'if-modified-since': since } = request.headers;
        const file = await wallet.latestPass(p, s, authorization, since);
        // 304: unchanged since If-Modified-Since.
        return file ? sendPass(reply, file, false) : reply.code(304).send(null);
      },
    });

    app.post('/v1/log', {
      // Wallet's log lines are short: a big body is refused before it is read (413).
      bodyLimit: WALLET_LOG.bodyBytes,
      schema: {
        tags,
        summary: "Wallet's error messages about our passes, logged",
        description: `Apple's PassKit log call, unauthenticated by design. At most ${WALLET_LOG.bodyBytes / 1024} KB and ${WALLET_LOG.maxLines} lines, ${WALLET_LOG.perAddress.points} calls an hour per address (429 after); the log keeps the count and the first ${WALLET_LOG.linesKept} lines, cut to ${WALLET_LOG.lineChars} characters.`,
        body: z.object({ logs: z.array(z.string().max(2000)).max(WALLET_LOG.maxLines) }),
        response: { 200: z.object({}), 400: errorBody, 413: errorBody, 429: errorBody },
      },
      handler: async (request) => {
        await wallet.deviceLog(request.body.logs, request.ip, request.log);
        return {};
      },
    });
  };
}

import { formatKobo } from '@gatepass/shared';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { PaystackSandbox, SandboxCheckout } from './paystack-sandbox.service.ts';

const params = z.object({ accessCode: z.string().regex(/^[0-9a-f]{10}$/) });
const form = z.object({ outcome: z.enum(['pay', 'decline']) });

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f1f5f9;color:#0f172a}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#fef3c7;border:2px solid #d97706;color:#78350f;border-radius:.5rem;padding:.75rem 1rem;font-weight:700;margin-bottom:1rem}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px #0002}
.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}dt{color:#475569}dd{margin:0;font-weight:600}
button{font:inherit;width:100%;padding:.75rem;border-radius:.5rem;border:0;margin-top:.5rem;cursor:pointer}
.pay{background:#059669;color:#fff;font-weight:700}.decline{background:#e2e8f0;color:#0f172a}
.muted{color:#475569;font-size:.875rem}`;

const CHANNEL_TEXT: Record<
  string,
  { title: string; button: string; details: (c: SandboxCheckout) => string }
> = {
  bank_transfer: {
    title: 'Pay with bank transfer',
    button: 'I have sent the transfer',
    details: (c) =>
      `<dl><dt>Bank</dt><dd>Sandbox Bank</dd><dt>Account number</dt><dd>99${c.reference.replace(/\D/g, '').slice(-8).padStart(8, '0')}</dd><dt>Amount</dt><dd>${formatKobo(c.amountKobo)}</dd></dl><p class="muted">At Paystack this account is valid for 30 minutes; in the sandbox no transfer is made: the button below stands for the money arriving.</p>`,
  },
  ussd: {
    title: 'Pay with USSD',
    button: 'I have dialled the code',
    details: () => `<dl><dt>Dial</dt><dd>*737*000*1234#</dd></dl>`,
  },
  bank: {
    title: 'Pay with your bank',
    button: 'Approve in my bank',
    details: () => `<dl><dt>Bank</dt><dd>Sandbox Bank</dd></dl>`,
  },
  card: {
    title: 'Pay with card',
    button: 'Pay',
    details: () =>
      `<dl><dt>Card</dt><dd>4084 0840 8408 4081 (sandbox)</dd><dt>Expiry</dt><dd>12/30</dd></dl>`,
  },
};

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main><p class="banner" role="note">Paystack sandbox — no real money</p>${body}</main></body></html>`;
}

function checkoutPage(c: SandboxCheckout): string {
  const text = CHANNEL_TEXT[c.channel] ?? CHANNEL_TEXT.card!;
  const done =
    c.status === 'abandoned'
      ? `<form method="post"><input type="hidden" name="outcome" value="pay"><button class="pay" type="submit">${escape(text.button)} — ${formatKobo(c.amountKobo)}</button></form>
<form method="post"><input type="hidden" name="outcome" value="decline"><button class="decline" type="submit">Decline the payment</button></form>`
      : `<p>This payment is already ${c.status === 'success' ? 'paid' : 'declined'}.</p>`;
  return page(
    `${text.title} — Paystack sandbox`,
    `<div class="card"><h1>${escape(text.title)}</h1><p class="muted">${escape(c.email)}</p><p class="amount">${formatKobo(c.amountKobo)}</p>${text.details(c)}${done}
<p class="muted">This is Gatepass's local stand-in for Paystack (PAYSTACK_SANDBOX=true): it answers as Paystack documents, sends the signed webhooks, and never charges anyone.</p></div>`,
  );
}

/**
 * The sandbox's hosted payment page, where "Paystack" sends the buyer (decision 058).
 * Registered only when PAYSTACK_SANDBOX=true: otherwise these paths are the API's 404.
 */
export function paystackSandboxRoutes(sandbox: PaystackSandbox): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const notFoundPage = page(
      'Not found — Paystack sandbox',
      '<div class="card"><h1>This payment page does not exist.</h1></div>',
    );

    app.get('/:accessCode', { schema: { hide: true } }, async (request, reply) => {
      const p = params.safeParse(request.params);
      const checkout = p.success ? await sandbox.checkout(p.data.accessCode) : undefined;
      void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      // Its form's answer redirects to the shop's callback URL, as Paystack does; from the
      // widget that is the organiser's own page on another site (decision 075), which the
      // site's `form-action 'self'` would refuse to follow.
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') {
        void reply.header(
          'content-security-policy',
          policy.replace("form-action 'self'", "form-action 'self' https: http:"),
        );
      }
      if (!checkout) return reply.code(404).send(notFoundPage);
      return reply.send(checkoutPage(checkout));
    });

    app.post('/:accessCode', { schema: { hide: true } }, async (request, reply) => {
      const p = params.safeParse(request.params);
      const f = form.safeParse(request.body);
      void reply.header('cache-control', 'no-store');
      if (!p.success || !f.success) {
        return reply
          .code(p.success ? 400 : 404)
          .type('text/html; charset=utf-8')
          .send(notFoundPage);
      }
      const back = await sandbox.finish(p.data.accessCode, f.data.outcome);
      if (!back) return reply.redirect(`${request.url}`, 303);
      return reply.redirect(back, 303);
    });
  };
}

import { createHash } from 'node:crypto';
import { admitsText, ticketLines, when, where, type TicketOrder } from './tickets.render.ts';

/**
 * The light ticket page (`/t/{code}-{mac}`, issue 15 §3, decision 042): plain HTML written by
 * the server for a phone on a poor connection — the QR of the order code inline as SVG, the
 * code large, the event, when and where, the holder and what the order admits. One request
 * of a few KB (the style and a two-line script inline, allowed by their hashes), plus a
 * tiny service worker (`/t/sw.js`) that keeps the page for offline use.
 */

/** A link under the ticket (the wallet passes add theirs here). */
export interface TicketAction {
  label: string;
  href: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#f3f4f6}main{max-width:28rem;margin:0 auto;padding:1rem;background:#fff;min-height:100vh}.brand{margin:0;font-size:.75rem;font-weight:700;letter-spacing:.1em;color:#4f46e5}h1{margin:.25rem 0;font-size:1.35rem;line-height:1.25}.muted{margin:0;color:#4b5563;font-size:.95rem}.qr{margin:1rem auto .5rem;width:min(78vw,17rem)}.qr svg{display:block;width:100%;height:auto}.label{margin:.5rem 0 0;text-align:center;font-size:.75rem;letter-spacing:.1em;color:#4b5563}.code{margin:0 0 .75rem;text-align:center;font-size:2.6rem;font-weight:800;letter-spacing:.14em;font-variant-numeric:tabular-nums}.test{margin:0 0 .75rem;padding:.5rem .75rem;background:#fde047;font-weight:700}dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem .9rem;margin:.75rem 0;padding:.75rem 0;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb}dt{color:#4b5563}dd{margin:0;font-weight:600}.note{font-size:.9rem;color:#374151}.actions{display:flex;flex-direction:column;gap:.5rem;margin-top:1rem}.actions a{display:block;padding:.7rem;border:1px solid #c7d2fe;border-radius:.5rem;text-align:center;color:#3730a3;text-decoration:none;font-weight:600}`;

/**
 * Registers the page's service worker and asks it to keep this page: its first visit did
 * not go through the worker, so without this a reload with no network would find nothing.
 * (The worker skips the fetch when it holds the page already.)
 */
const SCRIPT = `if("serviceWorker"in navigator){var c=navigator.serviceWorker;c.register("/t/sw.js",{scope:"/t/"}).then(function(){return c.ready}).then(function(r){if(r.active)r.active.postMessage({keep:location.pathname})}).catch(function(){})}`;

const hash = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;

/**
 * The page's own Content-Security-Policy, stricter than the app's: nothing but its inline
 * style and script (by hash), its worker and same-origin requests.
 */
export const TICKET_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${hash(STYLE)}`,
  `script-src ${hash(SCRIPT)}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, body: string, withScript: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${withScript ? `<script>${SCRIPT}</script>` : ''}</body></html>`;
}

export function renderTicketPage(
  ticket: TicketOrder,
  qrSvg: string,
  actions: TicketAction[],
): string {
  const name = `${ticket.firstName} ${ticket.lastName}`.trim();
  const admits = admitsText(ticket);
  const body = [
    ticket.testPayment
      ? '<p class="test">TEST — not paid: paid with the TEST provider, no money was taken.</p>'
      : '',
    '<p class="brand">GATEPASS · E-TICKET</p>',
    `<h1>${escape(ticket.event.title)}</h1>`,
    `<p class="muted">${escape(when(ticket))}</p>`,
    `<p class="muted">${escape(where(ticket))}</p>`,
    `<div class="qr" role="img" aria-label="QR code of order ${escape(ticket.orderCode)}">${qrSvg}</div>`,
    '<p class="label">ORDER CODE</p>',
    `<p class="code" data-testid="order-code">${escape(ticket.orderCode)}</p>`,
    '<dl>',
    `<dt>Name</dt><dd>${escape(name)}</dd>`,
    `<dt>Admits</dt><dd>${admits}</dd>`,
    `<dt>Tickets</dt><dd>${escape(ticketLines(ticket).join(', '))}</dd>`,
    '</dl>',
    '<p class="note">Show this QR code or the order code at the door; one code admits the whole order. Once opened, this page works without a connection.</p>',
    actions.length
      ? `<nav class="actions" aria-label="More">${actions
          .map((a) => `<a href="${escape(a.href)}">${escape(a.label)}</a>`)
          .join('')}</nav>`
      : '',
  ].join('');
  return page(`Ticket ${ticket.orderCode} · ${ticket.event.title}`, body, true);
}

/** A link that names no ticket: wrong, or old (transferred), or for an unpaid order. */
export function renderTicketNotFound(publicUrl: string): string {
  return page(
    'Ticket not found · Gatepass',
    [
      '<p class="brand">GATEPASS</p>',
      '<h1>This ticket link does not work</h1>',
      '<p class="note">It may be mistyped or cut short, or the tickets were transferred to someone else (the old link then stops working). Open the link in your latest SMS or email from Gatepass, or find your order with its code and your email.</p>',
      `<nav class="actions"><a href="${escape(publicUrl)}/orders">Find my order</a></nav>`,
    ].join(''),
    false,
  );
}

/**
 * The ticket pages' service worker, scoped to /t/: a ticket page comes from the network when
 * it answers within 4 s (and is kept), else from what was kept, so the QR and code show
 * offline. A link the server no longer knows (404: transferred) is forgotten. Nothing else
 * is touched; the web app's own worker (apps/web/public/sw.js) leaves /t/ alone.
 */
export const TICKET_SERVICE_WORKER = `/* Gatepass ticket pages: network first, the kept copy offline. */
var CACHE = "gatepass-tickets-v1";
var TICKET = /^\\/t\\/[0-9]{8}-[A-Za-z0-9_-]{12}$/;
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (e) { e.waitUntil(self.clients.claim()); });
function keep(path, response) {
  return caches.open(CACHE).then(function (cache) {
    if (response.ok) return cache.put(path, response);
    if (response.status === 404) return cache.delete(path);
  });
}
self.addEventListener("message", function (e) {
  var path = e.data && e.data.keep;
  if (typeof path !== "string" || !TICKET.test(path)) return;
  e.waitUntil(caches.match(path, { cacheName: CACHE }).then(function (hit) {
    if (!hit) return fetch(path, { cache: "no-store" }).then(function (r) { return keep(path, r); });
  }).catch(function () {}));
});
self.addEventListener("fetch", function (e) {
  var req = e.request;
  var url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin || !TICKET.test(url.pathname)) return;
  var path = url.pathname;
  var network = fetch(req).then(function (r) { return keep(path, r.clone()).then(function () { return r; }); });
  var kept = caches.match(path, { cacheName: CACHE });
  e.waitUntil(network.catch(function () {}));
  e.respondWith(new Promise(function (resolve, reject) {
    var done = false;
    function fallback() {
      kept.then(function (hit) { if (done) return; if (hit) { done = true; resolve(hit); } });
    }
    var timer = setTimeout(fallback, 4000);
    network.then(function (r) { if (!done) { done = true; clearTimeout(timer); resolve(r); } }, function (err) {
      clearTimeout(timer);
      kept.then(function (hit) { if (done) return; done = true; if (hit) resolve(hit); else reject(err); });
    });
  }));
});
`;

import { formatCount, formatEventDate, type QueueStatusDto } from '@gatepass/shared';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The queue page (decision 034): plain server-written HTML that a phone on a slow network
 * shows at once, with no script (the CSP allows none inline, and none is needed). It
 * refreshes itself with a meta refresh, sooner as the turn nears, each visitor's interval
 * a little different so a crowd does not poll in step.
 */

/** Seconds until the page reloads itself; undefined for pages that wait for the visitor. */
export function refreshSeconds(
  status: QueueStatusDto,
  now: Date,
  jitter: number,
): number | undefined {
  const spread = (s: number) => Math.max(2, Math.round(s * (0.9 + 0.2 * jitter)));
  switch (status.state) {
    case 'prequeue': {
      const untilSale = status.onSaleAt
        ? (new Date(status.onSaleAt).getTime() - now.getTime()) / 1000
        : 30;
      return spread(Math.min(30, Math.max(2, untilSale + 1)));
    }
    case 'waiting':
      return spread(Math.min(20, Math.max(3, (status.estimateSeconds ?? 30) / 3)));
    case 'paused':
      return spread(15);
    default:
      return undefined;
  }
}

/** "about 5 minutes", from seconds, rounded up: a wait is never shown shorter than it is. */
export function describeWait(seconds: number | null): string {
  if (seconds === null) return 'not known while the queue is paused';
  if (seconds < 60) return 'less than a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round((minutes / 60) * 2) / 2;
  return `about ${hours} hours`;
}

const people = (n: number) => `${formatCount(n)} ${n === 1 ? 'person' : 'people'}`;

function body(status: QueueStatusDto, timeZone: string, selfUrl: string): string {
  const again = `<p><a class="button" href="${escapeHtml(selfUrl)}?again=1">Join the queue again</a></p>`;
  switch (status.state) {
    case 'prequeue':
      return `
      <h2>You are in the pre-queue</h2>
      <p>Tickets go on sale <strong>${escapeHtml(formatEventDate(status.onSaleAt ?? new Date(), timeZone))}</strong>.</p>
      <p>At that moment everyone in the pre-queue is given a place in line <strong>at random</strong>, so arriving earlier gives no advantage. People who come after that join the back of the line.</p>
      <p class="figure" data-testid="prequeue-count">${escapeHtml(people(status.preQueue))} waiting for the sale to open</p>
      <p class="small">Keep this page open: it refreshes by itself. Reloading it or opening it in another tab keeps your place; another phone or browser joins as someone new.</p>`;
    case 'waiting':
    case 'paused':
      return `
      <h2>${status.state === 'paused' ? 'The queue is paused' : 'You are in line'}</h2>
      ${status.state === 'paused' ? '<p>The organiser has paused admission for now. You keep your place.</p>' : ''}
      <p class="label">Your place in line</p>
      <p class="place" data-testid="queue-place">${escapeHtml(formatCount(status.position ?? 0))}</p>
      <p>Your turn to buy: <strong data-testid="queue-estimate">${escapeHtml(describeWait(status.estimateSeconds))}</strong>${
        status.state === 'waiting'
          ? `, at the current pace of ${escapeHtml(people(status.ratePerMinute))} a minute (it changes if the organiser changes the pace).`
          : '.'
      }</p>
      <p class="small">When it is your turn this page takes you to checkout by itself. It refreshes on its own; reloading it or opening it in another tab keeps your place, another phone or browser joins at the back.</p>`;
    case 'expired':
      return `
      <h2>Your turn has ended</h2>
      <p>Your time to buy ran out before an order was made. You can join the queue again at the back of the line.</p>
      ${again}`;
    case 'used':
      return `
      <h2>You have used your turn</h2>
      <p>An order was made with your turn. To buy more tickets, join the queue again at the back of the line.</p>
      ${again}`;
    default:
      return '';
  }
}

export function renderQueuePage(
  status: QueueStatusDto,
  options: { timeZone: string; refresh: number | undefined; selfUrl: string },
): string {
  const refresh =
    options.refresh !== undefined ? `<meta http-equiv="refresh" content="${options.refresh}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}
<title>Queue · ${escapeHtml(status.title)} · Gatepass</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
  header{background:#312e81;color:#fff;padding:14px 20px;font-weight:700}
  header a{color:#fff;text-decoration:none}
  main{max-width:36rem;margin:32px auto;padding:0 16px}
  .card{background:#fff;border-radius:16px;box-shadow:0 1px 2px rgba(15,23,42,.08);border:1px solid #e2e8f0;padding:24px}
  h1{font-size:1.25rem;margin:0 0 4px}
  h2{font-size:1.5rem;margin:16px 0 8px}
  .label{margin:16px 0 0;color:#475569;font-size:.875rem;text-transform:uppercase;letter-spacing:.05em}
  .place{font-size:3.5rem;font-weight:800;line-height:1.1;margin:4px 0 12px;color:#3730a3}
  .figure{font-weight:600;color:#3730a3}
  .small{font-size:.875rem;color:#475569}
  .button{display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:10px;text-decoration:none;font-weight:600}
  a{color:#4338ca}
</style>
</head>
<body>
<header><a href="/">Gatepass</a></header>
<main>
  <div class="card" data-testid="queue" data-state="${escapeHtml(status.state)}">
    <h1>${escapeHtml(status.title)}</h1>
    <p class="small">Waiting room</p>
    ${body(status, options.timeZone, options.selfUrl)}
    ${status.state === 'expired' || status.state === 'used' ? '' : `<p class="small"><a href="${escapeHtml(options.selfUrl)}">Refresh now</a></p>`}
    <p class="small"><a href="/events/${encodeURIComponent(status.slug)}">Event details</a></p>
  </div>
</main>
</body>
</html>`;
}

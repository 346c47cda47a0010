import type { NewMail } from '../mail/mail.service.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The owner is told once when an endpoint is paused after failing for a day (issue 26 §3):
 * what stopped, why, and how to start it again — nothing is lost meanwhile.
 */
export function endpointPausedMail(input: {
  to: string;
  name: string;
  url: string;
  endpointId: string;
  lastError: string;
  hours: number;
  settingsLink: string;
}): NewMail {
  const paragraphs = [
    `Hello ${input.name},`,
    `Gatepass has paused webhooks to ${input.url}: every delivery to it failed for ${input.hours === 24 ? 'a day' : `${input.hours} hours`}. The last attempt said: ${input.lastError}`,
    'Nothing is lost: what happens while it is paused is kept. Once the receiver works again, turn the endpoint on in Settings → Webhooks and the kept deliveries are sent.',
    input.settingsLink,
  ];
  return {
    kind: 'webhook-paused',
    to: input.to,
    about: `${input.endpointId}:${new Date().toISOString().slice(0, 13)}`,
    subject: 'Your Gatepass webhook endpoint was paused',
    text: paragraphs.join('\n\n'),
    html: `<div style="font-family:Arial,Helvetica,sans-serif;color:#111827;max-width:560px">${paragraphs
      .map((p, i) =>
        i === paragraphs.length - 1
          ? `<p><a href="${escape(p)}">Open Settings → Webhooks</a></p>`
          : `<p>${escape(p)}</p>`,
      )
      .join('\n')}</div>`,
  };
}

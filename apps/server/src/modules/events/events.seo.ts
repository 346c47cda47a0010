import { EVENT_LIMITS, type PublicEventDto, type TicketAvailability } from '@gatepass/shared';
import { escapeHtml, jsonForScript } from '../../lib/html.ts';
import type { PageHead } from '../../plugins/web.ts';
import { toIsoWithOffset } from './events.time.ts';

/**
 * What crawlers and link previews read from the HTML of /events/{slug} (they do not run
 * JavaScript): title, description, canonical link, Open Graph and Twitter tags, and a
 * schema.org Event in JSON-LD (https://developers.google.com/search/docs/appearance/structured-data/event).
 */

const SITE = 'Gatepass';

/** Markdown source to one line of plain text, for a meta description. */
export function plainText(markdown: string, max = 160): string {
  const text = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#>*_`~|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

const AVAILABILITY: Record<TicketAvailability, string> = {
  on_sale: 'https://schema.org/InStock',
  sold_out: 'https://schema.org/SoldOut',
  not_yet_on_sale: 'https://schema.org/PreOrder',
  sales_ended: 'https://schema.org/Discontinued',
};

export function eventJsonLd(
  event: PublicEventDto,
  publicUrl: string,
  description: string,
): Record<string, unknown> {
  const url = `${publicUrl}${event.url}`;
  const place = event.venueName
    ? {
        '@type': 'Place',
        name: event.venueName,
        address: {
          '@type': 'PostalAddress',
          ...(event.address ? { streetAddress: event.address } : {}),
          ...(event.city ? { addressLocality: event.city } : {}),
        },
      }
    : undefined;
  const virtual = event.online ? { '@type': 'VirtualLocation', url } : undefined;
  const locations = [place, virtual].filter(Boolean);
  const mode = place && virtual ? 'Mixed' : virtual ? 'Online' : 'Offline';
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    description,
    url,
    startDate: toIsoWithOffset(new Date(event.startAt), event.timeZone),
    endDate: toIsoWithOffset(new Date(event.endAt), event.timeZone),
    eventStatus:
      event.status === 'cancelled'
        ? 'https://schema.org/EventCancelled'
        : 'https://schema.org/EventScheduled',
    eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
    location: locations.length === 1 ? locations[0] : locations,
    ...(event.coverUrl ? { image: [`${publicUrl}${event.coverUrl}`] } : {}),
    organizer: { '@type': 'Person', name: event.organiser.name },
    offers: event.ticketTypes.map((t) => ({
      '@type': 'Offer',
      name: t.name,
      price: t.price,
      priceCurrency: 'NGN',
      availability:
        event.status === 'cancelled' ? AVAILABILITY.sales_ended : AVAILABILITY[t.availability],
      url,
      ...(t.salesStartAt ? { validFrom: t.salesStartAt } : {}),
    })),
  };
}

export function eventPageHead(event: PublicEventDto, publicUrl: string): PageHead {
  const url = `${publicUrl}${event.url}`;
  const title = `${event.status === 'cancelled' ? 'Cancelled: ' : ''}${event.title} | ${SITE}`;
  const description =
    (event.summary && plainText(event.summary, EVENT_LIMITS.summaryMax)) ||
    (event.description && plainText(event.description)) ||
    `${event.title} on ${SITE}.`;
  const image = event.coverUrl ? `${publicUrl}${event.coverUrl}` : undefined;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:site_name', SITE),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', event.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', event.title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    `<script type="application/ld+json">${jsonForScript(eventJsonLd(event, publicUrl, description))}</script>`,
  ];
  return { title, description, tags: tags.join('\n    ') };
}

/** Links the event pages hand to other sites and screens. */

/** The chosen quantities as the checkout's `items` value: `id:qty,id:qty` (none left out at 0). */
export function checkoutItems(quantities: Record<string, number>): string {
  return Object.entries(quantities)
    .filter(([, qty]) => Number.isInteger(qty) && qty > 0)
    .map(([id, qty]) => `${id}:${qty}`)
    .join(',');
}

/** A Google Maps search for the venue (works on every phone, no API key). */
export function mapSearchUrl(parts: Array<string | null | undefined>): string | null {
  const query = parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(', ');
  if (!query) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export function whatsappShareUrl(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

export function xShareUrl(title: string, url: string): string {
  return `https://x.com/intent/tweet?text=${encodeURIComponent(title)}&url=${encodeURIComponent(url)}`;
}

/** The server's iCalendar file of a public event. */
export function calendarFileUrl(slug: string): string {
  return `/api/v1/events/${encodeURIComponent(slug)}/calendar.ics`;
}

/** An absolute link for sharing, on the host the visitor is on. */
export function absoluteUrl(path: string): string {
  return typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();
}

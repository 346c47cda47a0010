import { WIDGET_RETURN } from '@gatepass/shared';

/**
 * Where Paystack sends a widget buyer back (decision 075): the host page they paid from,
 * with the order and the event added to its query, so the loader script there reopens the
 * widget on the order's return screen. Paystack adds `reference` and `trxref` itself; an
 * older return's parameters (with its `reference` and `trxref`) and the fragment are
 * dropped, the page's own parameters kept.
 */
export function widgetCallbackUrl(returnTo: string, order: { id: string; slug: string }): string {
  const url = new URL(returnTo);
  url.hash = '';
  if (url.searchParams.has(WIDGET_RETURN.order)) {
    for (const name of Object.values(WIDGET_RETURN)) url.searchParams.delete(name);
  }
  url.searchParams.set(WIDGET_RETURN.order, order.id);
  url.searchParams.set(WIDGET_RETURN.event, order.slug);
  return url.toString();
}

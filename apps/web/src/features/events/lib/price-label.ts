import { formatNaira } from '@gatepass/shared';

/**
 * What tickets cost, in the spec's ₦ format: "Free" only when every ticket is, otherwise
 * the range ("Free – ₦25,000.00", "₦3,000.00 – ₦7,000.00") or the one price, so a paid
 * ticket is never expected free.
 */
export function priceLabel(event: {
  isFree: boolean;
  lowestPrice: number | null;
  highestPrice: number | null;
}): string {
  const { lowestPrice: low, highestPrice: high } = event;
  if (low === null || high === null) return 'Tickets soon';
  if (event.isFree || high === 0) return 'Free';
  if (low === high) return formatNaira(low);
  return `${low === 0 ? 'Free' : formatNaira(low)} – ${formatNaira(high)}`;
}

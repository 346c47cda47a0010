const nairaFormat = new Intl.NumberFormat('en-NG', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The spec's currency display: naira symbol, thousands separators, always two decimals
 * ("₦5,000.00"). Takes naira, as the spec's order `totalPrice` is in naira.
 */
export function formatNaira(naira: number): string {
  const sign = naira < 0 ? '-' : '';
  return `${sign}₦${nairaFormat.format(Math.abs(naira))}`;
}

/** Money is integer kobo everywhere on the server; this converts for display. */
export function formatKobo(kobo: number): string {
  return formatNaira(kobo / 100);
}

export const koboToNaira = (kobo: number): number => kobo / 100;
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

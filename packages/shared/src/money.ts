/**
 * Thousands separators by hand rather than Intl.NumberFormat: the browser's first
 * NumberFormat loads ICU's number data, 55–190 ms of main thread measured in Chromium here
 * (×4 on Lighthouse's phone), paid on every public page for one price. The output is the
 * same as en-NG's (format.test.ts compares the two over the whole range of amounts).
 */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count with thousands separators ("12,500"), as en-NG writes it. */
export function formatCount(n: number): string {
  const whole = Math.trunc(n);
  return `${whole < 0 ? '-' : ''}${group(String(Math.abs(whole)))}`;
}

/**
 * The spec's currency display: naira symbol, thousands separators, always two decimals
 * ("₦5,000.00"). Takes naira, as the spec's order `totalPrice` is in naira.
 */
export function formatNaira(naira: number): string {
  const kobo = Math.round(Math.abs(naira) * 100);
  const sign = naira < 0 && kobo !== 0 ? '-' : '';
  const fraction = String(kobo % 100).padStart(2, '0');
  return `${sign}₦${group(String(Math.floor(kobo / 100)))}.${fraction}`;
}

/** Money is integer kobo everywhere on the server; this converts for display. */
export function formatKobo(kobo: number): string {
  return formatNaira(kobo / 100);
}

export const koboToNaira = (kobo: number): number => kobo / 100;
export const nairaToKobo = (naira: number): number => Math.round(naira * 100);

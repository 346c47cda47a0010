import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phones are stored in E.164 so "0803 123 4567", "08031234567" and "+2348031234567" are one
 * account. Nigerian numbers are the default (DESIGN §2); anything with a + keeps its country.
 * Returns null when the input cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), 'NG');
  if (!parsed || !parsed.isPossible()) return null;
  return parsed.number;
}

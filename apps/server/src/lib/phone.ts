import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The last numbers read, and what they read as: one order reads its buyer's phone for the
 * per-buyer limits and again for its SMS, and parsing was 7 % of a flash sale's CPU.
 */
const recent = new Map<string, string | null>();
const RECENT_MAX = 4_096;

/**
 * Phones are stored in E.164 so "0803 123 4567", "08031234567" and "+2348031234567" are one
 * account. Nigerian numbers are the default (DESIGN §2); anything with a + keeps its country.
 * Returns null when the input cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  let answer = recent.get(input);
  if (answer === undefined) {
    const parsed = parsePhoneNumberFromString(input.trim(), 'NG');
    answer = parsed?.isPossible() ? parsed.number : null;
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(input, answer);
  }
  return answer;
}

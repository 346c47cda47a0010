import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * The last numbers read, and what they read as: one order reads its buyer's phone for the
 * per-buyer limits and again for its SMS, and parsing was 7 % of a flash sale's CPU.
 */
const recent = new Map<string, string | null>();
const RECENT_MAX = 4_096;
const LOCAL_MOBILE = /^0[789]\d{9}$/;
const E164_MOBILE = /^\+234[789]\d{9}$/;

/**
 * Phones are stored in E.164 so "0803 123 4567", "08031234567" and "+2348031234567" are one
 * account. Nigerian numbers are the default (DESIGN §2); anything with a + keeps its country.
 * Returns null when the input cannot be a phone number.
 */
export function normalizePhone(input: string): string | null {
  // The two ways nearly every Nigerian mobile number is typed, read without the parser
  // (what it answers for them: phone.test.ts); most of a sale's buyers are new numbers.
  if (LOCAL_MOBILE.test(input)) return `+234${input.slice(1)}`;
  if (E164_MOBILE.test(input)) return input;
  let answer = recent.get(input);
  if (answer === undefined) {
    const parsed = parsePhoneNumberFromString(input.trim(), 'NG');
    answer = parsed?.isPossible() ? parsed.number : null;
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(input, answer);
  }
  return answer;
}

import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone.ts';

/** What the parser alone answers: normalizePhone must answer the same, fast path or not. */
const parsed = (input: string) => {
  const phone = parsePhoneNumberFromString(input.trim(), 'NG');
  return phone?.isPossible() ? phone.number : null;
};

const digits = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

describe('normalizePhone', () => {
  it('reads typed Nigerian mobiles exactly as the parser does, both ways they are typed', () => {
    for (let i = 0; i < 3_000; i++) {
      const prefix = '789'[i % 3]!;
      const rest = digits(9);
      for (const input of [`0${prefix}${rest}`, `+234${prefix}${rest}`]) {
        expect(normalizePhone(input)).toBe(parsed(input));
      }
    }
  });

  it('leaves every other shape to the parser, with its answer', () => {
    for (const input of [
      '0803 123 4567',
      ' 08031234567 ',
      '2348031234567',
      '+44 20 7946 0958',
      '0803123456',
      '080312345678',
      '06031234567',
      '+2346031234567',
      'not a phone',
      '',
    ]) {
      expect(normalizePhone(input)).toBe(parsed(input));
    }
    expect(normalizePhone('0803 123 4567')).toBe('+2348031234567');
    expect(normalizePhone('not a phone')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../lib/phone.ts';
import { shortEventTime } from './orders.sms.ts';

describe('the SMS time of an event, made once a minute', () => {
  const start = new Date('2027-01-05T18:00:00.000Z');

  it('names the year only when it is not this year’s, and sees the year turn', () => {
    const december = new Date('2026-12-31T22:58:30.000Z'); // 23:58 in Lagos
    expect(shortEventTime(start, 'Africa/Lagos', december)).toBe('Tue 5 Jan 2027, 7:00 PM');
    // The same minute: the same text, whatever the clock inside it.
    expect(shortEventTime(start, 'Africa/Lagos', new Date(december.getTime() + 20_000))).toBe(
      'Tue 5 Jan 2027, 7:00 PM',
    );
    // Two minutes on it is 2027 in Lagos: a text kept from 2026 would still say the year.
    const january = new Date('2026-12-31T23:00:30.000Z');
    expect(shortEventTime(start, 'Africa/Lagos', january)).toBe('Tue 5 Jan, 7:00 PM');
  });

  it('keeps zones apart', () => {
    const now = new Date('2027-01-01T12:00:00.000Z');
    expect(shortEventTime(start, 'Africa/Lagos', now)).toBe('Tue 5 Jan, 7:00 PM');
    expect(shortEventTime(start, 'Europe/London', now)).toBe('Tue 5 Jan, 6:00 PM');
  });
});

describe('a phone number read again', () => {
  it('reads the same each time, and an impossible one as nothing', () => {
    for (let i = 0; i < 2; i++) {
      expect(normalizePhone('0803 123 4567')).toBe('+2348031234567');
      expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
      expect(normalizePhone('12')).toBeNull();
    }
  });
});

import {
  instantToLocalInput,
  localInputToInstant,
  todayInZone,
  zoneOffsetLabel,
} from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import { timeZoneOptions } from './local-time.ts';

describe('instantToLocalInput', () => {
  it('shows an instant as the wall clock of the event’s zone', () => {
    expect(instantToLocalInput('2026-12-05T18:00:00.000Z', 'Africa/Lagos')).toBe(
      '2026-12-05T19:00',
    );
    expect(instantToLocalInput('2026-12-05T18:00:00.000Z', 'America/New_York')).toBe(
      '2026-12-05T13:00',
    );
  });

  it('crosses midnight into the next day where the zone is ahead', () => {
    expect(instantToLocalInput('2026-12-31T23:30:00Z', 'Africa/Lagos')).toBe('2027-01-01T00:30');
  });

  it('gives an empty value for nothing or garbage', () => {
    expect(instantToLocalInput(null, 'Africa/Lagos')).toBe('');
    expect(instantToLocalInput('', 'Africa/Lagos')).toBe('');
    expect(instantToLocalInput('not a date', 'Africa/Lagos')).toBe('');
  });
});

describe('todayInZone', () => {
  it('is the calendar date in that zone, not in UTC', () => {
    const lateEvening = new Date('2026-06-01T23:30:00Z');
    expect(todayInZone('Africa/Lagos', lateEvening)).toBe('2026-06-02');
    expect(todayInZone('UTC', lateEvening)).toBe('2026-06-01');
  });
});

describe('timeZoneOptions', () => {
  it('lists Africa/Lagos first and every zone once', () => {
    const zones = timeZoneOptions();
    expect(zones[0]).toBe('Africa/Lagos');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('keeps an unusual current zone selectable', () => {
    expect(timeZoneOptions('Etc/GMT-3')).toContain('Etc/GMT-3');
  });

  it('lists current IANA names, not the old ones browsers keep (Asia/Calcutta, Europe/Kiev)', () => {
    const zones = timeZoneOptions();
    for (const old of ['Asia/Calcutta', 'Europe/Kiev', 'Asia/Saigon', 'America/Buenos_Aires'])
      expect(zones).not.toContain(old);
    for (const name of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh'])
      expect(zones).toContain(name);
  });

  it('keeps an event’s stored old name readable and selected', () => {
    const zones = timeZoneOptions('Asia/Calcutta');
    expect(zones[0]).toBe('Asia/Calcutta');
    expect(zones.filter((z) => z === 'Asia/Calcutta')).toHaveLength(1);
  });
});

describe('zoneOffsetLabel', () => {
  it('names Lagos time as GMT+1', () => {
    expect(zoneOffsetLabel('Africa/Lagos', new Date('2026-01-01T00:00:00Z'))).toBe('GMT+1');
  });
});

describe('localInputToInstant', () => {
  it("reads a wall-clock time in the event's zone", () => {
    expect(localInputToInstant('2026-12-05T19:00', 'Africa/Lagos')).toBe(
      '2026-12-05T18:00:00.000Z',
    );
    expect(localInputToInstant('2026-07-01T09:30', 'Europe/London')).toBe(
      '2026-07-01T08:30:00.000Z',
    );
    expect(localInputToInstant('2026-12-05T19:00', 'UTC')).toBe('2026-12-05T19:00:00.000Z');
  });

  it('is the inverse of instantToLocalInput', () => {
    const instant = '2026-11-25T10:15:00.000Z';
    for (const zone of ['Africa/Lagos', 'Asia/Kolkata', 'America/New_York']) {
      expect(localInputToInstant(instantToLocalInput(instant, zone), zone)).toBe(instant);
    }
  });

  it('answers undefined for what is not a wall-clock time', () => {
    expect(localInputToInstant('', 'Africa/Lagos')).toBeUndefined();
    expect(localInputToInstant('tomorrow', 'Africa/Lagos')).toBeUndefined();
  });
});

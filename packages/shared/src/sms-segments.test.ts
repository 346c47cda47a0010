import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments.ts';

describe('smsSegments', () => {
  it('counts GSM-7: 160 in one segment, 153 a segment beyond', () => {
    expect(smsSegments('')).toMatchObject({ encoding: 'GSM-7', length: 0, segments: 0 });
    expect(smsSegments('a'.repeat(160))).toMatchObject({ segments: 1, remaining: 0 });
    expect(smsSegments('a'.repeat(161))).toMatchObject({ segments: 2, perSegment: 153 });
    expect(smsSegments('a'.repeat(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(smsSegments('a'.repeat(307))).toMatchObject({ segments: 3 });
  });

  it('counts extension characters twice', () => {
    expect(smsSegments('€'.repeat(80))).toMatchObject({
      encoding: 'GSM-7',
      length: 160,
      segments: 1,
    });
    expect(smsSegments(`${'€'.repeat(80)}a`)).toMatchObject({ length: 161, segments: 2 });
  });

  it('counts UCS-2 when a character is outside GSM-7: 70, then 67 a segment', () => {
    expect(smsSegments(`Ọ${'a'.repeat(69)}`)).toMatchObject({
      encoding: 'UCS-2',
      length: 70,
      segments: 1,
    });
    expect(smsSegments(`Ọ${'a'.repeat(70)}`)).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsSegments(`🎉${'a'.repeat(132)}`)).toMatchObject({ length: 134, segments: 2 });
    expect(smsSegments(`🎉${'a'.repeat(133)}`)).toMatchObject({ segments: 3 });
  });
});

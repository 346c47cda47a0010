/**
 * How many SMS segments a text costs (issue 25 §3): GSM 03.38 (7-bit) text fits 160
 * characters in one segment and 153 a segment when split (the rest is the concatenation
 * header); anything with a character outside the alphabet goes as UCS-2: 70 in one, 67 a
 * segment when split. Characters of the GSM extension table ({ } [ ] ~ \ | ^ €) count two.
 * The server's SMS texts and the organiser's composer read the same alphabet from here.
 */
export const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
export const GSM_EXTENDED = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Septets for GSM-7 (extension characters count two), UTF-16 code units for UCS-2. */
  length: number;
  segments: number;
  /** Characters one segment holds at this length (160/153 or 70/67). */
  perSegment: number;
  /** What is left in the last segment before another one is needed. */
  remaining: number;
}

/** Whether every character is in the GSM-7 alphabet (basic or extension table). */
export const isGsm7 = (text: string): boolean =>
  [...text].every((c) => basic.has(c) || extended.has(c));

export function smsSegments(text: string): SmsSegments {
  if (isGsm7(text)) {
    let length = 0;
    for (const c of text) length += extended.has(c) ? 2 : 1;
    return count('GSM-7', length, 160, 153);
  }
  // UCS-2: an emoji outside the BMP is two code units, as the phone counts it.
  return count('UCS-2', text.length, 70, 67);
}

function count(encoding: SmsEncoding, length: number, single: number, multi: number): SmsSegments {
  if (length <= single) {
    return {
      encoding,
      length,
      segments: length === 0 ? 0 : 1,
      perSegment: single,
      remaining: single - length,
    };
  }
  const segments = Math.ceil(length / multi);
  return { encoding, length, segments, perSegment: multi, remaining: segments * multi - length };
}

/**
 * "Share on WhatsApp" (issue 25 §3): a wa.me link that opens WhatsApp with the text ready to
 * send — no API, no key. It shares the event's page, never a ticket link (a ticket link is
 * the ticket).
 */
export function whatsappShareUrl(eventTitle: string, eventUrl: string): string {
  const text = `I'm going to ${eventTitle}. Get your ticket: ${eventUrl}`;
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

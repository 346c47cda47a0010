import { GSM_BASIC, GSM_EXTENDED } from '@gatepass/shared';

/**
 * GSM 03.38, the 7-bit alphabet of SMS: a message in it fits 160 characters in one segment
 * (a message with any other character is sent as UCS-2, 70 characters a segment, so an
 * emoji in an event's title would cost the buyer's phone three messages). Characters of the
 * extension table take two.
 */
const basic = new Set(GSM_BASIC);
const extended = new Set(GSM_EXTENDED);

/** One segment of GSM-7 text. */
export const SMS_SEGMENT = 160;

/** Look-alikes for common characters outside the alphabet. */
const LOOKALIKE: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '−': '-',
  '…': '...',
  '•': '-',
  '·': '-',
  '₦': 'N',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\t': ' ',
};

/**
 * The text in the GSM-7 alphabet: look-alikes for quotes, dashes and the naira sign, accents
 * the alphabet lacks dropped (Ọlá → Ola, Ẹ̀kọ́ → Eko), anything else (emoji) left out.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const char of text) {
    if (basic.has(char) || extended.has(char)) out += char;
    else if (LOOKALIKE[char] !== undefined) out += LOOKALIKE[char];
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      if ([...bare].every((c) => basic.has(c))) out += bare;
    }
  }
  return out.replace(/ {2,}/g, ' ');
}

/** Its length in GSM-7 septets (extension characters count two); Infinity outside GSM-7. */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const char of text) {
    if (basic.has(char)) n += 1;
    else if (extended.has(char)) n += 2;
    else return Infinity;
  }
  return n;
}

/** `text` cut to at most `max` septets, ending in "..." when cut. */
export function truncateGsm7(text: string, max: number): string {
  if (gsm7Length(text) <= max) return text;
  if (max <= 3) return '';
  let out = '';
  for (const char of text) {
    if (gsm7Length(out + char) > max - 3) break;
    out += char;
  }
  return `${out.trimEnd()}...`;
}

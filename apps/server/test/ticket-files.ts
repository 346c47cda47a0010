import { BinaryBitmap, Code128Reader, HybridBinarizer, RGBLuminanceSource } from '@zxing/library';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';

/** Reading tickets back the way a phone, a door scanner or a person would. */

interface Raster {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
  /** 1 (grey), 3 (RGB) or 4 (RGBA). */
  channels: number;
}

function rgba({ data, width, height, channels }: Raster): Uint8ClampedArray {
  if (channels === 4) return new Uint8ClampedArray(data);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const r = data[i * channels]!;
    out[i * 4] = r;
    out[i * 4 + 1] = channels === 1 ? r : data[i * channels + 1]!;
    out[i * 4 + 2] = channels === 1 ? r : data[i * channels + 2]!;
    out[i * 4 + 3] = 255;
  }
  return out;
}

/** The text of a QR code in an image, or undefined when there is none. */
export function readQr(image: Raster): string | undefined {
  return jsQR(rgba(image), image.width, image.height)?.data;
}

export function readQrPng(png: Buffer): string | undefined {
  const { data, width, height } = PNG.sync.read(png);
  return readQr({ data, width, height, channels: 4 });
}

/** The text of a Code 128 barcode in an image, or undefined when there is none. */
export function readCode128(image: Raster): string | undefined {
  const px = rgba(image);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    luminance[i] = (px[i * 4]! * 299 + px[i * 4 + 1]! * 587 + px[i * 4 + 2]! * 114) / 1000;
  }
  const source = new RGBLuminanceSource(luminance, image.width, image.height);
  try {
    return new Code128Reader().decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    return undefined;
  }
}

/** Every page's text, as pdf.js extracts it (what copy-paste and screen readers get). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(doc, { mergePages: true });
  return text;
}

/** The raster images drawn on a PDF's first page. */
export async function pdfImages(pdf: Buffer): Promise<Raster[]> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractImages(doc, 1)).map((i) => ({
    data: i.data,
    width: i.width,
    height: i.height,
    channels: i.channels,
  }));
}

/**
 * Checks an iCalendar file against RFC 5545's framing (CRLF line ends, lines of at most 75
 * octets, balanced BEGIN/END, one VEVENT with UID, DTSTAMP and DTSTART) and returns the
 * VEVENT's properties, unfolded and unescaped.
 */
export function parseIcs(text: string): Record<string, string> {
  if (!text.endsWith('\r\n')) throw new Error('an iCalendar file ends with CRLF');
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    if (line.includes('\n') || line.includes('\r')) throw new Error(`bare line break in ${line}`);
    if (Buffer.byteLength(line, 'utf8') > 75) throw new Error(`line over 75 octets: ${line}`);
  }
  const lines: string[] = [];
  for (const line of physical) {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
  }
  const stack: string[] = [];
  const event: Record<string, string> = {};
  let events = 0;
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`not a content line: ${line}`);
    const name = line.slice(0, colon).split(';')[0]!;
    const value = line.slice(colon + 1);
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') events += 1;
    } else if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close its BEGIN`);
    } else if (stack.at(-1) === 'VEVENT') {
      event[name] = value.replace(/\\([\\;,nN])/g, (_, c: string) =>
        c === 'n' || c === 'N' ? '\n' : c,
      );
    }
  }
  if (stack.length) throw new Error(`unclosed ${stack.join(', ')}`);
  if (lines[0] !== 'BEGIN:VCALENDAR') throw new Error('does not begin with BEGIN:VCALENDAR');
  if (events !== 1) throw new Error(`expected one VEVENT, found ${events}`);
  for (const required of ['UID', 'DTSTAMP', 'DTSTART'])
    if (!event[required]) throw new Error(`VEVENT without ${required}`);
  return event;
}

/** 20261205T180000Z → Date */
export function icsDate(value: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

export interface MimePart {
  headers: Map<string, string>;
  contentType: string;
  filename: string | undefined;
  cid: string | undefined;
  body: Buffer;
}

/** The leaf parts of a MIME message (multipart bodies walked recursively), decoded. */
export function mimeParts(raw: string): MimePart[] {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => mimeParts(p.replace(/^\n/, '')));
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const decoded =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\n/g, '')
              .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          )
        : Buffer.from(body, 'utf8');
  const disposition = headers.get('content-disposition') ?? '';
  return [
    {
      headers,
      contentType: contentType.split(';')[0]!.trim().toLowerCase(),
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1],
      cid: headers.get('content-id')?.replace(/^<|>$/g, ''),
      body: decoded,
    },
  ];
}

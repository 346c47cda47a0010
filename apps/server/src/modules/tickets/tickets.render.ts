import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import { formatEventDate, formatNaira, lineName, type OrderDto } from '@gatepass/shared';

// pdfkit, bwip-js and qrcode are loaded on first use: together they are megabytes of
// JavaScript that every process would otherwise parse at start-up to render no ticket.
const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loaded: Promise<T> | undefined;
  // Memoised: every import() of a bare name resolves it again (package.json look-ups).
  return () => (loaded ??= load());
};
const lib = {
  pdfkit: once(() => import('pdfkit').then((m) => m.default)),
  fontkit: once(() => import('fontkit')),
  barcode: once(() => import('bwip-js/node').then((m) => m.toBuffer)),
  qrcode: once(() => import('qrcode').then((m) => m.default)),
  sharp: once(() => import('sharp').then((m) => m.default)),
};

/**
 * Both code images as 8-bit greyscale PNGs without alpha: pdfkit embeds those as they are,
 * while an RGBA PNG (what qrcode and bwip-js make) it must decode pixel by pixel in
 * JavaScript to split off the alpha channel.
 */
async function flatGrey(png: Buffer): Promise<Buffer> {
  const sharp = await lib.sharp();
  return sharp(png).flatten({ background: '#ffffff' }).greyscale().png().toBuffer();
}

/**
 * What a ticket shows: the order as the buyer sees it (the API's order shape), so the mail,
 * the download and the confirmation page all print the same facts.
 */
export type TicketOrder = Pick<
  OrderDto,
  | 'orderCode'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'quantity'
  | 'items'
  | 'totalPrice'
  | 'testPayment'
  | 'eventId'
  | 'event'
>;

/** The QR image of the order code: what the door's camera scans (one QR per order). */
export async function qrPng(code: string): Promise<Buffer> {
  const QRCode = await lib.qrcode();
  return flatGrey(
    await QRCode.toBuffer(code, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 }),
  );
}

/**
 * The QR of the order code as SVG markup (one path, ~1 KB): the light ticket page shows it
 * inline, so it is there offline with the page and sharp at any size.
 */
export async function qrSvg(code: string): Promise<string> {
  const QRCode = await lib.qrcode();
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** A Code 128 barcode of the order code, for handheld laser scanners, with the digits under it. */
export async function barcodePng(code: string): Promise<Buffer> {
  const toBuffer = await lib.barcode();
  const png = await toBuffer({
    bcid: 'code128',
    text: code,
    scale: 3,
    height: 12,
    includetext: true,
    textxalign: 'center',
    // Scanners need a quiet zone (10 modules) around the bars, on white.
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  });
  return flatGrey(png);
}

export function when(order: TicketOrder): string {
  const { startAt, endAt, timeZone } = order.event;
  if (!startAt) return 'Date to be announced';
  const start = formatEventDate(startAt, timeZone);
  if (!endAt) return start;
  const end = formatEventDate(endAt, timeZone);
  // "Sunday, December 20, 2026 • 7:00 PM – 11:00 PM" when it ends the same day.
  const [startDay] = start.split(' • ');
  const [endDay, endTime] = end.split(' • ');
  return startDay === endDay && endTime ? `${start} – ${endTime}` : `${start} – ${end}`;
}

export function where(order: TicketOrder): string {
  const { venueName, address, city, online } = order.event;
  const place = [venueName, address, city].filter(Boolean).join(', ');
  if (place) return place;
  return online ? 'Online' : 'To be announced';
}

export const ticketLines = (order: TicketOrder) =>
  order.items.map((i) => `${i.quantity} × ${lineName(i.name, i.admits)}`);

/**
 * "10 people": who the order lets in (decision 086) — each line's tickets times the people
 * one admits (a table its seats, a donation no one).
 */
export function admitsText(order: Pick<TicketOrder, 'items' | 'quantity'>): string {
  const n =
    order.items.length > 0
      ? order.items.reduce((sum, i) => sum + i.quantity * i.admits, 0)
      : order.quantity;
  return `${n} ${n === 1 ? 'person' : 'people'}`;
}

// PDF's 14 base fonts only know WinAnsi: no ₦ and none of the dotted vowels of Yoruba names
// (Ọlá, Ẹ̀kọ́). DejaVu Sans has both; pdfkit embeds just the glyphs used. The fonts are
// parsed once and shared by every document (fontkit keeps what it parsed on the font), which
// roughly halves the time of a ticket.
const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Font; bold: Font }> | undefined;
function loadFonts() {
  fonts ??= lib.fontkit().then((fontkit) => {
    const open = (file: string) =>
      fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)) as Font;
    return { regular: open('DejaVuSans.ttf'), bold: open('DejaVuSans-Bold.ttf') };
  });
  return fonts;
}

const INK = '#111827';
const MUTED = '#4b5563';
const ACCENT = '#4f46e5';

/**
 * The PDF ticket (A4): event, when and where, the buyer, quantity and ticket lines, the QR
 * code and a Code 128 barcode of the order code. Text is real text (not an image), so it can
 * be searched, copied and read by screen readers.
 */
export async function ticketPdf(
  order: TicketOrder,
  images: { qr: Buffer; barcode: Buffer },
  publicUrl: string,
): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const PDFDocument = await lib.pdfkit();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `Ticket ${order.orderCode} — ${order.event.title}`,
      Author: 'Gatepass',
      Subject: order.event.title,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit takes a fontkit font as a source (its types only list files and buffers).
  doc.registerFont('body', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);

  const left = 48;
  const width = doc.page.width - 96;

  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.fillColor(ACCENT).font('bold').fontSize(11).text('GATEPASS · E-TICKET', left, 40);
  if (order.testPayment) {
    // Test mode (decision 023): this ticket was "paid" with the TEST provider.
    doc.moveDown(0.4);
    doc
      .fillColor('#b91c1c')
      .font('bold')
      .fontSize(14)
      .text('TEST — not paid (TEST provider, no money was taken)', { width });
  }
  doc.moveDown(0.6);
  doc.fillColor(INK).font('bold').fontSize(22).text(order.event.title, { width });
  doc.moveDown(0.3);
  doc.font('body').fontSize(11).fillColor(MUTED);
  doc.text(`When: ${when(order)}`, { width });
  doc.text(`Where: ${where(order)}`, { width });

  // The QR code on the left, the facts the door checks on the right.
  const top = doc.y + 18;
  const qrSize = 200;
  doc.image(images.qr, left, top, { width: qrSize, height: qrSize });
  const col = left + qrSize + 24;
  const colWidth = width - qrSize - 24;
  doc
    .fillColor(MUTED)
    .font('body')
    .fontSize(10)
    .text('ORDER CODE', col, top + 8);
  doc
    .fillColor(INK)
    .font('bold')
    .fontSize(30)
    .text(order.orderCode, col, doc.y + 2, {
      width: colWidth,
      characterSpacing: 3,
    });
  doc.moveDown(0.5);
  const fact = (label: string, value: string) => {
    doc.fillColor(MUTED).font('body').fontSize(10).text(label, col, doc.y, { width: colWidth });
    doc.fillColor(INK).font('bold').fontSize(13).text(value, col, doc.y, { width: colWidth });
    doc.moveDown(0.4);
  };
  fact('NAME', `${order.firstName} ${order.lastName}`);
  fact('EMAIL', order.email);
  fact('ADMITS', admitsText(order));

  // Ticket lines.
  let y = Math.max(doc.y, top + qrSize) + 24;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor('#d1d5db')
    .stroke();
  y += 10;
  const cols = { name: left, qty: left + width * 0.55, price: left + width * 0.68 };
  const priceWidth = width * 0.32;
  doc.fillColor(MUTED).font('body').fontSize(10);
  doc.text('TICKET', cols.name, y);
  doc.text('QTY', cols.qty, y);
  doc.text('PRICE', cols.price, y, { width: priceWidth, align: 'right' });
  y += 18;
  doc.fillColor(INK).font('body').fontSize(12);
  for (const item of order.items) {
    doc.text(item.name, cols.name, y, { width: width * 0.53 });
    const rowEnd = doc.y;
    doc.text(String(item.quantity), cols.qty, y);
    doc.text(item.unitPrice === 0 ? 'Free' : formatNaira(item.lineTotal), cols.price, y, {
      width: priceWidth,
      align: 'right',
    });
    y = Math.max(rowEnd, doc.y) + 6;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .stroke();
  y += 8;
  doc.font('bold').text(order.testPayment ? 'Total (TEST — not paid)' : 'Total paid', cols.name, y);
  doc.text(order.totalPrice === 0 ? 'Free' : formatNaira(order.totalPrice), cols.price, y, {
    width: priceWidth,
    align: 'right',
  });

  // The barcode, centred.
  y = doc.y + 28;
  const barcodeWidth = 260;
  doc.image(images.barcode, left + (width - barcodeWidth) / 2, y, { width: barcodeWidth });

  doc
    .fillColor(MUTED)
    .font('body')
    .fontSize(10)
    .text(
      `Show this QR code or the order code ${order.orderCode} at the door. One code admits the whole order. Your ticket online: ${publicUrl}/orders/${order.orderCode}`,
      left,
      doc.page.height - 110,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}

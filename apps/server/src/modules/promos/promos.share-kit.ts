import fs from 'node:fs';
import { createRequire } from 'node:module';
import { formatEventDate } from '@gatepass/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import sharp from 'sharp';

/**
 * The share kit's printable poster: the event's title, date and place above a large QR
 * code of its public page, and the link spelled out. One layout, drawn twice: as SVG
 * rendered to PNG by sharp (system fonts through librsvg), and as a vector PDF by pdfkit
 * (the QR code as filled squares, so it prints sharp at any size).
 */

export interface PosterEvent {
  title: string;
  startAt: Date | null;
  timeZone: string;
  venueName: string | null;
  city: string | null;
  online: boolean;
  organiser: string;
}

export interface QrMatrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

/** Error correction M (15 %): survives a crease or a bit of tape on a printed poster. */
export function qrMatrix(text: string): QrMatrix {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  return { size, dark: (row, col) => data[row * size + col] === 1 };
}

export function qrDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 480 });
}

const whenOf = (e: PosterEvent) =>
  e.startAt ? formatEventDate(e.startAt, e.timeZone) : 'Date to be announced';
const whereOf = (e: PosterEvent) =>
  e.online ? 'Online' : [e.venueName, e.city].filter(Boolean).join(', ') || 'Venue to be announced';

/** Greedy word wrap by an estimated character width; long words are cut. */
export function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const raw of words) {
    let word = raw;
    while (word.length > maxChars) {
      if (line) {
        lines.push(line);
        line = '';
      }
      lines.push(word.slice(0, maxChars));
      word = word.slice(maxChars);
    }
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1)}…`;
  return kept;
}

const xml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A4 portrait at 150 dpi. */
const PNG_WIDTH = 1240;
const PNG_HEIGHT = 1754;

export function posterSvg(event: PosterEvent, link: string): string {
  const W = PNG_WIDTH;
  const margin = 110;
  const titleLines = wrap(event.title, 22, 3);
  const titleSize = 84;
  let y = 250;
  const parts: string[] = [];
  parts.push(
    `<text x="${W / 2}" y="130" font-size="34" fill="#6b7280" text-anchor="middle" letter-spacing="6">${xml(event.organiser.toUpperCase())}</text>`,
  );
  for (const line of titleLines) {
    parts.push(
      `<text x="${W / 2}" y="${y}" font-size="${titleSize}" font-weight="bold" fill="#111827" text-anchor="middle">${xml(line)}</text>`,
    );
    y += titleSize * 1.15;
  }
  y += 20;
  for (const line of [whenOf(event), ...wrap(whereOf(event), 48, 2)]) {
    parts.push(
      `<text x="${W / 2}" y="${y}" font-size="40" fill="#374151" text-anchor="middle">${xml(line)}</text>`,
    );
    y += 56;
  }
  // The QR code: as large as the rest of the page allows, with its quiet zone.
  const qr = qrMatrix(link);
  const room = Math.min(W - 2 * margin, PNG_HEIGHT - y - 300);
  const cell = Math.floor(room / (qr.size + 8));
  const side = cell * (qr.size + 8);
  const qx = Math.round((W - side) / 2);
  const qy = Math.round(y + 30);
  let path = '';
  for (let r = 0; r < qr.size; r++)
    for (let c = 0; c < qr.size; c++)
      if (qr.dark(r, c))
        path += `M${qx + (c + 4) * cell} ${qy + (r + 4) * cell}h${cell}v${cell}h-${cell}z`;
  parts.push(`<rect x="${qx}" y="${qy}" width="${side}" height="${side}" fill="#ffffff"/>`);
  parts.push(`<path d="${path}" fill="#000000"/>`);
  y = qy + side + 70;
  parts.push(
    `<text x="${W / 2}" y="${y}" font-size="48" font-weight="bold" fill="#111827" text-anchor="middle">Scan for tickets</text>`,
  );
  y += 60;
  for (const line of wrap(link, 52, 2)) {
    parts.push(
      `<text x="${W / 2}" y="${y}" font-size="32" fill="#1d4ed8" text-anchor="middle">${xml(line)}</text>`,
    );
    y += 42;
  }
  parts.push(
    `<text x="${W / 2}" y="${PNG_HEIGHT - 60}" font-size="28" fill="#9ca3af" text-anchor="middle">Tickets on Gatepass</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${PNG_HEIGHT}" viewBox="0 0 ${W} ${PNG_HEIGHT}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"><rect width="100%" height="100%" fill="#ffffff"/>${parts.join('')}</svg>`;
}

export function posterPng(event: PosterEvent, link: string): Promise<Buffer> {
  return sharp(Buffer.from(posterSvg(event, link)), { density: 72 })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

// PDF ----------------------------------------------------------------------------------

// PDF's 14 base fonts only encode WinAnsi: no ẹ, ọ or ṣ of Yoruba titles. DejaVu Sans (an npm
// package, so every machine has it) covers them; pdfkit embeds just the glyphs used.
const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;
function pdfFonts() {
  fonts ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fonts;
}

export function posterPdf(event: PosterEvent, link: string): Promise<Buffer> {
  const fonts = pdfFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${event.title} — tickets`, Author: event.organiser, Creator: 'Gatepass' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 100;
  doc.font(fonts.regular).fontSize(12).fillColor('#6b7280');
  doc.text(event.organiser.toUpperCase(), 50, 60, { width, align: 'center', characterSpacing: 2 });
  doc.moveDown(1.2);
  doc.font(fonts.bold).fontSize(34).fillColor('#111827');
  doc.text(event.title, { width, align: 'center', height: 130, ellipsis: true });
  doc.moveDown(0.6);
  doc.font(fonts.regular).fontSize(15).fillColor('#374151');
  doc.text(whenOf(event), { width, align: 'center' });
  doc.text(whereOf(event), { width, align: 'center' });

  const qr = qrMatrix(link);
  const top = doc.y + 25;
  const room = Math.min(width, doc.page.height - top - 150);
  const cell = room / (qr.size + 8);
  const side = cell * (qr.size + 8);
  const left = (doc.page.width - side) / 2;
  for (let r = 0; r < qr.size; r++)
    for (let c = 0; c < qr.size; c++)
      if (qr.dark(r, c)) doc.rect(left + (c + 4) * cell, top + (r + 4) * cell, cell, cell);
  doc.fillColor('#000000').fill();

  doc.font(fonts.bold).fontSize(20).fillColor('#111827');
  doc.text('Scan for tickets', 50, top + side + 20, { width, align: 'center' });
  doc.font(fonts.regular).fontSize(12).fillColor('#1d4ed8');
  doc.text(link, { width, align: 'center', link });
  doc.font(fonts.regular).fontSize(10).fillColor('#9ca3af');
  doc.text('Tickets on Gatepass', 50, doc.page.height - 70, { width, align: 'center' });
  doc.end();
  return done;
}

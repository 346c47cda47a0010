import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { CapturedMail } from './mailbox.ts';

/**
 * A real SMTP server for the run: the app under test sends its mails here through
 * nodemailer, exactly as it would to a provider. Each received mail is decoded and written
 * as one JSON file into `mailDir`, where the tests (in other processes) read codes and links.
 */
export interface SmtpCapture {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpCapture(mailDir: string): Promise<SmtpCapture> {
  let sequence = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = decodeMail(
            raw,
            session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          );
          sequence += 1;
          const name = `${Date.now()}-${String(sequence).padStart(5, '0')}.json`;
          // Write then rename, so a reader never sees half a file.
          const tmp = path.join(mailDir, `.${name}.tmp`);
          fs.writeFileSync(tmp, JSON.stringify(mail));
          fs.renameSync(tmp, path.join(mailDir, name));
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  return part.body;
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function collectTexts(part: Part, out: { text: string; html: string }): void {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const pieces = part.body.split(`--${boundary}`);
    // pieces[0] is the preamble; the last piece starts with "--" (the closing delimiter).
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collectTexts(splitPart(piece.replace(/^\n/, '')), out);
    }
    return;
  }
  if (/^text\/html/i.test(contentType)) out.html += decodeBody(part);
  else if (/^text\/plain/i.test(contentType)) out.text += decodeBody(part);
}

export function decodeMail(raw: string, to: string[]): CapturedMail {
  const root = splitPart(raw);
  const texts = { text: '', html: '' };
  collectTexts(root, texts);
  return {
    to,
    from: decodeHeader(root.headers.get('from') ?? ''),
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    text: texts.text,
    html: texts.html,
    receivedAt: Date.now(),
  };
}

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as a person would read it: decoded subject, text and HTML. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Messages refused so far (while `refuseWith` was set). */
  refused: number;
  /** When set, every message is refused at DATA with this reply, as a full or broken mailbox would. */
  refuseWith: { code: number; message: string } | undefined;
  /** Resolves with the first received mail (already here or still to come) matching `match`. */
  waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random local port: the app sends to it through nodemailer exactly
 * as it would to a provider. No STARTTLS (its certificate would be self-signed), no login.
 */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const state: TestSmtpServer = {
    port: 0,
    url: '',
    received: [],
    refused: 0,
    refuseWith: undefined,
    waitForMail(match, timeoutMs = 10_000) {
      const found = state.received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const i = waiters.indexOf(waiter);
          if (i !== -1) {
            waiters.splice(i, 1);
            reject(
              new Error(
                `no matching mail within ${timeoutMs} ms; received: ${state.received.map((m) => m.subject).join(', ')}`,
              ),
            );
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (state.refuseWith) {
          state.refused += 1;
          const err = Object.assign(new Error(state.refuseWith.message), {
            responseCode: state.refuseWith.code,
          });
          callback(err);
          return;
        }
        const mail = decodeMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        );
        state.received.push(mail);
        for (const waiter of [...waiters]) {
          if (waiter.match(mail)) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  return state;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : text.slice(end + 2) };
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

/** RFC 2047 encoded words (non-ASCII subjects). */
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function collect(part: Part, out: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const piece of part.body.split(`--${boundary}`).slice(1)) {
      if (piece.startsWith('--')) break;
      collect(splitPart(piece.replace(/^\n/, '')), out);
    }
  } else if (/^text\/html/i.test(type)) {
    out.html += decodeBody(part);
  } else if (/^text\/plain/i.test(type)) {
    out.text += decodeBody(part);
  }
}

export function decodeMail(raw: string, to: string[]): ReceivedMail {
  const top = splitPart(raw);
  const out = { text: '', html: '' };
  collect(top, out);
  return {
    from: decodeHeader(top.headers.get('from') ?? ''),
    to,
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
    raw,
  };
}

// A real SMTP server on a free port that keeps every message it receives (tests read them back).
import { SMTPServer } from 'smtp-server';
import { listenLocally } from './local-server.ts';

export type TReceivedMail = { from: string; to: string[]; raw: string };

export type TFakeSmtp = {
  url: string;
  received: TReceivedMail[];
  /** Resolves with the first message (already received or still to come) that `match` accepts. */
  waitFor(match: (mail: TReceivedMail) => boolean, timeoutMs?: number): Promise<TReceivedMail>;
  close(): Promise<void>;
};

export async function startFakeSmtp(): Promise<TFakeSmtp> {
  const received: TReceivedMail[] = [];
  const waiters: { match: (mail: TReceivedMail) => boolean; resolve: (mail: TReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: TReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        for (const waiter of waiters.filter((w) => w.match(mail))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  const { port } = await listenLocally(server.server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(match, timeoutMs = 5000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('No matching mail arrived')), timeoutMs);
        waiters.push({
          match,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A message's body as text: quoted-printable soft breaks and escapes undone (nodemailer wraps long lines). */
export function mailText(mail: TReceivedMail): string {
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n\n');
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The first link in a message whose path starts with `path` (e.g. '/idp/password/reset'). */
export function linkInMail(mail: TReceivedMail, path: string): string {
  const found = mailText(mail).match(new RegExp(`https?://[^\\s]+${path.replace(/\//g, '\\/')}[^\\s]*`));
  if (!found) throw new Error(`No ${path} link in the mail: ${mailText(mail).slice(0, 300)}`);
  return found[0];
}

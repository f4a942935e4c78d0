import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = { from: string | null; to: string[]; raw: string };

export type SmtpCatcher = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** Resolves with the first message (already caught or still to come) that matches. */
  waitFor: (match: (mail: CaughtMail) => boolean, timeoutMs?: number) => Promise<CaughtMail>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on a local port (a random one unless given) that keeps every message it
 * receives.
 */
export const startSmtpCatcher = async ({ port: wanted = 0 } = {}): Promise<SmtpCatcher> => {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // No TLS certificate to offer: keep the session plain so nodemailer does not try STARTTLS.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        messages.push({
          from: from ? from.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const waitFor: SmtpCatcher['waitFor'] = async (match, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Undoes quoted-printable soft line breaks and =XX escapes, so long links read whole again. */
export const decodeQuotedPrintable = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

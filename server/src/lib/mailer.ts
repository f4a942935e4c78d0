import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { insertSandboxMail } from './sandbox-mail.repository.ts';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; kind: 'smtp' | 'sandbox' };

/**
 * Mail goes through nodemailer: to SMTP_URL when set, else nodemailer's JSON transport into the
 * sandbox mailbox (a table listed at /sandbox/mail), so the whole product works offline.
 */
export const createMailer = ({
  smtpUrl,
  from,
  db,
}: {
  smtpUrl?: string;
  from: string;
  db: Db;
}): Mailer => {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      send: async (mail) => {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: 'sandbox',
    send: async (mail) => {
      const info = await transport.sendMail({ from, ...mail });
      const sent = JSON.parse(String(info.message)) as {
        subject: string;
        text: string;
        html?: string;
      };
      await insertSandboxMail(db, {
        to: mail.to,
        subject: sent.subject,
        text: sent.text,
        html: sent.html ?? null,
      });
    },
  };
};

/**
 * The mail server would not take the message now, so it was not sent and may be tried later:
 * it could not be reached (nodemailer's command 'CONN': refused, DNS, timeout on connect), or
 * it answered a temporary 4xx ("try again later"). A 5xx, or a connection lost after the
 * message was handed over, is final: the message may have gone out and is not sent twice.
 */
export const isMailServerUnavailable = (error: unknown): boolean => {
  const { command, code, responseCode } = (error ?? {}) as {
    command?: unknown;
    code?: unknown;
    responseCode?: unknown;
  };
  if (command === 'CONN' || code === 'ECONNECTION' || code === 'EDNS') return true;
  return typeof responseCode === 'number' && responseCode >= 400 && responseCode < 500;
};

// Email through any SMTP relay (SMTP_URL) with nodemailer; without SMTP_URL there is no mailer and the
// caller says in the log what it would have sent.
import nodemailer from 'nodemailer';
import type { TConfig } from '../config.ts';

export type TMail = { to: string; subject: string; text: string };

export type TMailer = {
  /** Sends one plain-text email from MAIL_FROM; rejects when the relay refuses it. */
  send(mail: TMail): Promise<void>;
};

export function createMailer(config: Pick<TConfig, 'SMTP_URL' | 'MAIL_FROM'>): TMailer | null {
  if (!config.SMTP_URL) return null;
  const transport = nodemailer.createTransport(config.SMTP_URL);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.MAIL_FROM, ...mail });
    },
  };
}

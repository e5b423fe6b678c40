/**
 * Outgoing mail through nodemailer: to SMTP_URL when set, otherwise into an outbox folder of `.eml`
 * files (var/mail) that `npm run mail` lists — so a shop on one machine sends real, openable mails.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to the sender (a customer's request forwarded to the yard). */
  replyTo?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  outboxDir: string;
  from: string;
}

export function createMailer({ smtpUrl, outboxDir, from }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
      // Sortable names: the newest mail is the last file.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence++ % 1000).padStart(3, '0')}-${mail.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
      writeFileSync(join(outboxDir, name), info.message as Buffer, { mode: 0o600 });
    },
  };
}

import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real SMTP when SMTP_URL is set; otherwise messages are stored in the
 * mail_outbox table. Only the demo (`logContents`) also prints them, so it
 * works without a mail server; elsewhere a logged recipient beside a code
 * would tie the person to their requests.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Database;
  log: FastifyBaseLogger;
  logContents: boolean;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await options.db.insert(mailOutbox).values(message);
      if (options.logContents) {
        options.log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail kept in outbox (no SMTP_URL)');
      } else {
        options.log.info('mail queued in the outbox (no SMTP_URL)');
      }
    },
  };
}

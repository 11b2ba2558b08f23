import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** One rendered mail, ready for a transport. */
export interface OutgoingMail {
  /** The outbox row id; also the Message-ID's local part, so a receiver can spot a resend. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** Where mail goes, for the start-up log line. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Below the outbox claim lease, so a hung server fails the attempt before another worker could take the row. */
const SMTP_SOCKET_TIMEOUT_MS = 60_000;
const SMTP_CONNECTION_TIMEOUT_MS = 30_000;

function messageOf(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<${mail.id}@storefront.outbox>`,
    ...(mail.headers ? { headers: mail.headers } : {}),
  };
}

/** SMTP through nodemailer, from a URL such as smtp://user:pass@host:587 or smtps://host:465. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    connectionTimeout: SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECTION_TIMEOUT_MS,
  });
  const safe = new URL(url);
  safe.password = '';
  safe.username = '';
  return {
    description: `SMTP ${safe.host}`,
    async send(mail) {
      await transporter.sendMail(messageOf(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default when no SMTP server is configured: each mail is written as an .eml file
 * (opens in any mail program) into `dir`, with a log line, so the merchant can read what
 * shoppers would have received.
 */
export function fileTransport(dir: string, log: MailLog): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `files in ${dir}`,
    async send(mail) {
      const info = await transporter.sendMail(messageOf(mail));
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file }, 'email written (no SMTP_URL set)');
    },
    close: () => transporter.close(),
  };
}

/** The folder of DATA_DIR that the file transport writes into. */
export const OUTBOX_MAIL_DIR = 'outbox-mail';

export function createMailTransport(
  config: { smtpUrl?: string; dataDir: string },
  log: MailLog,
): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : fileTransport(path.join(config.dataDir, OUTBOX_MAIL_DIR), log);
}

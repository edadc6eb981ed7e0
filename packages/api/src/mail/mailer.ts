import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The actionable links of the mail by name (confirm, reset, unsubscribe), for the outbox reader. */
  links: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Writes each mail as `${dir}/<time>-<id>.json` ({ id, created_at, from, to, subject, text, html, links }).
 * File names sort by time; a mail appears whole (write then rename), so a reader never sees half a file.
 */
export function outboxMailer(dir: string, from: string): Mailer {
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const id = randomUUID();
      const createdAt = new Date();
      const name = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${id}.json`;
      const record = { id, created_at: createdAt.toISOString(), from, ...mail };
      const tmp = join(dir, `.${name}.tmp`);
      await writeFile(tmp, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
      await rename(tmp, join(dir, name));
    },
    close() {},
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.links.unsubscribe ? { list: { unsubscribe: mail.links.unsubscribe } } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}

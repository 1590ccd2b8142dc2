import type { Database } from "@pevo/db";
import { mailOutbox } from "@pevo/db";
import nodemailer from "nodemailer";

export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};
export type Mailer = { mode: "smtp" | "outbox"; send: (mail: Mail) => Promise<void> };

/** SMTP when configured; otherwise the outbox table plus the server log (development, tests). */
export function createMailer(opts: {
  db: Database;
  smtpUrl?: string;
  from: string;
  log?: (line: string) => void;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      mode: "smtp",
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
    };
  }
  const log = opts.log ?? ((line: string) => console.log(line));
  return {
    mode: "outbox",
    send: async ({ attachments, ...mail }) => {
      // The outbox keeps what the mailbox page shows: the attachments' names and sizes, not the files.
      await opts.db.insert(mailOutbox).values({
        ...mail,
        attachments: attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: a.content.length,
        })),
      });
      log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}\n`);
    },
  };
}

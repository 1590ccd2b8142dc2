import { type Database, type Executor, mailOutbox } from "@pevo/db";
import { desc, eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { log } from "../lib/log";

type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type Mail = {
  to: string;
  /** Copies (an invoice sent with cc). The outbox keeps one row per address. */
  cc?: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

type SendOptions = {
  /**
   * The transaction to write the outbox row in (a durable job's `tx`): the mail and the job's
   * `done` then commit together, so it is kept exactly once. Required inside a job's transaction:
   * on PGlite the outer handle would wait for that transaction.
   */
  tx?: Executor;
  /**
   * A stable Message-ID for SMTP (e.g. from the job id). SMTP cannot join a database transaction:
   * a job sends, then commits `done`; if the process dies between the two the job runs again and
   * the mail goes out again with the SAME Message-ID, which receiving servers and clients use to
   * drop the duplicate. Exactly once in the outbox; at least once, deduplicable, over SMTP.
   */
  messageId?: string;
};

export type Mailer = { mode: "smtp" | "outbox"; send: (mail: Mail, options?: SendOptions) => Promise<void> };

/** SMTP when configured; otherwise the outbox table plus the server log (development, tests). */
export function createMailer(opts: { db: Database; smtpUrl?: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    // Bounded waits: a job's transaction stays open while its mail is handed over (lib/jobs.ts), so a
    // mail server that hangs must fail the attempt (retried later), not hold it for nodemailer's
    // default minutes.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    return {
      mode: "smtp",
      send: async (mail, options) => {
        await transport.sendMail({ from: opts.from, ...mail, messageId: options?.messageId });
      },
    };
  }
  return {
    mode: "outbox",
    send: async ({ attachments, cc, ...mail }, options) => {
      // The outbox keeps what the mailbox page shows: the attachments' names and sizes, not the files.
      const kept = attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
      }));
      const recipients = [mail.to, ...(cc ?? [])];
      await (options?.tx ?? opts.db)
        .insert(mailOutbox)
        .values(recipients.map((to) => ({ ...mail, to, attachments: kept })));
      log().info({ to: mail.to, subject: mail.subject, text: mail.text }, "Mail kept in the outbox");
    },
  };
}

/** The mails the outbox kept, newest first, to one address or to all (the development mailbox). */
export const keptMails = (db: Database, to?: string) =>
  db
    .select()
    .from(mailOutbox)
    // unscoped: the development mailbox shows every outgoing mail (never served in production)
    .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(50);

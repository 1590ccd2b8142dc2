/**
 * The outbox for email (docs/adr/0012-outbox.md): a change writes its mail job in its own
 * transaction, the job runner delivers it over real SMTP (test/smtp-server.ts, nodemailer the
 * client), retries with back-off, gives up after the last attempt, and Retry queues it again.
 */
import { jobs } from "@pevo/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../test/harness";
import { first } from "../../test/rows";
import { startSmtpServer, type TestSmtpServer } from "../../test/smtp-server";
import { jobHandlers } from "../jobs";
import { runDueJobs } from "../lib/jobs";
import { enqueueMail, MAIL_JOB } from "./mail-jobs";
import { createMailer, type Mailer } from "./mailer";

let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedUpAdmin;
let dispatch: { id: string; clientId: string };
/** The outbox while the test company is set up (its sign-up mail is read from it), SMTP after. */
let current: Mailer;

const BILLING = "billing@outbox-client.test";

beforeAll(async () => {
  smtp = await startSmtpServer();
  let outboxMailer: Mailer | undefined;
  t = await createTestApp({
    config: { smtpUrl: smtp.url },
    mailer: { mode: "smtp", send: (mail, options) => (current ?? outboxMailer).send(mail, options) },
  });
  outboxMailer = createMailer({ db: t.db, from: t.config.mailFrom });
  current = outboxMailer;
  admin = await t.signUpAdmin({ companyName: "Outbox Escorts" });
  const client = await t.createClient(admin, { name: "Outbox Client", email: BILLING });
  const rc = await t.createRateConfirmation(admin, { clientId: client.id });
  dispatch = { id: (await t.createDispatch(admin, { rateConfirmationId: rc.id })).id, clientId: client.id };
  current = createMailer({ db: t.db, smtpUrl: smtp.url, from: t.config.mailFrom });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let n = 0;
async function draftInvoice() {
  n += 1;
  const res = await t.as(admin)("POST", "/api/invoices", {
    invoiceNumber: `OUT-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2025-03-01",
    dueDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
    dispatchId: dispatch.id,
    clientId: dispatch.clientId,
    customerName: "Outbox Client",
    lineItems: [{ date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" }],
    allowAdditional: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; invoiceNumber: string };
}

const mailJobsOf = (invoiceId: string) =>
  t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), eq(jobs.key, `mail:invoice:${invoiceId}`)));

/** One pass of the job runner, `hours` from now (past any back-off of an earlier pass). */
const runJobsIn = (hours: number, maxAttempts?: number) =>
  runDueJobs({
    db: t.db,
    handlers: jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage }),
    now: () => new Date(Date.now() + hours * 3600_000),
    maxAttempts,
  });

const mailsTo = (to: string) => smtp.received.filter((m) => m.to.includes(`<${to}>`));

describe("a change and its mail commit together", () => {
  test("sending an invoice writes exactly one mail job, delivered over SMTP with its PDF", async () => {
    const inv = await draftInvoice();
    const before = mailsTo(BILLING).length;
    const res = await t.as(admin)("POST", `/api/invoices/${inv.id}/send`, { to: BILLING });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      mailSent: true,
      mail: { status: "sent", attempts: 1, lastError: null },
    });
    const rows = await mailJobsOf(inv.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "done", attempts: 1, companyId: admin.companyId });
    expect(res.body.mail.jobId).toBe(first(rows, "mail job").id);
    const delivered = mailsTo(BILLING).slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.data).toContain(`invoice-${inv.invoiceNumber}.pdf`);
    expect(delivered[0]?.messageId).toContain(first(rows, "mail job").id);
    // The invoice page reads where its mail stands.
    const page = await t.as(admin)("GET", `/api/invoices/${inv.id}`);
    expect(page.body.mail).toEqual({
      status: "sent",
      attempts: 1,
      lastError: null,
      jobId: first(rows, "mail job").id,
    });
  });

  test("a refused change queues nothing (409: a void invoice is not sent)", async () => {
    const inv = await draftInvoice();
    expect(
      (await t.as(admin)("POST", `/api/invoices/${inv.id}/void`, { reason: "Issued in error" })).status,
    ).toBe(200);
    const res = await t.as(admin)("POST", `/api/invoices/${inv.id}/send`, { to: BILLING });
    expect(res.status).toBe(409);
    expect(await mailJobsOf(inv.id)).toHaveLength(0);
  });

  test("a mail queued in a transaction that rolls back is never written", async () => {
    const key = `rolled-back:${Math.random().toString(36).slice(2)}`;
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, { companyId: admin.companyId }, key, {
          to: BILLING,
          subject: "Never",
          text: "Rolled back",
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(
      await t.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `mail:${key}`)),
    ).toHaveLength(0);
  });
});

describe("delivery with retries", () => {
  test("an SMTP server that refuses twice gets the mail on the third try; the status goes queued → sent", async () => {
    const inv = await draftInvoice();
    const before = mailsTo(BILLING).length;
    smtp.refuse = 2;
    const res = await t.as(admin)("POST", `/api/invoices/${inv.id}/send`, { to: BILLING });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: "sent",
      mailSent: false,
      mail: { status: "queued", attempts: 1 },
    });
    expect(res.body.mail.lastError).toContain("451");

    await runJobsIn(1);
    const second = (await t.as(admin)("GET", `/api/invoices/${inv.id}`)).body.mail;
    expect(second).toMatchObject({ status: "queued", attempts: 2 });
    expect(second.lastError).toContain("451");
    expect(mailsTo(BILLING).length).toBe(before);

    await runJobsIn(2);
    const third = (await t.as(admin)("GET", `/api/invoices/${inv.id}`)).body.mail;
    expect(third).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(mailsTo(BILLING).slice(before)).toHaveLength(1);
    expect(smtp.refuse).toBe(0);
  });

  test("after the last attempt the mail shows failed; Retry queues it again and it goes once", async () => {
    const inv = await draftInvoice();
    const before = mailsTo(BILLING).length;
    smtp.refuse = 1000;
    const res = await t.as(admin)("POST", `/api/invoices/${inv.id}/send`, { to: BILLING });
    expect(res.body.mail).toMatchObject({ status: "queued", attempts: 1 });
    await runJobsIn(1, 3);
    await runJobsIn(2, 3);
    const failed = (await t.as(admin)("GET", `/api/invoices/${inv.id}`)).body.mail;
    expect(failed).toMatchObject({ status: "failed", attempts: 3 });
    expect(failed.lastError).toContain("451");
    // The runner leaves a failed mail alone.
    await runJobsIn(10, 3);
    expect((await t.as(admin)("GET", `/api/invoices/${inv.id}`)).body.mail).toMatchObject({
      status: "failed",
    });

    smtp.refuse = 0;
    const retried = await t.as(admin)("POST", `/api/mail/${failed.jobId}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toEqual({ status: "sent", attempts: 1, lastError: null, jobId: failed.jobId });
    expect(mailsTo(BILLING).slice(before)).toHaveLength(1);
    // Sent is sent: a second Retry does not mail it again.
    const again = await t.as(admin)("POST", `/api/mail/${failed.jobId}/retry`);
    expect(again.status).toBe(409);
    expect(mailsTo(BILLING).slice(before)).toHaveLength(1);
  });

  test("Retry of an unknown or malformed mail id is a 404", async () => {
    expect((await t.as(admin)("POST", `/api/mail/${crypto.randomUUID()}/retry`)).status).toBe(404);
    expect((await t.as(admin)("POST", "/api/mail/not-a-uuid/retry")).status).toBe(404);
  });
});

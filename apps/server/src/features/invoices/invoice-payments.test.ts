/**
 * Invoices sent, viewed and paid (DECISIONS 'Invoices'): statuses, send (mail with the PDF and a public
 * link), the public page and its negative cases, payments and balances, overdue computed in the
 * company's time zone (API, dispatch page and PDF), deleting (drafts only), and the overdue
 * reminders (once, across two workers and a restart).
 */
import {
  activityEvents,
  type Database,
  jobs,
  type OpenedDatabase,
  openDatabase,
  publicLinks,
} from "@pevo/db";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestAppWithMailOutage,
  firstLink,
  type JsonBody,
  pathOf,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";
import { nth } from "../../../test/rows";
import { INVOICE_REMINDER, invoiceReminderHandlers } from "../../domain/invoices";
import { createPublicLink, daysFrom, hashToken } from "../../domain/public-links";
import { addDaysIso } from "../../lib/dates";
import { runDueJobs, schedule, startJobWorker } from "../../lib/jobs";
import { zonedDate, zonedTimeToUtc } from "../../lib/zoned-time";
import { createMailer } from "../../mail/mailer";

const SETUP_TIMEOUT = 180_000;
const CLIENT_EMAIL = "billing@client-a.test";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let dispatchA: { id: string; clientId: string };
let dispatchB: { id: string; clientId: string };
let second: { db: Database; close: () => Promise<void> };
/** The mailer fails while this is true (an SMTP server down). */
let mailFails = false;

beforeAll(async () => {
  t = await createTestAppWithMailOutage(() => mailFails);
  adminA = await t.signUpAdmin({ companyName: "Paid Escorts A" });
  adminB = await t.signUpAdmin({ companyName: "Paid Escorts B" });
  dispatchA = await job(adminA);
  dispatchB = await job(adminB);
  if (t.databaseUrl) {
    const opened: OpenedDatabase = await openDatabase({ kind: "postgres", url: t.databaseUrl });
    second = { db: opened.db, close: opened.close };
  } else {
    second = { db: t.db, close: async () => {} };
  }
}, SETUP_TIMEOUT);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function job(admin: SignedUpAdmin) {
  const client = await t.createClient(admin, { name: "Client A", email: CLIENT_EMAIL });
  const rc = await t.createRateConfirmation(admin, { clientId: client.id });
  const d = await t.createDispatch(admin, { rateConfirmationId: rc.id });
  return { id: d.id, clientId: client.id };
}

let n = 0;
/** A draft invoice of 1,000.00 (two lines), due `dueDate`. */
async function invoice(admin: SignedUpAdmin, overrides: JsonBody = {}) {
  n += 1;
  const d = admin === adminA ? dispatchA : dispatchB;
  const res = await t.as(admin)("POST", "/api/invoices", {
    invoiceNumber: `PAY-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2025-03-01",
    dueDate: addDaysIso(zonedDate("America/Chicago"), 10),
    dispatchId: d.id,
    clientId: d.clientId,
    customerName: "Client A",
    lineItems: [
      { date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" },
      { date: "2025-03-02", location: "Dallas, TX", mileage: "0", charge: "400.00" },
    ],
    allowAdditional: true,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as JsonBody & { id: string; invoiceNumber: string };
}

const send = (admin: SignedUpAdmin, id: string, body: JsonBody = { to: CLIENT_EMAIL }) =>
  t.as(admin)("POST", `/api/invoices/${id}/send`, body);

/** Sends the invoice and returns the public link's path (from the mail). */
async function sendAndLink(admin: SignedUpAdmin, id: string, invoiceNumber: string) {
  const res = await send(admin, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const mail = await t.lastMail(CLIENT_EMAIL, new RegExp(`Invoice ${invoiceNumber} from`));
  return pathOf(firstLink(mail.text));
}

const pay = (admin: SignedUpAdmin, id: string, amount: string, extra: JsonBody = {}) =>
  t.as(admin)("POST", `/api/invoices/${id}/payments`, {
    date: "2025-03-10",
    amount,
    method: "check",
    reference: "CHK-1001",
    ...extra,
  });

const get = async (admin: SignedUpAdmin, id: string) =>
  (await t.as(admin)("GET", `/api/invoices/${id}`)).body;
const publicApi = (path: string) => t.request("GET", path.replace(/^\/i\//, "/api/public/invoices/"));

/** The text of the invoice's PDF as the office downloads it (the harness reads bodies as text). */
async function pdfText(admin: SignedUpAdmin, id: string) {
  const res = await t.app.request(`${APP_URL}/api/invoices/${id}/pdf`, {
    headers: { Origin: APP_URL, Cookie: admin.cookie },
  });
  expect(res.status).toBe(200);
  return (await readPdf(Buffer.from(await res.arrayBuffer()))).text;
}

/** The invoice as the dispatch page lists it (status, total and the computed overdue flag). */
async function dispatchInvoice(admin: SignedUpAdmin, id: string) {
  const d = admin === adminA ? dispatchA : dispatchB;
  const res = await t.as(admin)("GET", `/api/dispatches/${d.id}`);
  return (res.body.invoices as JsonBody[]).find((i) => i.id === id);
}

const invoiceEvents = (type: string, invoiceNumber: string) =>
  t.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.type, type), like(activityEvents.message, `%${invoiceNumber}%`)));

describe("sending an invoice", () => {
  test("mails the PDF and a link; the draft becomes sent; the activity says so", async () => {
    const inv = await invoice(adminA);
    expect(inv).toMatchObject({ status: "draft", amountPaid: "0.00", balance: "1000.00", sentAt: null });
    const res = await send(adminA, inv.id, {
      to: "Billing@Client-A.test",
      cc: "ap@client-a.test, owner@client-a.test",
      message: "Thanks for the job!",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: "sent", sentTo: CLIENT_EMAIL, mailSent: true });
    const mail = await t.lastMail(CLIENT_EMAIL, /Invoice .* from Paid Escorts A/);
    expect(mail.text).toContain("Thanks for the job!");
    expect(mail.attachments).toEqual([
      {
        filename: `invoice-${inv.invoiceNumber}.pdf`,
        contentType: "application/pdf",
        size: expect.any(Number),
      },
    ]);
    expect(firstLink(mail.text)).toMatch(/^http:\/\/localhost:3000\/i\/[A-Za-z0-9_-]{43}$/);
    // The cc addresses get the same mail.
    expect(await t.outbox("ap@client-a.test")).toHaveLength(1);
    expect(await t.outbox("owner@client-a.test")).toHaveLength(1);
    expect(await get(adminA, inv.id)).toMatchObject({ status: "sent", sentAt: expect.any(String) });
    const [event] = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.type, "invoice_sent"), like(activityEvents.message, `%${inv.invoiceNumber}%`)),
      );
    expect(event).toMatchObject({ companyId: adminA.companyId, actorId: adminA.userId });
  });

  test("bad input is a 400 with field messages", async () => {
    const inv = await invoice(adminA);
    // No `to` at all sends to the client's accounts-payable email (invoice-billing.test.ts).
    for (const [body, field] of [
      [{ to: 42 }, "to"],
      [{ to: "not-an-email" }, "to"],
      [{ to: CLIENT_EMAIL, cc: "a@b.test, nope" }, "cc.1"],
      [{ to: CLIENT_EMAIL, message: "x".repeat(5001) }, "message"],
    ] as const) {
      const res = await send(adminA, inv.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
  });

  test("a failed email keeps the invoice sent and says so; sending again (Retry) mails it", async () => {
    const inv = await invoice(adminA);
    mailFails = true;
    const failed = await send(adminA, inv.id).finally(() => {
      mailFails = false;
    });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ status: "sent", mailSent: false });
    const retry = await send(adminA, inv.id);
    expect(retry.body).toMatchObject({ status: "sent", mailSent: true });
    await t.lastMail(CLIENT_EMAIL, new RegExp(`Invoice ${inv.invoiceNumber} from`));
  });
});

describe("the public invoice page", () => {
  test("shows the invoice without a session, marks it viewed once, and gives the PDF", async () => {
    const inv = await invoice(adminA, { notes: "Net 10" });
    const path = await sendAndLink(adminA, inv.id, inv.invoiceNumber);
    const page = await publicApi(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(page.body).toMatchObject({
      company: { name: "Paid Escorts A" },
      invoiceNumber: inv.invoiceNumber,
      status: "viewed",
      total: "1000.00",
      balance: "1000.00",
      notes: "Net 10",
      payments: [],
    });
    expect(page.body.lineItems).toHaveLength(2);
    expect(await get(adminA, inv.id)).toMatchObject({ status: "viewed", viewedAt: expect.any(String) });
    await publicApi(path);
    const viewed = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "invoice_viewed"),
          like(activityEvents.message, `%${inv.invoiceNumber}%`),
        ),
      );
    expect(viewed).toHaveLength(1);

    const pdf = await t.request("GET", `${path.replace(/^\/i\//, "/api/public/invoices/")}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const raw = await t.app.request(`${path.replace(/^\/i\//, "/api/public/invoices/")}/pdf`);
    const { text } = await readPdf(Buffer.from(await raw.arrayBuffer()));
    expect(text).toContain(inv.invoiceNumber);
  });

  test("a wrong, voided or expired token is a 404 with a clear message; a token opens only its own invoice", async () => {
    const inv = await invoice(adminA);
    const path = await sendAndLink(adminA, inv.id, inv.invoiceNumber);
    const token = path.slice(3);

    const wrong = await publicApi(`/i/${"x".repeat(43)}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.error).toMatch(/not valid/);
    expect((await publicApi("/i/short")).status).toBe(404);
    // A signature link's token cannot open an invoice (one purpose per link).
    await t.db
      .update(publicLinks)
      .set({ purpose: "rc_signature" })
      .where(eq(publicLinks.tokenHash, hashToken(token)));
    expect((await publicApi(path)).status).toBe(404);
    await t.db
      .update(publicLinks)
      .set({ purpose: "invoice_view" })
      .where(eq(publicLinks.tokenHash, hashToken(token)));
    // The page shows that one invoice (company A's) and nothing of company B.
    const invB = await invoice(adminB);
    const pathB = await sendAndLink(adminB, invB.id, invB.invoiceNumber);
    expect((await publicApi(pathB)).body.company.name).toBe("Paid Escorts B");
    expect((await publicApi(path)).body.invoiceNumber).toBe(inv.invoiceNumber);

    // Expired.
    await t.db
      .update(publicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(publicLinks.tokenHash, hashToken(token)));
    const expired = await publicApi(path);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toMatch(/expired/);

    // Voided: every link of the invoice stops working.
    const voidable = await invoice(adminA);
    const voidPath = await sendAndLink(adminA, voidable.id, voidable.invoiceNumber);
    const voided = await t.as(adminA)("POST", `/api/invoices/${voidable.id}/void`, {
      reason: "Issued in error",
    });
    expect(voided.status).toBe(200);
    expect(voided.body.status).toBe("void");
    const gone = await publicApi(voidPath);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/no longer valid/);
    expect(
      (await t.request("GET", `${voidPath.replace(/^\/i\//, "/api/public/invoices/")}/pdf`)).status,
    ).toBe(404);
    // A void invoice cannot be sent, paid, edited or voided again.
    expect((await send(adminA, voidable.id)).status).toBe(409);
    expect((await pay(adminA, voidable.id, "10.00")).status).toBe(409);
    expect(
      (await t.as(adminA)("POST", `/api/invoices/${voidable.id}/void`, { reason: "Issued in error" })).status,
    ).toBe(409);
  });
});

describe("payments", () => {
  test("partial, then full: the balance and the status follow; client credit is not a method to record; delete undoes", async () => {
    const inv = await invoice(adminA);
    await sendAndLink(adminA, inv.id, inv.invoiceNumber);

    const partial = await pay(adminA, inv.id, "250.50");
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    expect(partial.body).toMatchObject({ status: "partially_paid", amountPaid: "250.50", balance: "749.50" });
    expect(partial.body.payments).toEqual([
      expect.objectContaining({
        amount: "250.50",
        method: "check",
        reference: "CHK-1001",
        date: "2025-03-10",
      }),
    ]);

    // Client credit is applied from the client's credit (DECISIONS 'Client credit'), never recorded as money received.
    const asCredit = await pay(adminA, inv.id, "1.00", { method: "client_credit" });
    expect(asCredit.status).toBe(400);
    expect(asCredit.body.fields).toEqual({ method: "Choose a payment method" });

    for (const bad of [
      { amount: "0" },
      { amount: "-5" },
      { amount: "1.234" },
      { method: "bitcoin" },
      { date: "" },
    ]) {
      expect((await pay(adminA, inv.id, "1.00", bad)).status, JSON.stringify(bad)).toBe(400);
    }

    const full = await pay(adminA, inv.id, "749.50", { method: "ach" });
    expect(full.body).toMatchObject({ status: "paid", amountPaid: "1000.00", balance: "0.00" });
    expect(await get(adminA, inv.id)).toMatchObject({ status: "paid", balance: "0.00", overdue: false });
    const received = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "payment_received"),
          like(activityEvents.message, `%${inv.invoiceNumber}%`),
        ),
      );
    expect(received.map((e) => e.amount).sort()).toEqual(["250.50", "749.50"]);
    // Nothing is left to pay.
    expect((await pay(adminA, inv.id, "0.01")).status).toBe(400);
    // Paid in full: no reminders pending.
    const pending = await t.db
      .select()
      .from(jobs)
      .where(and(like(jobs.key, `invoice-reminder:${inv.id}:%`), eq(jobs.status, "pending")));
    expect(pending).toEqual([]);

    // An invoice with payments cannot be voided.
    expect(
      (await t.as(adminA)("POST", `/api/invoices/${inv.id}/void`, { reason: "Issued in error" })).status,
    ).toBe(409);

    // Deleting the second payment: partially paid again, the reminders are back.
    const second = full.body.payments.find((p: JsonBody) => p.amount === "749.50");
    const del = await t.as(adminA)("DELETE", `/api/invoices/${inv.id}/payments/${second.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ status: "partially_paid", amountPaid: "250.50", balance: "749.50" });
    expect(
      await t.db
        .select()
        .from(activityEvents)
        .where(
          and(
            eq(activityEvents.type, "payment_deleted"),
            like(activityEvents.message, `%${inv.invoiceNumber}%`),
          ),
        ),
    ).toHaveLength(1);
    expect((await t.as(adminA)("DELETE", `/api/invoices/${inv.id}/payments/${second.id}`)).status).toBe(404);
    const back = await t.db
      .select()
      .from(jobs)
      .where(and(like(jobs.key, `invoice-reminder:${inv.id}:%`), eq(jobs.status, "pending")));
    expect(back).toHaveLength(3);

    // An invoice with payments is a record: its lines cannot be edited (DECISIONS 'Invoices').
    const tooLow = await t.as(adminA)("PUT", `/api/invoices/${inv.id}`, {
      ...inv,
      lineItems: [{ date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "100.00" }],
    });
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.error).toMatch(/^Only a draft invoice can be edited/);
  });

  test("the activity text formats the amount as money ($1,000.00, never $1000.00)", async () => {
    const inv = await invoice(adminA);
    await sendAndLink(adminA, inv.id, inv.invoiceNumber);
    expect((await pay(adminA, inv.id, "1000")).status).toBe(201);
    const [received] = await t.db
      .select({ message: activityEvents.message })
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "payment_received"),
          like(activityEvents.message, `%${inv.invoiceNumber}%`),
        ),
      );
    expect(received?.message).toBe(
      `Payment of $1,000.00 received for invoice ${inv.invoiceNumber} (paid in full)`,
    );
  });

  test("another company's invoice or payment is a 404", async () => {
    const inv = await invoice(adminA);
    const paid = await pay(adminA, inv.id, "10.00");
    const paymentId = paid.body.payments[0].id;
    expect((await pay(adminB, inv.id, "1.00")).status).toBe(404);
    expect((await t.as(adminB)("GET", `/api/invoices/${inv.id}/payments`)).status).toBe(404);
    expect((await t.as(adminB)("DELETE", `/api/invoices/${inv.id}/payments/${paymentId}`)).status).toBe(404);
    const invB = await invoice(adminB);
    expect((await t.as(adminB)("DELETE", `/api/invoices/${invB.id}/payments/${paymentId}`)).status).toBe(404);
    expect((await send(adminB, inv.id)).status).toBe(404);
    expect(
      (await t.as(adminB)("POST", `/api/invoices/${inv.id}/void`, { reason: "Issued in error" })).status,
    ).toBe(404);
  });
});

describe("deleting an invoice", () => {
  const ONLY_DRAFT = "Only a draft invoice can be deleted; void a sent invoice instead";
  const del = (id: string) => t.as(adminA)("DELETE", `/api/invoices/${id}`);
  const pendingReminders = (id: string) =>
    t.db
      .select()
      .from(jobs)
      .where(and(like(jobs.key, `invoice-reminder:${id}:%`), eq(jobs.status, "pending")));

  test("a sent, paid or void invoice is refused (409) and keeps its link, reminders and payments", async () => {
    const sent = await invoice(adminA);
    const path = await sendAndLink(adminA, sent.id, sent.invoiceNumber);
    const refused = await del(sent.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: ONLY_DRAFT });
    expect((await get(adminA, sent.id)).status).toBe("sent");
    expect(await pendingReminders(sent.id)).toHaveLength(3);
    expect((await publicApi(path)).status).toBe(200);

    // Paid on paper without being sent: partially paid, refused, the payment stays.
    const paper = await invoice(adminA);
    expect((await pay(adminA, paper.id, "100.00")).status).toBe(201);
    const paidRefused = await del(paper.id);
    expect(paidRefused.status).toBe(409);
    expect(paidRefused.body).toEqual({ error: ONLY_DRAFT });
    const payments = await t.as(adminA)("GET", `/api/invoices/${paper.id}/payments`);
    expect(payments.body).toMatchObject({ status: "partially_paid", amountPaid: "100.00" });
    expect(payments.body.payments).toHaveLength(1);

    const voidable = await invoice(adminA);
    expect(
      (await t.as(adminA)("POST", `/api/invoices/${voidable.id}/void`, { reason: "Issued in error" })).status,
    ).toBe(200);
    const voidRefused = await del(voidable.id);
    expect(voidRefused.status).toBe(409);
    expect(voidRefused.body).toEqual({ error: "A void invoice cannot be deleted: it stays on record" });
    expect((await get(adminA, voidable.id)).status).toBe("void");

    for (const inv of [sent, paper, voidable]) {
      expect(await invoiceEvents("invoice_deleted", inv.invoiceNumber)).toEqual([]);
    }
    // Another company's draft is a 404, and stays.
    const draftB = await invoice(adminB);
    expect((await del(draftB.id)).status).toBe(404);
    expect((await get(adminB, draftB.id)).status).toBe("draft");
  });

  test("a draft is deleted with an activity event; a link or reminder left on it is revoked and canceled", async () => {
    const draft = await invoice(adminA);
    // A draft gets neither in the normal course (sending makes it sent): put them there as leftovers.
    const scope = { companyId: adminA.companyId };
    const link = await createPublicLink(t.db, scope, {
      purpose: "invoice_view",
      subjectId: draft.id,
      expiresAt: daysFrom(new Date(), 30),
    });
    await schedule(t.db, scope, {
      kind: INVOICE_REMINDER,
      key: `${INVOICE_REMINDER}:${draft.id}:1`,
      runAt: daysFrom(new Date(), 5),
      payload: { invoiceId: draft.id, days: 1 },
    });
    expect(await pendingReminders(draft.id)).toHaveLength(1);

    const res = await del(draft.id);
    expect(res.status).toBe(204);
    expect((await t.as(adminA)("GET", `/api/invoices/${draft.id}`)).status).toBe(404);
    const gone = await publicApi(`/i/${link.token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toMatch(/no longer valid/);
    expect(await pendingReminders(draft.id)).toEqual([]);
    expect(
      (
        await t.db
          .select()
          .from(jobs)
          .where(like(jobs.key, `invoice-reminder:${draft.id}:%`))
      ).map((j) => j.status),
    ).toEqual(["canceled"]);
    expect(await invoiceEvents("invoice_deleted", draft.invoiceNumber)).toEqual([
      expect.objectContaining({
        companyId: adminA.companyId,
        actorId: adminA.userId,
        amount: "1000.00",
        message: `Draft invoice ${draft.invoiceNumber} deleted`,
      }),
    ]);
  });
});

describe("overdue is computed in the company's time zone", () => {
  async function setZone(admin: SignedUpAdmin, timeZone: string, extra: JsonBody = {}) {
    const current = (await t.as(admin)("GET", "/api/company")).body;
    const res = await t.as(admin)("PUT", "/api/company", { ...current, timeZone, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  test("due today in Pago Pago (UTC-11) is overdue where it is already tomorrow (Kiritimati, UTC+14)", async () => {
    // UTC-11 and UTC+14 are 25 hours apart: at any instant Kiritimati's date is after Pago Pago's.
    const dueDate = zonedDate("Pacific/Pago_Pago");
    const inv = await invoice(adminB, { dueDate, issueDate: addDaysIso(dueDate, -30) });
    await sendAndLink(adminB, inv.id, inv.invoiceNumber);
    const listed = async () =>
      (await t.as(adminB)("GET", `/api/invoices?q=${inv.invoiceNumber}&status=overdue`)).body.total;

    await setZone(adminB, "Pacific/Pago_Pago");
    expect((await get(adminB, inv.id)).overdue).toBe(false);
    expect(await listed()).toBe(0);
    expect(await dispatchInvoice(adminB, inv.id)).toMatchObject({ status: "sent", overdue: false });

    await setZone(adminB, "Pacific/Kiritimati");
    expect((await get(adminB, inv.id)).overdue).toBe(true);
    expect(await listed()).toBe(1);
    expect(await dispatchInvoice(adminB, inv.id)).toMatchObject({ status: "sent", overdue: true });
    const publicPath = await sendAndLink(adminB, inv.id, inv.invoiceNumber);
    expect((await publicApi(publicPath)).body.overdue).toBe(true);

    // Paid in full: never overdue.
    await pay(adminB, inv.id, "1000.00");
    expect((await get(adminB, inv.id)).overdue).toBe(false);
    expect(await listed()).toBe(0);
    expect(await dispatchInvoice(adminB, inv.id)).toMatchObject({ status: "paid", overdue: false });
    await setZone(adminB, "America/Chicago");
  });

  test("the PDF prints Overdue by the same rule, and Amount Paid and Balance Due once something is paid", async () => {
    const dueDate = zonedDate("Pacific/Pago_Pago");
    const inv = await invoice(adminB, { dueDate, issueDate: addDaysIso(dueDate, -30) });
    await sendAndLink(adminB, inv.id, inv.invoiceNumber);

    await setZone(adminB, "Pacific/Pago_Pago");
    let text = await pdfText(adminB, inv.id);
    expect(text).toContain("Status: Sent");
    expect(text).not.toContain("Overdue");
    expect(text).not.toContain("Amount Paid");
    expect(text).not.toContain("Balance Due");

    await setZone(adminB, "Pacific/Kiritimati");
    expect(await pdfText(adminB, inv.id)).toContain("Overdue");

    expect((await pay(adminB, inv.id, "400.10")).status).toBe(201);
    text = await pdfText(adminB, inv.id);
    expect(text).toContain("Status: Partially paid");
    expect(text).toContain("Overdue");
    expect(text).toMatch(/Total\s+\$1,000\.00\s+Amount Paid\s+\$400\.10\s+Balance Due\s+\$599\.90/);

    expect((await pay(adminB, inv.id, "599.90")).status).toBe(201);
    text = await pdfText(adminB, inv.id);
    expect(text).toContain("Status: Paid");
    expect(text).not.toContain("Overdue");
    expect(text).toMatch(/Amount Paid\s+\$1,000\.00\s+Balance Due\s+\$0\.00/);
    await setZone(adminB, "America/Chicago");
  });
});

describe("overdue reminders", () => {
  const handlers = () =>
    invoiceReminderHandlers({
      mailer: createMailer({ db: t.db, from: t.config.mailFrom }),
      config: t.config,
    });
  const runAt = (now: Date, db: Database = t.db) => runDueJobs({ db, handlers: handlers(), now: () => now });
  const reminders = async (to: string, invoiceNumber: string) =>
    (await t.outbox(to)).filter(
      (m) => m.subject === `Reminder: invoice ${invoiceNumber} from Paid Escorts A is overdue`,
    );
  const reminderJobs = (id: string) =>
    t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `invoice-reminder:${id}:%`))
      .orderBy(asc(jobs.runAt));

  test("1, 7 and 30 days after the due date at 09:00 company time, once each, across two workers and a restart", async () => {
    const to = "late-payer@client-a.test";
    const inv = await invoice(adminA);
    const res = await send(adminA, inv.id, { to });
    expect(res.status).toBe(200);
    const due = inv.dueDate as string;
    const scheduled = await reminderJobs(inv.id);
    expect(scheduled.map((j) => [j.key.split(":").at(-1), j.runAt.toISOString()])).toEqual([
      ["1", zonedTimeToUtc(addDaysIso(due, 1), "09:00", "America/Chicago").toISOString()],
      ["7", zonedTimeToUtc(addDaysIso(due, 7), "09:00", "America/Chicago").toISOString()],
      ["30", zonedTimeToUtc(addDaysIso(due, 30), "09:00", "America/Chicago").toISOString()],
    ]);

    // Before the first one is due: nothing.
    await runAt(zonedTimeToUtc(addDaysIso(due, 1), "08:59", "America/Chicago"));
    expect(await reminders(to, inv.invoiceNumber)).toEqual([]);

    // Four workers at once (two instances on PostgreSQL): one mail.
    const day1 = zonedTimeToUtc(addDaysIso(due, 1), "10:00", "America/Chicago");
    await Promise.all([runAt(day1), runAt(day1, second.db), runAt(day1), runAt(day1, second.db)]);
    const first = await reminders(to, inv.invoiceNumber);
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toMatch(/1 day ago/);
    expect(first[0]?.text).toContain("$1,000.00");
    // Its link opens the invoice.
    expect((await publicApi(pathOf(firstLink(nth(first, 0, "mail").text)))).status).toBe(200);

    // A worker stops (shutdown), another starts (restart) later: the 7-day one once, nothing twice.
    const day7 = zonedTimeToUtc(addDaysIso(due, 7), "10:00", "America/Chicago");
    const a = startJobWorker({ db: t.db, handlers: handlers(), now: () => day1, pollMs: 60_000 });
    await a.poll();
    await a.stop();
    const b = startJobWorker({ db: second.db, handlers: handlers(), now: () => day7, pollMs: 60_000 });
    await b.poll();
    await b.poll();
    await b.stop();
    expect(await reminders(to, inv.invoiceNumber)).toHaveLength(2);

    // Paid in full before the 30-day one: it is canceled.
    await pay(adminA, inv.id, "1000.00");
    await runAt(zonedTimeToUtc(addDaysIso(due, 31), "10:00", "America/Chicago"));
    expect(await reminders(to, inv.invoiceNumber)).toHaveLength(2);
    expect((await reminderJobs(inv.id)).map((j) => j.status)).toEqual(["done", "done", "canceled"]);
  });

  test("a sent invoice's due date is locked; void cancels them; Invoice reminders off sends none (checked when they run)", async () => {
    const to = "mover@client-a.test";
    const inv = await invoice(adminA);
    await send(adminA, inv.id, { to });
    // A sent invoice is a record (DECISIONS 'Invoices'): its due date, and so its reminders, stay.
    const later = inv.dueDate as string;
    const moved = await t.as(adminA)("PUT", `/api/invoices/${inv.id}`, {
      ...inv,
      dueDate: addDaysIso(later, 5),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect((await reminderJobs(inv.id))[0]?.runAt.toISOString()).toBe(
      zonedTimeToUtc(addDaysIso(later, 1), "09:00", "America/Chicago").toISOString(),
    );

    const current = (await t.as(adminA)("GET", "/api/company")).body;
    expect(current.invoiceReminders).toBe(true);
    const off = await t.as(adminA)("PUT", "/api/company", { ...current, invoiceReminders: false });
    expect(off.body.invoiceReminders).toBe(false);
    await runAt(zonedTimeToUtc(addDaysIso(later, 1), "10:00", "America/Chicago"));
    expect(await reminders(to, inv.invoiceNumber)).toEqual([]);
    await t.as(adminA)("PUT", "/api/company", { ...current, invoiceReminders: true });
    await runAt(zonedTimeToUtc(addDaysIso(later, 7), "10:00", "America/Chicago"));
    expect(await reminders(to, inv.invoiceNumber)).toHaveLength(1);

    await t.as(adminA)("POST", `/api/invoices/${inv.id}/void`, { reason: "Issued in error" });
    expect((await reminderJobs(inv.id)).map((j) => j.status)).toEqual(["done", "done", "canceled"]);
    await runAt(zonedTimeToUtc(addDaysIso(later, 31), "10:00", "America/Chicago"));
    expect(await reminders(to, inv.invoiceNumber)).toHaveLength(1);
  });
});

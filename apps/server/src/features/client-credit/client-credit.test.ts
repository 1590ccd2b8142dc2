/**
 * The client's credit (DECISIONS 'Client credit'): a payment above the balance pays the invoice in
 * full and keeps the excess as credit; the credit is applied to another open invoice (a client_credit
 * payment) or refunded, never beyond the credit or the invoice's balance; receivables, the statement
 * and the payments CSV show it; `addClientCredit` (a credit note's excess) adds to it; and two
 * concurrent payments that together exceed the balance lose nothing.
 */
import { activityEvents, clientCreditEntries, payments } from "@pevo/db";
import { toCents } from "@pevo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { csvRecords } from "../../../test/csv";
import {
  APP_URL,
  createTestApp,
  type JsonBody,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";
import { addClientCredit } from "../../domain/invoices";
import { NotFoundError } from "../../lib/domain-errors";

const SETUP_TIMEOUT = 180_000;
const CLIENT_EMAIL = "billing@credit-client.test";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Credit Escorts A" });
  adminB = await t.signUpAdmin({ companyName: "Credit Escorts B" });
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

/** A fresh client of `admin` with a dispatch to bill. */
async function client(admin: SignedUpAdmin, name = "Credit Client") {
  const c = await t.createClient(admin, { name, email: CLIENT_EMAIL });
  const rc = await t.createRateConfirmation(admin, { clientId: c.id });
  const d = await t.createDispatch(admin, { rateConfirmationId: rc.id });
  return { id: c.id, dispatchId: d.id, name };
}

let n = 0;
/** A sent invoice of 1,000.00 for the client. */
async function sentInvoice(admin: SignedUpAdmin, c: { id: string; dispatchId: string; name: string }) {
  n += 1;
  const res = await t.as(admin)("POST", "/api/invoices", {
    invoiceNumber: `CR-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2025-03-01",
    dueDate: "2025-03-31",
    dispatchId: c.dispatchId,
    clientId: c.id,
    customerName: c.name,
    lineItems: [{ date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "1000.00" }],
    allowAdditional: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const sent = await t.as(admin)("POST", `/api/invoices/${res.body.id}/send`, { to: CLIENT_EMAIL });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return res.body as JsonBody & { id: string; invoiceNumber: string };
}

const pay = (admin: SignedUpAdmin, id: string, amount: string, extra: JsonBody = {}) =>
  t.as(admin)("POST", `/api/invoices/${id}/payments`, {
    date: "2025-03-10",
    amount,
    method: "check",
    reference: "CHK-7",
    ...extra,
  });
const credit = async (admin: SignedUpAdmin, clientId: string) => {
  const res = await t.as(admin)("GET", `/api/clients/${clientId}/credit`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as JsonBody & { credit: string; entries: JsonBody[] };
};
const apply = (admin: SignedUpAdmin, clientId: string, body: JsonBody) =>
  t.as(admin)("POST", `/api/clients/${clientId}/credit/applications`, { date: "2025-03-12", ...body });
const refund = (admin: SignedUpAdmin, clientId: string, body: JsonBody) =>
  t.as(admin)("POST", `/api/clients/${clientId}/credit/refunds`, {
    date: "2025-03-15",
    method: "ach",
    reference: "RF-1",
    ...body,
  });
const invoiceOf = async (admin: SignedUpAdmin, id: string) =>
  (await t.as(admin)("GET", `/api/invoices/${id}`)).body as JsonBody & { balance: string; status: string };

describe("overpayment", () => {
  test("pays the invoice in full and keeps the excess as the client's credit, with its activity event", async () => {
    const c = await client(adminA, "Overpaying Client");
    const inv = await sentInvoice(adminA, c);
    const res = await pay(adminA, inv.id, "1200.00");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: "paid", amountPaid: "1000.00", balance: "0.00" });
    expect(res.body.payments).toEqual([expect.objectContaining({ amount: "1000.00", method: "check" })]);

    const after = await credit(adminA, c.id);
    expect(after.credit).toBe("200.00");
    expect(after.entries).toEqual([
      expect.objectContaining({
        kind: "overpayment",
        amount: "200.00",
        date: "2025-03-10",
        invoiceId: inv.id,
        invoiceNumber: inv.invoiceNumber,
      }),
    ]);
    const [event] = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, "client_credit_added")),
      );
    expect(event).toMatchObject({ actorId: adminA.userId, amount: "200.00", client: c.name });
    const [received] = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, "payment_received")),
      );
    expect(received?.message).toContain("$200.00 kept as the client's credit");

    // Nothing is left to pay: a further payment is refused, not turned into credit silently.
    expect((await pay(adminA, inv.id, "1.00")).status).toBe(400);
  });

  test("an invoice without a client still refuses more than its balance (no one to keep the credit)", async () => {
    const c = await client(adminA, "Walk-in");
    const res = await t.as(adminA)("POST", "/api/invoices", {
      invoiceNumber: `CR-NOCLIENT-${Math.random().toString(36).slice(2, 6)}`,
      issueDate: "2025-03-01",
      dueDate: "2025-03-31",
      dispatchId: c.dispatchId,
      clientId: null,
      customerName: "Cash Customer",
      lineItems: [{ date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "100.00" }],
      allowAdditional: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const over = await pay(adminA, res.body.id, "100.01");
    expect(over.status).toBe(400);
    expect(over.body.fields.amount).toMatch(/cannot exceed the balance of \$100\.00/);
  });
});

describe("apply and refund", () => {
  test("apply lowers the other invoice's balance and the credit; refund lowers the credit; bounds refused", async () => {
    const c = await client(adminA, "Applying Client");
    const other = await client(adminA, "Someone Else");
    const first = await sentInvoice(adminA, c);
    const second = await sentInvoice(adminA, c);
    const foreign = await sentInvoice(adminA, other);
    expect((await pay(adminA, first.id, "1300.00")).status).toBe(201);
    expect((await credit(adminA, c.id)).credit).toBe("300.00");

    const applied = await apply(adminA, c.id, {
      invoiceId: second.id,
      amount: "120.00",
      note: "Per phone call",
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body.credit).toBe("180.00");
    expect(await invoiceOf(adminA, second.id)).toMatchObject({ balance: "880.00", status: "partially_paid" });
    const secondPayments = await t.as(adminA)("GET", `/api/invoices/${second.id}/payments`);
    expect(secondPayments.body.payments).toEqual([
      expect.objectContaining({ amount: "120.00", method: "client_credit", note: "Per phone call" }),
    ]);

    // More than the credit, more than the balance, another client's invoice, a paid one: refused.
    const tooMuch = await apply(adminA, c.id, { invoiceId: second.id, amount: "180.01" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.fields).toEqual({
      amount: "The amount cannot exceed the client's credit of $180.00",
    });
    const notTheirs = await apply(adminA, c.id, { invoiceId: foreign.id, amount: "1.00" });
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.fields).toEqual({ invoiceId: "This invoice is not this client's" });
    const paidOne = await apply(adminA, c.id, { invoiceId: first.id, amount: "1.00" });
    expect(paidOne.status).toBe(409);
    expect(paidOne.body.error).toBe("Credit can be applied only to a sent invoice with a balance left");
    expect((await apply(adminA, c.id, { invoiceId: second.id, amount: "0" })).status).toBe(400);
    expect((await credit(adminA, c.id)).credit).toBe("180.00");

    // Refund part, then more than is left is refused.
    const refunded = await refund(adminA, c.id, { amount: "30.00", note: "Returned by ACH" });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(201);
    expect(refunded.body.credit).toBe("150.00");
    expect(refunded.body.entries[0]).toMatchObject({
      kind: "refund",
      amount: "-30.00",
      method: "ach",
      reference: "RF-1",
      note: "Returned by ACH",
    });
    const overRefund = await refund(adminA, c.id, { amount: "150.01" });
    expect(overRefund.status).toBe(400);
    expect(overRefund.body.fields).toEqual({
      amount: "The refund cannot exceed the client's credit of $150.00",
    });
    expect((await refund(adminA, c.id, { amount: "1.00", method: "client_credit" })).status).toBe(400);

    // Deleting the application gives the credit back; the overpayment whose credit is spent cannot go.
    const applicationId = secondPayments.body.payments[0].id as string;
    const undo = await t.as(adminA)("DELETE", `/api/invoices/${second.id}/payments/${applicationId}`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect((await credit(adminA, c.id)).credit).toBe("270.00");
    expect(await invoiceOf(adminA, second.id)).toMatchObject({ balance: "1000.00" });
    const firstPayments = await t.as(adminA)("GET", `/api/invoices/${first.id}/payments`);
    const overpaymentId = firstPayments.body.payments[0].id as string;
    const spent = await t.as(adminA)("DELETE", `/api/invoices/${first.id}/payments/${overpaymentId}`);
    expect(spent.status).toBe(409);
    expect(spent.body.error).toMatch(/left \$300\.00 as the client's credit/);

    // Applying the whole rest of the credit to a balance larger than it.
    expect((await apply(adminA, c.id, { invoiceId: second.id, amount: "270.00" })).status).toBe(201);
    expect((await credit(adminA, c.id)).credit).toBe("0.00");
    expect(await invoiceOf(adminA, second.id)).toMatchObject({ balance: "730.00" });
    const none = await apply(adminA, c.id, { invoiceId: second.id, amount: "0.01" });
    expect(none.status).toBe(400);

    // Another company's admin sees nothing of it.
    expect((await t.as(adminB)("GET", `/api/clients/${c.id}/credit`)).status).toBe(404);
  });

  test("cannot apply more than the invoice's balance, even with more credit", async () => {
    const c = await client(adminA, "Rich Client");
    const first = await sentInvoice(adminA, c);
    const second = await sentInvoice(adminA, c);
    expect((await pay(adminA, first.id, "2000.00")).status).toBe(201);
    expect((await pay(adminA, second.id, "900.00")).status).toBe(201);
    const over = await apply(adminA, c.id, { invoiceId: second.id, amount: "100.01" });
    expect(over.status).toBe(400);
    expect(over.body.fields).toEqual({ amount: "The amount cannot exceed the invoice's balance of $100.00" });
    const exact = await apply(adminA, c.id, { invoiceId: second.id, amount: "100.00" });
    expect(exact.status).toBe(201);
    expect(exact.body.credit).toBe("900.00");
    expect(await invoiceOf(adminA, second.id)).toMatchObject({ balance: "0.00", status: "paid" });
  });
});

describe("where the credit is shown", () => {
  test("receivables, the statement (data and PDF) and the payments CSV", async () => {
    const admin = await t.signUpAdmin({ companyName: "Credit Shown" });
    const c = await client(admin, "Shown Client");
    const first = await sentInvoice(admin, c);
    const second = await sentInvoice(admin, c);
    expect((await pay(admin, first.id, "1250.00")).status).toBe(201);
    expect((await apply(admin, c.id, { invoiceId: second.id, amount: "50.00" })).status).toBe(201);

    const receivables = await t.as(admin)("GET", "/api/receivables");
    expect(receivables.status).toBe(200);
    const row = (receivables.body.items as JsonBody[]).find((r) => r.clientId === c.id);
    // Open: 950.00 on the second invoice; credit 200.00 left of 250.00.
    expect(row).toMatchObject({ balance: "950.00", credit: "200.00", netBalance: "750.00" });
    expect(receivables.body.totals).toMatchObject({
      balance: "950.00",
      credit: "200.00",
      netBalance: "750.00",
    });

    const pdf = await t.app.request(`${APP_URL}/api/receivables/clients/${c.id}/statement.pdf`, {
      headers: { Origin: APP_URL, Cookie: admin.cookie },
    });
    expect(pdf.status).toBe(200);
    const text = (await readPdf(Buffer.from(await pdf.arrayBuffer()))).text;
    expect(text).toContain("Client Credit");
    expect(text).toContain("Less unapplied credit");
    expect(text).toContain("$200.00");
    expect(text).toContain("$750.00");

    // Cash: 1,250.00 received (200.00 of it kept as credit); the 50.00 applied is no new money.
    const res = await t.as(admin)("GET", "/api/receivables/payments.csv");
    expect(res.status).toBe(200);
    const { records } = csvRecords(res.body as string);
    expect(records.map((r) => [r["Invoice Number"], r.Amount, r.Method, r["Kept as Client Credit"]])).toEqual(
      [[first.invoiceNumber, "1250.00", "Check", "250.00"]],
    );
  });
});

describe("addClientCredit", () => {
  test("adds a credit note's excess in the caller's transaction; refuses a foreign client and a bad amount", async () => {
    const c = await client(adminA, "Credit Note Client");
    const scope = { db: t.db, companyId: adminA.companyId, userId: adminA.userId };
    const creditNoteId = crypto.randomUUID();
    const entry = await t.db.transaction((tx) =>
      addClientCredit(tx, scope, {
        clientId: c.id,
        amountCents: 12_345,
        source: { kind: "credit_note", creditNoteId },
      }),
    );
    expect(entry).toMatchObject({ kind: "credit_note", amountCents: 12_345, creditNoteId, clientId: c.id });
    expect(await credit(adminA, c.id)).toMatchObject({
      credit: "123.45",
      entries: [expect.objectContaining({ kind: "credit_note", creditNoteId, amount: "123.45" })],
    });

    const foreign = { db: t.db, companyId: adminB.companyId, userId: adminB.userId };
    await expect(
      t.db.transaction((tx) =>
        addClientCredit(tx, foreign, {
          clientId: c.id,
          amountCents: 100,
          source: { kind: "credit_note", creditNoteId },
        }),
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    for (const amountCents of [0, -5, 1.5]) {
      await expect(
        t.db.transaction((tx) =>
          addClientCredit(tx, scope, {
            clientId: c.id,
            amountCents,
            source: { kind: "credit_note", creditNoteId },
          }),
        ),
      ).rejects.toThrow(RangeError);
    }
    expect((await credit(adminA, c.id)).credit).toBe("123.45");
  });
});

describe("concurrent payments", () => {
  test("two payments that together exceed the balance: the invoice ends paid, the excess is credit, nothing lost", async () => {
    const c = await client(adminA, "Racing Client");
    const inv = await sentInvoice(adminA, c);
    // Two real requests at once: on PostgreSQL each runs on its own pooled connection and the
    // invoice's row lock orders them; PGlite serializes them.
    const [one, two] = await Promise.all([
      pay(adminA, inv.id, "600.00", { reference: "RACE-1" }),
      pay(adminA, inv.id, "700.00", { reference: "RACE-2" }),
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(await invoiceOf(adminA, inv.id)).toMatchObject({ status: "paid", balance: "0.00" });

    const rows = await t.db
      .select({ amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.invoiceId, inv.id));
    const entries = await t.db
      .select({ amountCents: clientCreditEntries.amountCents, kind: clientCreditEntries.kind })
      .from(clientCreditEntries)
      .where(eq(clientCreditEntries.clientId, c.id));
    const paid = rows.reduce((s, r) => s + r.amountCents, 0);
    const kept = entries.reduce((s, r) => s + r.amountCents, 0);
    expect(paid).toBe(100_000);
    expect(entries.every((e) => e.kind === "overpayment")).toBe(true);
    expect(kept).toBe(30_000);
    // Everything received is on the invoice or in the credit.
    expect(paid + kept).toBe(toCents("600.00") + toCents("700.00"));
    expect((await credit(adminA, c.id)).credit).toBe("300.00");
  });
});

/**
 * Credit notes (DECISIONS 'Credit notes'): issued against a sent or paid invoice in one step, the part
 * up to the balance applied to the invoice as a credit_note payment (balance and status follow), the
 * rest credited to the client's account; numbered CN-YYYY-NNNN per company and year; never cash; a
 * PDF, an email through the outbox and a public page that shows that one credit note.
 */
import { activityEvents, creditNoteCounts, creditNotes, payments } from "@pevo/db";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  firstLink,
  type JsonBody,
  pathOf,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

const SETUP_TIMEOUT = 180_000;
const CLIENT_EMAIL = "ap@credit-notes-a.test";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let jobA: { dispatchId: string; clientId: string };

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Credit Notes A" });
  adminB = await t.signUpAdmin({ companyName: "Credit Notes B" });
  const client = await t.createClient(adminA, { name: "Client A", email: CLIENT_EMAIL });
  const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
  const d = await t.createDispatch(adminA, { rateConfirmationId: rc.id });
  jobA = { dispatchId: d.id, clientId: client.id };
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

type Invoice = JsonBody & { id: string; invoiceNumber: string };

let n = 0;
/** A draft of $1,000.00 (600 + 400, no tax). */
async function draft(): Promise<Invoice> {
  n += 1;
  const res = await t.as(adminA)("POST", "/api/invoices", {
    invoiceNumber: `CNT-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2026-03-01",
    dueDate: "2026-03-31",
    dispatchId: jobA.dispatchId,
    clientId: jobA.clientId,
    customerName: "Client A",
    customerAddress: "1 Main St\nHouston, TX",
    lineItems: [
      { kind: "day", date: "2026-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" },
      { kind: "mileage", date: "2026-03-02", location: "Dallas, TX", mileage: "240", charge: "400.00" },
    ],
    allowAdditional: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Invoice;
}

async function sent(): Promise<Invoice> {
  const inv = await draft();
  const res = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, { to: CLIENT_EMAIL });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return inv;
}

const pay = (id: string, amount: string) =>
  t.as(adminA)("POST", `/api/invoices/${id}/payments`, { date: "2026-03-10", amount, method: "check" });

const getInvoice = async (id: string) => (await t.as(adminA)("GET", `/api/invoices/${id}`)).body as Invoice;

const line = (rate: string, quantity = "1", description = "Overbilled mileage") => ({
  description,
  quantity,
  rate,
});

const issue = (admin: SignedUpAdmin, invoiceId: string, body: JsonBody = {}) =>
  t.as(admin)("POST", `/api/invoices/${invoiceId}/credit-notes`, {
    date: "2026-03-15",
    reason: "Mileage billed twice",
    lines: [line("100.00")],
    ...body,
  });

async function rawGet(path: string, cookie?: string) {
  const res = await t.app.request(`${APP_URL}${path}`, {
    headers: { Origin: APP_URL, ...(cookie ? { Cookie: cookie } : {}) },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("issuing a credit note", () => {
  test("on a sent invoice: the balance drops by its total and the status follows", async () => {
    const inv = await sent();
    const res = await issue(adminA, inv.id, {
      lines: [line("120.00", "1.5", "Detention not owed"), line("20.00", "2", "Tolls at cost")],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      creditNoteNumber: expect.stringMatching(/^CN-2026-\d{4}$/),
      date: "2026-03-15",
      reason: "Mileage billed twice",
      invoice: { id: inv.id, invoiceNumber: inv.invoiceNumber },
      customerName: "Client A",
      total: "220.00",
      applied: "220.00",
      toCredit: "0.00",
      lines: [
        { description: "Detention not owed", quantity: "1.50", rate: "120.00", amount: "180.00" },
        { description: "Tolls at cost", quantity: "2.00", rate: "20.00", amount: "40.00" },
      ],
    });
    const after = await getInvoice(inv.id);
    expect(after).toMatchObject({
      total: "1000.00",
      amountPaid: "220.00",
      balance: "780.00",
      status: "partially_paid",
    });
    const list = await t.as(adminA)("GET", `/api/invoices/${inv.id}/payments`);
    expect(list.body.payments).toEqual([
      expect.objectContaining({
        method: "credit_note",
        amount: "220.00",
        reference: res.body.creditNoteNumber,
        creditNoteId: res.body.id,
      }),
    ]);
    // The activity says who, what and where the money went.
    const [event] = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, "credit_note_issued")),
      )
      .orderBy(activityEvents.createdAt);
    expect(event?.actorId).toBe(adminA.userId);
    expect(event?.message).toContain(`Credit note ${res.body.creditNoteNumber} of $220.00 issued on invoice`);
    expect(event?.message).toContain("$220.00 applied to the invoice");
  });

  test("covering the whole balance makes the invoice paid", async () => {
    const inv = await sent();
    expect((await pay(inv.id, "900.00")).status).toBe(201);
    const res = await issue(adminA, inv.id, { lines: [line("100.00")] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ applied: "100.00", toCredit: "0.00" });
    expect(await getInvoice(inv.id)).toMatchObject({ balance: "0.00", status: "paid" });
  });

  test("on a paid invoice: all of it goes to the client's account, the invoice is unchanged", async () => {
    const inv = await sent();
    expect((await pay(inv.id, "1000.00")).status).toBe(201);
    const before = await getInvoice(inv.id);
    const res = await issue(adminA, inv.id, { lines: [line("250.00")] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ total: "250.00", applied: "0.00", toCredit: "250.00" });
    const after = await getInvoice(inv.id);
    expect(after).toMatchObject({ status: "paid", amountPaid: before.amountPaid, balance: "0.00" });
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, inv.id));
    expect(rows.map((p) => p.method)).toEqual(["check"]);
  });

  test("above the balance: the balance is applied, the rest is credited", async () => {
    const inv = await sent();
    expect((await pay(inv.id, "700.00")).status).toBe(201);
    const res = await issue(adminA, inv.id, { lines: [line("500.00")] });
    expect(res.body).toMatchObject({ total: "500.00", applied: "300.00", toCredit: "200.00" });
    expect(await getInvoice(inv.id)).toMatchObject({ status: "paid", balance: "0.00" });
  });

  test("never more than the invoice's total minus the credit notes already issued (400)", async () => {
    const inv = await sent();
    expect((await issue(adminA, inv.id, { lines: [line("600.00")] })).status).toBe(201);
    const before = await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, inv.id));
    const res = await issue(adminA, inv.id, { lines: [line("400.01")] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(
      "A credit note cannot exceed what is left to credit on this invoice: $400.00 (its total minus the credit notes already issued)",
    );
    expect(res.body.fields.lines).toBe(res.body.error);
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, inv.id))).toEqual(before);
    expect((await issue(adminA, inv.id, { lines: [line("400.00")] })).status).toBe(201);
    expect(await getInvoice(inv.id)).toMatchObject({ status: "paid", balance: "0.00" });
  });

  test("a draft or a void invoice is not credited (409)", async () => {
    const d = await draft();
    const onDraft = await issue(adminA, d.id);
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.error).toBe("A draft invoice is not credited: edit it instead");
    const v = await sent();
    expect(
      (await t.as(adminA)("POST", `/api/invoices/${v.id}/void`, { reason: "Billed twice" })).status,
    ).toBe(200);
    const onVoid = await issue(adminA, v.id);
    expect(onVoid.status).toBe(409);
    expect(onVoid.body.error).toBe("A void invoice cannot be credited");
    const rows = await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, v.id));
    expect(rows).toEqual([]);
  });

  test("bad input is a 400 with the field's message and saves nothing", async () => {
    const inv = await sent();
    const cases: [JsonBody, string, string][] = [
      [{ reason: "" }, "reason", "Say why the invoice is credited"],
      [{ lines: [] }, "lines", "Add at least one line"],
      [{ lines: [line("0.00")] }, "lines", "The credit note's total must be greater than $0.00"],
      [
        { lines: [line("10.00", "0")] },
        "lines.0.quantity",
        "Enter a quantity greater than 0 with up to 2 decimals",
      ],
      [{ lines: [line("-5.00")] }, "lines.0.rate", "Amount must be 0 or more"],
      [{ lines: [line("5.00", "1", "")] }, "lines.0.description", "Description is required"],
    ];
    for (const [body, field, message] of cases) {
      const res = await issue(adminA, inv.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields[field], JSON.stringify(res.body)).toBe(message);
    }
    expect(await t.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, inv.id))).toEqual([]);
  });

  test("numbers follow per company and year: CN-YYYY-NNNN, no two alike when issued at once", async () => {
    const company = await t.signUpAdmin({ companyName: "Credit Notes Numbers" });
    const client = await t.createClient(company, { name: "Numbers Client" });
    const rc = await t.createRateConfirmation(company, { clientId: client.id });
    const d = await t.createDispatch(company, { rateConfirmationId: rc.id });
    const created = await t.as(company)("POST", "/api/invoices", {
      invoiceNumber: "NUM-1",
      issueDate: "2026-01-05",
      dueDate: "2026-02-05",
      dispatchId: d.id,
      clientId: client.id,
      lineItems: [{ date: "2026-01-05", location: "Austin, TX", mileage: "0", charge: "900.00" }],
    });
    const id = created.body.id as string;
    expect((await t.as(company)("POST", `/api/invoices/${id}/send`, { to: "num@example.test" })).status).toBe(
      200,
    );
    const first = await issue(company, id, { date: "2026-02-01", lines: [line("10.00")] });
    expect(first.body.creditNoteNumber).toBe("CN-2026-0001");
    const together = await Promise.all([1, 2, 3].map(() => issue(company, id, { lines: [line("10.00")] })));
    expect(together.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(together.map((r) => r.body.creditNoteNumber).sort()).toEqual([
      "CN-2026-0002",
      "CN-2026-0003",
      "CN-2026-0004",
    ]);
    const nextYear = await issue(company, id, { date: "2027-01-02", lines: [line("10.00")] });
    expect(nextYear.body.creditNoteNumber).toBe("CN-2027-0001");
    // Another company counts on its own.
    const inv = await sent();
    const a = await issue(adminA, inv.id, { date: "2027-06-01", lines: [line("1.00")] });
    expect(a.body.creditNoteNumber).toBe("CN-2027-0001");
    const after = await t.as(company)("GET", `/api/invoices/${id}`);
    expect(after.body).toMatchObject({ amountPaid: "50.00", balance: "850.00" });
  });

  test("its applied payment cannot be deleted from the invoice (409)", async () => {
    const inv = await sent();
    const cn = await issue(adminA, inv.id);
    const [row] = await t.db.select().from(payments).where(eq(payments.creditNoteId, cn.body.id));
    const res = await t.as(adminA)("DELETE", `/api/invoices/${inv.id}/payments/${row?.id}`);
    expect(res.status).toBe(409);
    expect(await getInvoice(inv.id)).toMatchObject({ amountPaid: "100.00" });
  });

  test("a credit note is not cash: the payments CSV leaves it out", async () => {
    const inv = await sent();
    expect((await pay(inv.id, "123.45")).status).toBe(201);
    const cn = await issue(adminA, inv.id, { lines: [line("77.00")] });
    expect(cn.status).toBe(201);
    const res = await rawGet(
      "/api/receivables/payments.csv?dateFrom=2026-03-01&dateTo=2026-03-31",
      adminA.cookie,
    );
    const csv = res.bytes.toString("utf8");
    expect(csv).toContain("123.45");
    expect(csv).not.toContain("77.00");
    expect(csv).not.toContain(cn.body.creditNoteNumber);
  });

  test("another company's invoice or credit note is a 404", async () => {
    const inv = await sent();
    const cn = await issue(adminA, inv.id);
    expect((await issue(adminB, inv.id)).status).toBe(404);
    expect((await t.as(adminB)("GET", `/api/credit-notes/${cn.body.id}`)).status).toBe(404);
    expect(
      (await t.as(adminB)("POST", `/api/credit-notes/${cn.body.id}/send`, { to: "x@example.test" })).status,
    ).toBe(404);
    const list = await t.as(adminB)("GET", "/api/credit-notes");
    expect(JSON.stringify(list.body)).not.toContain(cn.body.id);
  });
});

describe("listing, PDF, email and the public page", () => {
  test("the list pages newest first, searched by number, and one invoice's", async () => {
    const inv = await sent();
    const one = await issue(adminA, inv.id, { date: "2026-04-01", lines: [line("10.00")] });
    const two = await issue(adminA, inv.id, { date: "2026-04-02", lines: [line("20.00")] });
    const res = await t.as(adminA)("GET", `/api/credit-notes?invoiceId=${inv.id}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: JsonBody) => i.id)).toEqual([two.body.id, one.body.id]);
    expect(res.body.items[0]).toMatchObject({
      invoiceNumber: inv.invoiceNumber,
      total: "20.00",
      applied: "20.00",
    });
    const search = await t.as(adminA)("GET", `/api/credit-notes?q=${two.body.creditNoteNumber}`);
    expect(search.body.items.map((i: JsonBody) => i.id)).toEqual([two.body.id]);
    const byInvoice = await t.as(adminA)("GET", `/api/credit-notes?q=${inv.invoiceNumber}`);
    expect(byInvoice.body.total).toBe(2);
    const paged = await t.as(adminA)("GET", "/api/credit-notes?pageSize=1&page=2");
    expect(paged.body.items).toHaveLength(1);
  });

  test("the total is the company's kept count; a search matching both numbers lists each credit note once, in the list's order", async () => {
    const inv = await sent();
    for (const date of ["2026-04-03", "2026-04-03", "2026-04-04"]) {
      expect((await issue(adminA, inv.id, { date, lines: [line("5.00")] })).status).toBe(201);
    }
    const countOf = async (companyId: string) =>
      (
        await t.db
          .select({ id: creditNotes.id })
          .from(creditNotes)
          .where(eq(creditNotes.companyId, companyId))
      ).length;
    const all = await t.as(adminA)("GET", "/api/credit-notes?pageSize=100");
    expect(all.body.total).toBe(await countOf(adminA.companyId));
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    expect((await t.as(adminB)("GET", "/api/credit-notes")).body.total).toBe(await countOf(adminB.companyId));
    // Every invoice here is numbered CNT-…: "CN" matches each credit note by its number and by its
    // invoice's, and the search (a union of the two) must list it once, in the same order and pages.
    const ids = (body: JsonBody) => (body.items as JsonBody[]).map((i) => i.id);
    const search = await t.as(adminA)("GET", "/api/credit-notes?pageSize=100&q=CN");
    expect(search.body.total).toBe(all.body.total);
    expect(ids(search.body)).toEqual(ids(all.body));
    // Every page, the older half's read from the oldest end (pageFromEnd), the last one short.
    for (let page = 1; page <= Math.ceil(all.body.total / 2); page++) {
      const plain = await t.as(adminA)("GET", `/api/credit-notes?pageSize=2&page=${page}`);
      const searched = await t.as(adminA)("GET", `/api/credit-notes?pageSize=2&page=${page}&q=CN`);
      expect(ids(searched.body)).toEqual(ids(plain.body));
      expect(ids(plain.body)).toEqual(ids(all.body).slice((page - 1) * 2, page * 2));
    }
    // A deleted credit note leaves the count too (the trigger's other half), rolled back after.
    const [one] = all.body.items as { id: string }[];
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`delete from payments where credit_note_id = ${one?.id}`);
        await tx.execute(sql`delete from client_credit_entries where credit_note_id = ${one?.id}`);
        await tx.execute(sql`delete from credit_notes where id = ${one?.id}`);
        const [kept] = await tx
          .select({ n: creditNoteCounts.creditNotes })
          .from(creditNoteCounts)
          .where(eq(creditNoteCounts.companyId, adminA.companyId));
        expect(kept?.n).toBe(all.body.total - 1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect((await t.as(adminA)("GET", "/api/credit-notes")).body.total).toBe(all.body.total);
  });

  test("the PDF prints CREDIT NOTE, number, date, invoice, reason, lines, total and the page count", async () => {
    const inv = await sent();
    const cn = await issue(adminA, inv.id, {
      reason: "Overnight not owed – Straße",
      lines: [line("150.00", "1", "Overnight billed by mistake")],
    });
    const res = await rawGet(`/api/credit-notes/${cn.body.id}/pdf`, adminA.cookie);
    expect(res.status).toBe(200);
    const { text, title } = await readPdf(res.bytes);
    expect(title).toBe(`Credit note ${cn.body.creditNoteNumber}`);
    for (const part of [
      "Credit Notes A",
      "CREDIT NOTE",
      `Credit note # ${cn.body.creditNoteNumber}`,
      `Credits invoice # ${inv.invoiceNumber}`,
      "Overnight not owed – Straße",
      "Overnight billed by mistake",
      "$150.00",
      "Credit Total",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(part);
    }
  });

  test("sent through the outbox; the public page shows that credit note and nothing else", async () => {
    const inv = await sent();
    expect((await pay(inv.id, "950.00")).status).toBe(201);
    const cn = await issue(adminA, inv.id, { lines: [line("80.00")] });
    const res = await t.as(adminA)("POST", `/api/credit-notes/${cn.body.id}/send`, {
      to: CLIENT_EMAIL,
      message: "Sorry for the mix-up",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ sentTo: CLIENT_EMAIL, mailSent: true });
    const mail = await t.lastMail(CLIENT_EMAIL, new RegExp(`Credit note ${cn.body.creditNoteNumber} from`));
    expect(mail.text).toContain("Sorry for the mix-up");
    expect(mail.attachments?.[0]?.filename).toBe(`credit-note-${cn.body.creditNoteNumber}.pdf`);
    const link = firstLink(mail.text);
    expect(link).toMatch(/^http:\/\/localhost:3000\/cn\/[A-Za-z0-9_-]{43}$/);
    const api = pathOf(link).replace(/^\/cn\//, "/api/public/credit-notes/");

    const page = await t.request("GET", api);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.body).toEqual({
      company: expect.objectContaining({ name: "Credit Notes A" }),
      creditNoteNumber: cn.body.creditNoteNumber,
      date: "2026-03-15",
      invoiceNumber: inv.invoiceNumber,
      customerName: "Client A",
      customerAddress: "1 Main St\nHouston, TX",
      reason: "Mileage billed twice",
      lines: [{ description: "Overbilled mileage", quantity: "1.00", rate: "80.00", amount: "80.00" }],
      total: "80.00",
      applied: "50.00",
      toCredit: "30.00",
    });
    // Nothing of the invoice's payments, balance, ids or other documents.
    const text = JSON.stringify(page.body);
    for (const secret of [inv.id, cn.body.id, "950.00", "balance", "payments", adminA.companyId]) {
      expect(text).not.toContain(secret);
    }
    const pdf = await rawGet(`${api}/pdf`);
    expect(pdf.status).toBe(200);
    expect((await readPdf(pdf.bytes)).text).toContain(cn.body.creditNoteNumber);
    // The first opening is recorded once.
    await t.request("GET", api);
    const viewed = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, "credit_note_viewed")),
      );
    expect(viewed.filter((e) => e.message.includes(cn.body.creditNoteNumber))).toHaveLength(1);
    // An invoice link's token does not open it, nor a made-up one.
    expect((await t.request("GET", "/api/public/credit-notes/not-a-token")).status).toBe(404);
    const detail = await t.as(adminA)("GET", `/api/credit-notes/${cn.body.id}`);
    expect(detail.body).toMatchObject({ sentTo: CLIENT_EMAIL, mail: { status: "sent" } });
  });
});

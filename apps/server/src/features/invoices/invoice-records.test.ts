/**
 * A sent invoice is a record (DECISIONS 'Invoices'): only a draft is edited freely; once sent or
 * paid, its number, customer, dates, lines and amounts are locked (409), its notes stay editable
 * (activity with before and after), and a mistake is corrected by void and reissue.
 */
import { activityEvents, invoiceLineItems, invoices, publicLinks, user } from "@pevo/db";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  type JsonBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

const SETUP_TIMEOUT = 180_000;
const LOCKED =
  "Only a draft invoice can be edited: once sent or paid, its number, customer, dates, lines and amounts are locked. Its notes can still be changed; to correct anything else, void and reissue it.";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoA: TestPevo;
let jobA: { dispatchId: string; clientId: string };
let otherClientA: string;
/** adminA's name, as the activity messages say who made the change. */
let nameA: string;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Record Keepers A" });
  adminB = await t.signUpAdmin({ companyName: "Record Keepers B" });
  pevoA = await t.createPevoUser(adminA.companyId);
  const client = await t.createClient(adminA, { name: "Client A", email: "billing@records-a.test" });
  otherClientA = (await t.createClient(adminA, { name: "Other Client A" })).id;
  const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
  const d = await t.createDispatch(adminA, { rateConfirmationId: rc.id });
  jobA = { dispatchId: d.id, clientId: client.id };
  nameA =
    (await t.db.select({ name: user.name }).from(user).where(eq(user.id, adminA.userId)))[0]?.name ?? "";
  expect(nameA).not.toBe("");
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

type Invoice = JsonBody & { id: string; invoiceNumber: string };

let n = 0;
const body = (overrides: JsonBody = {}) => {
  n += 1;
  return {
    invoiceNumber: `REC-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2025-03-01",
    dueDate: "2025-03-31",
    dispatchId: jobA.dispatchId,
    clientId: jobA.clientId,
    customerName: "Client A",
    customerAddress: "1 Main St\nHouston, TX",
    pevoName: "Casey Whitfield",
    notes: "Thank you",
    lineItems: [
      { kind: "day", date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" },
      { kind: "mileage", date: "2025-03-02", location: "Dallas, TX", mileage: "240", charge: "400.00" },
    ],
    allowAdditional: true,
    ...overrides,
  };
};

async function draft(): Promise<Invoice> {
  const res = await t.as(adminA)("POST", "/api/invoices", body());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Invoice;
}

async function sent(): Promise<Invoice> {
  const inv = await draft();
  const res = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, { to: "billing@records-a.test" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body as Invoice;
}

const pay = (id: string, amount: string) =>
  t.as(adminA)("POST", `/api/invoices/${id}/payments`, { date: "2025-03-10", amount, method: "check" });

async function paid(): Promise<Invoice> {
  const inv = await sent();
  expect((await pay(inv.id, "1000.00")).status).toBe(201);
  return (await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body as Invoice;
}

/** The form's body of a stored invoice, with `changes`. */
const edit = (inv: Invoice, changes: JsonBody) => ({
  ...body(),
  invoiceNumber: inv.invoiceNumber,
  lineItems: inv.lineItems.map(({ id: _id, ...line }: JsonBody) => line),
  ...changes,
});

const reissue = (
  caller: SignedUpAdmin | TestPevo,
  id: string,
  body: JsonBody = { reason: "Wrong mileage" },
) => t.request("POST", `/api/invoices/${id}/reissue`, { cookie: caller.cookie, body });

const rowOf = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0];
const linesOf = (id: string) =>
  t.db
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, id))
    .orderBy(asc(invoiceLineItems.sortOrder));

describe("a sent or paid invoice is locked", () => {
  const changes: [string, (inv: Invoice) => JsonBody][] = [
    [
      "lines",
      () => ({
        lineItems: [{ date: "2025-03-01", location: "Changed", mileage: "0", charge: "1500.00" }],
      }),
    ],
    [
      "total (one line's charge)",
      (inv) => ({ lineItems: [{ ...edit(inv, {}).lineItems[0], charge: "1.00" }] }),
    ],
    ["customer", () => ({ clientId: otherClientA, customerName: "Other Client A" })],
    ["dates", () => ({ issueDate: "2025-03-02", dueDate: "2025-04-30" })],
    ["number", () => ({ invoiceNumber: `REC-RENAMED-${Math.random().toString(36).slice(2, 6)}` })],
  ];

  for (const [state, make] of [
    ["sent", sent],
    ["paid", paid],
  ] as const) {
    test(`editing a ${state} invoice's lines, total, customer, dates or number is a 409 and changes nothing`, async () => {
      const inv = await make();
      const rowBefore = await rowOf(inv.id);
      const linesBefore = await linesOf(inv.id);
      for (const [what, change] of changes) {
        const res = await t.as(adminA)("PUT", `/api/invoices/${inv.id}`, edit(inv, change(inv)));
        expect(res.status, what).toBe(409);
        expect(res.body, what).toEqual({ error: LOCKED });
      }
      expect(await rowOf(inv.id)).toEqual(rowBefore);
      expect(await linesOf(inv.id)).toEqual(linesBefore);
      // The client's public link still asks for what was sent.
      const after = (await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body;
      expect(after).toMatchObject({ total: "1000.00", status: inv.status, balance: inv.balance });
    });
  }

  test("a draft is still edited freely", async () => {
    const inv = await draft();
    const res = await t.as(adminA)("PUT", `/api/invoices/${inv.id}`, edit(inv, { customerName: "Renamed" }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.customerName).toBe("Renamed");
  });
});

describe("PUT /api/invoices/:id/notes", () => {
  test("a paid invoice's notes change; the activity says who and from what to what; nothing else moves", async () => {
    const inv = await paid();
    const rowBefore = await rowOf(inv.id);
    const res = await t.as(adminA)("PUT", `/api/invoices/${inv.id}/notes`, { notes: "Paid by check 1001" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ notes: "Paid by check 1001", status: "paid", total: "1000.00" });
    const rowAfter = await rowOf(inv.id);
    expect({ ...rowAfter, notes: null, updatedAt: null }).toEqual({
      ...rowBefore,
      notes: null,
      updatedAt: null,
    });
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "invoice_notes_changed"),
          like(activityEvents.message, `%${inv.invoiceNumber}%`),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: adminA.userId,
      message: `Invoice ${inv.invoiceNumber} changed by ${nameA}: notes “Thank you” → “Paid by check 1001”`,
    });

    // Cleared, then the same again: one more event, not two.
    await t.as(adminA)("PUT", `/api/invoices/${inv.id}/notes`, { notes: "" });
    await t.as(adminA)("PUT", `/api/invoices/${inv.id}/notes`, { notes: null });
    const all = await t.db
      .select({ message: activityEvents.message })
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "invoice_notes_changed"),
          like(activityEvents.message, `%${inv.invoiceNumber}%`),
        ),
      );
    expect(all.map((e) => e.message).sort()).toEqual(
      [
        `Invoice ${inv.invoiceNumber} changed by ${nameA}: notes “Thank you” → “Paid by check 1001”`,
        `Invoice ${inv.invoiceNumber} changed by ${nameA}: notes “Paid by check 1001” → (none)`,
      ].sort(),
    );
  });

  test("the internal memo too: kept with the invoice, copied by a reissue, never on the client's PDF", async () => {
    const inv = await sent();
    const res = await t.as(adminA)("PUT", `/api/invoices/${inv.id}/notes`, {
      notes: "Thank you",
      memo: "AP contact: Dana, ext. 12",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ notes: "Thank you", memo: "AP contact: Dana, ext. 12" });
    const [event] = await t.db
      .select({ message: activityEvents.message })
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "invoice_notes_changed"),
          like(activityEvents.message, `%${inv.invoiceNumber}%`),
        ),
      );
    expect(event?.message).toBe(
      `Invoice ${inv.invoiceNumber} changed by ${nameA}: internal memo (none) → “AP contact: Dana, ext. 12”`,
    );
    const pdf = await t.app.request(`${APP_URL}/api/invoices/${inv.id}/pdf`, {
      headers: { Origin: APP_URL, Cookie: adminA.cookie },
    });
    expect(pdf.status).toBe(200);
    const text = (await readPdf(Buffer.from(await pdf.arrayBuffer()))).text;
    expect(text).toContain("Thank you");
    expect(text).not.toContain("Dana");
    const copy = await reissue(adminA, inv.id);
    expect(copy.body.memo).toBe("AP contact: Dana, ext. 12");
  });

  test("too long is a 400 field error; a void invoice is 409; another company's is 404; a PEVO 403", async () => {
    const inv = await sent();
    const long = await t.as(adminA)("PUT", `/api/invoices/${inv.id}/notes`, { notes: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.body.fields.notes).toMatch(/at most 5000/);
    expect((await t.as(adminB)("PUT", `/api/invoices/${inv.id}/notes`, { notes: "B" })).status).toBe(404);
    const pevo = await t.request("PUT", `/api/invoices/${inv.id}/notes`, {
      cookie: pevoA.cookie,
      body: { notes: "P" },
    });
    expect(pevo.status).toBe(403);
    expect((await rowOf(inv.id))?.notes).toBe("Thank you");
    await t.as(adminA)("POST", `/api/invoices/${inv.id}/void`, { reason: "Issued in error" });
    const onVoid = await t.as(adminA)("PUT", `/api/invoices/${inv.id}/notes`, { notes: "late" });
    expect(onVoid.status).toBe(409);
    expect(onVoid.body).toEqual({ error: "A void invoice cannot be changed" });
  });
});

describe("POST /api/invoices/:id/reissue", () => {
  test("voids the original with its reason and returns a new draft with the same lines and a new number", async () => {
    const inv = await sent();
    const token = await t.db
      .select({ id: publicLinks.id, revokedAt: publicLinks.revokedAt })
      .from(publicLinks)
      .where(eq(publicLinks.subjectId, inv.id));
    expect(token.length).toBeGreaterThan(0);

    const res = await reissue(adminA, inv.id, { reason: "  Wrong mileage on day two  " });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body as Invoice;
    expect(copy.id).not.toBe(inv.id);
    expect(copy.invoiceNumber).toMatch(/^INV-2025-\d{4}$/);
    expect(copy.invoiceNumber).not.toBe(inv.invoiceNumber);
    expect(copy).toMatchObject({
      status: "draft",
      voidReason: null,
      dispatchId: inv.dispatchId,
      clientId: inv.clientId,
      customerName: inv.customerName,
      customerAddress: inv.customerAddress,
      pevoName: inv.pevoName,
      issueDate: inv.issueDate,
      dueDate: inv.dueDate,
      notes: inv.notes,
      subtotal: inv.subtotal,
      taxRate: inv.taxRate,
      total: inv.total,
      amountPaid: "0.00",
      sentAt: null,
    });
    const strip = (lines: JsonBody[]) => lines.map(({ id: _id, ...line }) => line);
    expect(strip(copy.lineItems)).toEqual(strip(inv.lineItems));

    const original = (await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body;
    expect(original).toMatchObject({
      status: "void",
      voidReason: "Wrong mileage on day two",
      total: "1000.00",
    });
    // The client's link of the void invoice no longer works.
    const links = await t.db.select().from(publicLinks).where(eq(publicLinks.subjectId, inv.id));
    expect(links.every((l) => l.revokedAt !== null)).toBe(true);

    const messages = (
      await t.db
        .select({
          type: activityEvents.type,
          message: activityEvents.message,
          actorId: activityEvents.actorId,
        })
        .from(activityEvents)
        .where(like(activityEvents.message, `%${copy.invoiceNumber}%`))
    ).sort((a, b) => a.type.localeCompare(b.type));
    expect(messages).toEqual([
      {
        type: "invoice_reissued",
        message: `Invoice ${copy.invoiceNumber} reissued from ${inv.invoiceNumber}`,
        actorId: adminA.userId,
      },
      {
        type: "invoice_voided",
        message: `Invoice ${inv.invoiceNumber} voided and reissued as ${copy.invoiceNumber} by ${nameA}: Wrong mileage on day two`,
        actorId: adminA.userId,
      },
    ]);

    // The new draft is edited freely; the void one is not reissued twice.
    const edited = await t.as(adminA)(
      "PUT",
      `/api/invoices/${copy.id}`,
      edit(copy, { customerName: "Fixed" }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const again = await reissue(adminA, inv.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: "A void invoice cannot be changed" });
  });

  test("an invoice with payments is refused (409): its payments are deleted first; nothing changes", async () => {
    const inv = await sent();
    expect((await pay(inv.id, "250.00")).status).toBe(201);
    const count = async () =>
      (await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.companyId, adminA.companyId)))
        .length;
    const before = await count();
    const rowBefore = await rowOf(inv.id);
    const res = await reissue(adminA, inv.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        "An invoice with payments cannot be voided and reissued: delete its payments first, then record them on the new invoice",
    });
    expect(await rowOf(inv.id)).toEqual(rowBefore);
    expect(await count()).toBe(before);
  });

  test("another company's invoice is 404, a PEVO 403, no reason 400; nothing changes", async () => {
    const inv = await sent();
    const rowBefore = await rowOf(inv.id);
    const other = await reissue(adminB, inv.id);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: "Invoice not found" });
    expect((await reissue(pevoA, inv.id)).status).toBe(403);
    for (const missing of [{ reason: "" }, { reason: "   " }, {}]) {
      const res = await reissue(adminA, inv.id, missing);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ reason: "Say why the invoice is voided and reissued" });
    }
    expect(await rowOf(inv.id)).toEqual(rowBefore);
  });
});

/**
 * How a client is billed (DECISIONS 'Client billing settings', 'Discount lines', 'Invoices'): its
 * payment terms give a new invoice's due date, a PO number it requires stops a send, a bill-to
 * party is who the invoice, its PDF and its public page bill, its accounts-payable email gets the
 * invoice; a discount line never takes the total below zero; a void says why; a reissue and its
 * original point at each other.
 */
import { activityEvents, invoices } from "@pevo/db";
import { and, eq, like } from "drizzle-orm";
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

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let dispatchId: string;
let otherCompanyClient: string;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Billing Rules A" });
  adminB = await t.signUpAdmin({ companyName: "Billing Rules B" });
  const client = await t.createClient(adminA, { name: "Ordering Carrier" });
  const rc = await t.createRateConfirmation(adminA, { clientId: client.id });
  dispatchId = (await t.createDispatch(adminA, { rateConfirmationId: rc.id })).id;
  otherCompanyClient = (await t.createClient(adminB, { name: "Not Yours" })).id;
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

type Invoice = JsonBody & { id: string; invoiceNumber: string };

let n = 0;
const invoiceBody = (clientId: string, overrides: JsonBody = {}) => {
  n += 1;
  return {
    invoiceNumber: `BIL-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2025-03-01",
    dispatchId,
    clientId,
    customerName: "Ordering Carrier",
    customerAddress: "1 Main St\nHouston, TX",
    lineItems: [{ kind: "day", date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" }],
    allowAdditional: true,
    ...overrides,
  };
};

async function newInvoice(clientId: string, overrides: JsonBody = {}): Promise<Invoice> {
  const res = await t.as(adminA)("POST", "/api/invoices", invoiceBody(clientId, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Invoice;
}

const clientWith = async (settings: JsonBody) => (await t.createClient(adminA, settings)).id;

describe("client billing settings", () => {
  test("are saved, read back and bounded", async () => {
    const payer = await clientWith({ name: "Broker Payables", address: "9 Pay Ave\nDallas, TX" });
    const res = await t.as(adminA)("POST", "/api/clients", {
      name: "Settings Carrier",
      paymentTermsDays: 15,
      poRequired: true,
      billToClientId: payer,
      billingEmail: "AP@Settings.test",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      paymentTermsDays: 15,
      poRequired: true,
      billToClientId: payer,
      billToName: "Broker Payables",
      billingEmail: "ap@settings.test",
    });
    const read = await t.as(adminA)("GET", `/api/clients/${res.body.id}`);
    expect(read.body).toMatchObject({
      paymentTermsDays: 15,
      poRequired: true,
      billToName: "Broker Payables",
    });

    const bad = await t.as(adminA)("POST", "/api/clients", { name: "Odd Terms", paymentTermsDays: 20 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty("paymentTermsDays");
  });

  test("the bill-to party is another client of the same company", async () => {
    const foreign = await t.as(adminA)("POST", "/api/clients", {
      name: "Foreign Payer",
      billToClientId: otherCompanyClient,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields).toEqual({ billToClientId: "Choose another client from the list" });

    const self = await clientWith({ name: "Self Payer" });
    const put = await t.as(adminA)("PUT", `/api/clients/${self}`, {
      name: "Self Payer",
      billToClientId: self,
    });
    expect(put.status).toBe(400);
    expect(put.body.fields).toHaveProperty("billToClientId");
  });
});

describe("payment terms", () => {
  test("a new invoice without a due date is due after the client's terms, else the company's", async () => {
    const net7 = await clientWith({ name: "Net Seven", paymentTermsDays: 7 });
    expect((await newInvoice(net7)).dueDate).toBe("2025-03-08");
    const onReceipt = await clientWith({ name: "On Receipt", paymentTermsDays: 0 });
    expect((await newInvoice(onReceipt)).dueDate).toBe("2025-03-01");
    // No terms of its own: the company's (30 days by default).
    const plain = await clientWith({ name: "Company Terms" });
    expect((await newInvoice(plain)).dueDate).toBe("2025-03-31");
    // A due date picked in the form wins.
    expect((await newInvoice(net7, { dueDate: "2025-04-15" })).dueDate).toBe("2025-04-15");
  });
});

describe("PO number required", () => {
  test("a draft of such a client is not sent without a PO number; with one it is, and it prints", async () => {
    const client = await clientWith({ name: "PO Carrier", poRequired: true, email: "po@carrier.test" });
    const inv = await newInvoice(client);
    const refused = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/requires a PO number/);
    expect((await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body.status).toBe("draft");
    expect(await t.outbox("po@carrier.test")).toHaveLength(0);

    const withPo = await t.as(adminA)("PUT", `/api/invoices/${inv.id}`, {
      ...invoiceBody(client, { invoiceNumber: inv.invoiceNumber }),
      poNumber: "PO-7781",
    });
    expect(withPo.status, JSON.stringify(withPo.body)).toBe(200);
    const sent = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const pdf = await pdfText(inv.id);
    expect(pdf).toContain("PO # PO-7781");
  });
});

async function pdfText(id: string) {
  const res = await t.app.request(`${APP_URL}/api/invoices/${id}/pdf`, {
    headers: { Origin: APP_URL, Cookie: adminA.cookie },
  });
  expect(res.status).toBe(200);
  return (await readPdf(Buffer.from(await res.arrayBuffer()))).text;
}

describe("bill-to party and accounts-payable email", () => {
  test("the invoice bills the third party: detail, PDF, public page and the email to its AP address", async () => {
    const payer = await clientWith({
      name: "Apex Freight Payables",
      address: "500 Ledger Rd\nMemphis, TN",
      email: "office@apex.test",
      billingEmail: "ap@apex.test",
    });
    const carrier = await clientWith({
      name: "Ordering Carrier",
      email: "ops@carrier.test",
      billToClientId: payer,
    });
    const inv = await newInvoice(carrier);
    expect(inv.billTo).toEqual({
      clientId: payer,
      name: "Apex Freight Payables",
      address: "500 Ledger Rd\nMemphis, TN",
    });
    expect(inv.customerName).toBe("Ordering Carrier");

    const pdf = await pdfText(inv.id);
    expect(pdf).toMatch(/Bill To\s+Apex Freight Payables\s+500 Ledger Rd/);
    expect(pdf).toMatch(/Ordered by\s+Ordering Carrier/);

    // No recipient given: the bill-to party's accounts-payable email.
    const sent = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sentTo).toBe("ap@apex.test");
    const mail = await t.lastMail("ap@apex.test", new RegExp(`Invoice ${inv.invoiceNumber}`));
    expect(await t.outbox("ops@carrier.test")).toHaveLength(0);

    const page = await t.request(
      "GET",
      pathOf(firstLink(mail.text)).replace(/^\/i\//, "/api/public/invoices/"),
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      customerName: "Ordering Carrier",
      billTo: { name: "Apex Freight Payables", address: "500 Ledger Rd\nMemphis, TN" },
    });
  });

  test("without an accounts-payable email the invoice goes to the client's email", async () => {
    const client = await clientWith({ name: "Plain Mail", email: "Contact@Plain.test" });
    const inv = await newInvoice(client);
    const sent = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.sentTo).toBe("contact@plain.test");
  });

  test("no email anywhere: 400 asking for the recipient", async () => {
    const client = await clientWith({ name: "No Mail" });
    const inv = await newInvoice(client);
    const res = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {});
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty("to");
  });
});

describe("discount lines", () => {
  const day = { kind: "day", date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "600.00" };

  test("a discount is stored negative and the totals add it up; it prints and exports as a line", async () => {
    const client = await clientWith({ name: "Discounted", email: "disc@client.test" });
    const inv = await newInvoice(client, {
      lineItems: [day, { kind: "discount", date: "2025-03-01", location: "Loyalty discount", charge: "50" }],
    });
    expect(inv.lineItems.map((l: JsonBody) => l.charge)).toEqual(["600.00", "-50.00"]);
    expect(inv).toMatchObject({ subtotal: "550.00", total: "550.00" });
    expect(await pdfText(inv.id)).toContain("-$50.00");
    expect((await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {})).status).toBe(200);
    const csv = await t.as(adminA)(
      "GET",
      "/api/receivables/quickbooks.csv?issueFrom=2025-03-01&issueTo=2025-03-01",
    );
    const row = String(csv.body)
      .split(/\r?\n/)
      .find((line) => line.startsWith(inv.invoiceNumber) && line.includes("Discount"));
    expect(row).toMatch(/,Discount,.*Loyalty discount,1,-50\.00,-50\.00$/);
  });

  test("discounts above the charges are refused with the field message; nothing is saved", async () => {
    const client = await clientWith({ name: "Too Generous" });
    const before = await t.db.select({ id: invoices.id }).from(invoices);
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(client, {
        lineItems: [
          day,
          { kind: "discount", date: "2025-03-01", location: "Everything off", charge: "-600.01" },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ lineItems: "Discounts cannot take the invoice's total below $0.00" });
    expect(await t.db.select({ id: invoices.id }).from(invoices)).toHaveLength(before.length);
  });

  test("only a discount line may be negative", async () => {
    const client = await clientWith({ name: "Negative Day" });
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(client, { lineItems: [{ ...day, charge: "-10.00" }] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty("lineItems.0.charge");
  });
});

describe("void with a reason, and the reissue link", () => {
  test("a plain void needs a reason; it is kept on the invoice and in the activity", async () => {
    const client = await clientWith({ name: "Voided Client" });
    const inv = await newInvoice(client);
    const missing = await t.as(adminA)("POST", `/api/invoices/${inv.id}/void`, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ reason: "Say why the invoice is voided" });
    expect((await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body.status).toBe("draft");

    const res = await t.as(adminA)("POST", `/api/invoices/${inv.id}/void`, {
      reason: "Job cancelled by the carrier",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "void", voidReason: "Job cancelled by the carrier" });
    const events = await t.db
      .select({ message: activityEvents.message })
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "invoice_voided"),
          like(activityEvents.message, `%${inv.invoiceNumber}%`),
        ),
      );
    expect(events.map((e) => e.message)).toEqual([
      expect.stringMatching(
        new RegExp(`^Invoice ${inv.invoiceNumber} voided by .+: Job cancelled by the carrier$`),
      ),
    ]);
  });

  test("a reissued invoice names the one it replaces, and the original names it", async () => {
    const client = await clientWith({ name: "Reissued Client", email: "re@client.test" });
    const original = await newInvoice(client, { poNumber: "PO-1" });
    expect((await t.as(adminA)("POST", `/api/invoices/${original.id}/send`, {})).status).toBe(200);
    const res = await t.as(adminA)("POST", `/api/invoices/${original.id}/reissue`, { reason: "Wrong rate" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      replaces: { id: original.id, invoiceNumber: original.invoiceNumber },
      replacedBy: null,
      poNumber: "PO-1",
    });
    const old = await t.as(adminA)("GET", `/api/invoices/${original.id}`);
    expect(old.body).toMatchObject({
      status: "void",
      replaces: null,
      replacedBy: { id: res.body.id, invoiceNumber: res.body.invoiceNumber },
    });
    // Another company reads neither.
    expect((await t.as(adminB)("GET", `/api/invoices/${res.body.id}`)).status).toBe(404);
  });
});

/**
 * Quick pay and factoring (DECISIONS 'Quick pay and factoring'): a client's quick-pay terms show the
 * gross, the discount and the net on the invoice, its PDF and its public page; the company's
 * factoring company is set in Settings; a factored invoice prints Remit To and the notice of
 * assignment, its documents go to the factor in one email, and the factor's advance and final
 * payment are payments of method factoring.
 */
import { activityEvents } from "@pevo/db";
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
  type TestPevo,
  uniqueEmail,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

const SETUP_TIMEOUT = 180_000;
const FACTOR_EMAIL = "funding@factor.test";
const CLIENT_EMAIL = uniqueEmail("ap");

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let clientId: string;
let dispatchId: string;
let jobNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1 } = await t.createTwoCompanies());
  const client = await t.as(adminA)("POST", "/api/clients", {
    name: "Quick Pay Carrier",
    billingEmail: CLIENT_EMAIL,
    quickPayPercent: "2.5",
    quickPayDays: 10,
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  clientId = client.body.id;
  const rc = await t.createRateConfirmation(adminA, {
    clientId,
    positions: [{ positionType: "lead_car", pevoId: pevo1.pevoId }],
  });
  jobNumber = rc.jobNumber;
  const signerEmail = uniqueEmail("signer");
  const asked = await t.as(adminA)("POST", `/api/rate-confirmations/${rc.id}/signature`, {
    signerName: "Rita Shipper",
    signerEmail,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const signPath = pathOf(firstLink((await t.lastMail(signerEmail, /Please sign/)).text));
  const signed = await t.request("POST", `/api/public${signPath}/sign`, {
    body: { consent: true, signedName: "Rita Shipper" },
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  dispatchId = (await t.createDispatch(adminA, { pevoId: pevo1.pevoId, rateConfirmationId: rc.id })).id;
  const trip = await t.as(pevo1)("POST", "/api/portal/trip-logs", {
    tripDate: "2025-06-10",
    dispatchId,
    startLocation: "Houston, TX",
    endLocation: "Dallas, TX",
    miles: "245.5",
    hours: 4.25,
    expenses: [{ type: "tolls", amount: "12.5" }],
  });
  expect(trip.status, JSON.stringify(trip.body)).toBe(201);
}, SETUP_TIMEOUT);
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function newInvoice(admin = adminA, overrides: JsonBody = {}) {
  n += 1;
  const res = await t.as(admin)("POST", "/api/invoices", {
    invoiceNumber: `FAC-${n}-${Math.random().toString(36).slice(2, 6)}`,
    issueDate: "2025-03-01",
    dispatchId,
    clientId,
    customerName: "Quick Pay Carrier",
    lineItems: [
      { kind: "day", date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "1656.52" },
    ],
    allowAdditional: true,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as JsonBody & { id: string; invoiceNumber: string };
}

async function pdfText(id: string) {
  const res = await t.app.request(`${APP_URL}/api/invoices/${id}/pdf`, {
    headers: { Origin: APP_URL, Cookie: adminA.cookie },
  });
  expect(res.status).toBe(200);
  return (await readPdf(Buffer.from(await res.arrayBuffer()))).text;
}

const FACTOR = {
  name: "Lone Star Funding",
  email: FACTOR_EMAIL,
  remitTo: "PO Box 4410\nDallas, TX 75201",
  notice:
    "This invoice has been assigned to Lone Star Funding. Payment must be made only to Lone Star Funding at the address above.",
};

const activity = (type: string) =>
  t.db
    .select({ message: activityEvents.message })
    .from(activityEvents)
    .where(and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, type)));

describe("quick pay", () => {
  test("the client's terms are bounded: both or neither, 0.01–25 %, 1–60 days", async () => {
    for (const [body, field] of [
      [{ quickPayPercent: "2" }, "quickPayDays"],
      [{ quickPayDays: 10 }, "quickPayPercent"],
      [{ quickPayPercent: "30", quickPayDays: 10 }, "quickPayPercent"],
      [{ quickPayPercent: "1.234", quickPayDays: 10 }, "quickPayPercent"],
      [{ quickPayPercent: "2", quickPayDays: 0 }, "quickPayDays"],
      [{ quickPayPercent: "2", quickPayDays: 61 }, "quickPayDays"],
    ] as const) {
      const res = await t.as(adminA)("POST", "/api/clients", { name: "Bad Terms", ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    const read = await t.as(adminA)("GET", `/api/clients/${clientId}`);
    expect(read.body).toMatchObject({ quickPayPercent: "2.50", quickPayDays: 10 });
  });

  test("the invoice shows gross, discount and net on its page, PDF and public page", async () => {
    const inv = await newInvoice();
    expect(inv.quickPay).toEqual({
      percent: "2.50",
      days: 10,
      payBy: "2025-03-11",
      gross: "1656.52",
      discount: "41.41",
      net: "1615.11",
    });
    const pdf = await pdfText(inv.id);
    expect(pdf).toMatch(/Quick pay discount \(2\.5% if paid by Mar 11, 2025\)\s+-\$41\.41/);
    expect(pdf).toMatch(/Net if paid by Mar 11, 2025\s+\$1,615\.11/);

    const sent = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const link = pathOf(firstLink((await t.lastMail(CLIENT_EMAIL, new RegExp(inv.invoiceNumber))).text));
    const page = await t.request("GET", link.replace(/^\/i\//, "/api/public/invoices/"));
    expect(page.status).toBe(200);
    expect(page.body.quickPay).toMatchObject({ gross: "1656.52", discount: "41.41", net: "1615.11" });
    expect(page.body.remitTo).toBeNull();
  });
});

describe("factoring", () => {
  test("the factoring company is set in Settings, bounded, and its changes are in the activity", async () => {
    const empty = await t.as(adminA)("GET", "/api/company/factoring");
    expect(empty.body).toEqual({ name: null, email: null, remitTo: null, notice: null });
    for (const [body, field] of [
      [{ name: "Only A Name" }, "remitTo"],
      [{ remitTo: "1 Road" }, "name"],
      [{ ...FACTOR, name: "x".repeat(101) }, "name"],
      [{ ...FACTOR, email: "not-an-email" }, "email"],
      [{ ...FACTOR, name: "Bell\u0007 Funding" }, "name"],
      [{ ...FACTOR, notice: "y".repeat(1001) }, "notice"],
    ] as const) {
      const res = await t.as(adminA)("PUT", "/api/company/factoring", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {})).toContain(field);
    }
    expect((await t.as(adminA)("GET", "/api/company/factoring")).body.name).toBeNull();

    const saved = await t.as(adminA)("PUT", "/api/company/factoring", FACTOR);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual(FACTOR);
    expect((await activity("factoring_changed")).map((e) => e.message)).toContain(
      "Factoring company set to Lone Star Funding",
    );
    // Another company's settings are its own.
    expect((await t.as(adminB)("GET", "/api/company/factoring")).body.name).toBeNull();
  });

  test("a factored invoice prints Remit To and the notice; the factor gets its documents in one email; its payments are method factoring", async () => {
    await t.as(adminA)("PUT", "/api/company/factoring", FACTOR);
    const inv = await newInvoice();
    // Not factored yet: nothing to send.
    expect((await t.as(adminA)("POST", `/api/invoices/${inv.id}/send-to-factor`, {})).status).toBe(409);

    const marked = await t.as(adminA)("POST", `/api/invoices/${inv.id}/factoring`, { factored: true });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.factoring).toMatchObject({
      name: FACTOR.name,
      email: FACTOR_EMAIL,
      remitTo: FACTOR.remitTo,
      notice: FACTOR.notice,
      sentToFactorAt: null,
    });
    const pdf = await pdfText(inv.id);
    expect(pdf).toMatch(/Remit To\s+Lone Star Funding\s+PO Box 4410\s+Dallas, TX 75201/);
    expect(pdf.replace(/\s+/g, " ")).toContain(FACTOR.notice);

    // A later change of the company's factor does not rewrite the invoice already assigned.
    await t.as(adminA)("PUT", "/api/company/factoring", { ...FACTOR, remitTo: "New Box 1\nAustin, TX" });
    expect((await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body.factoring.remitTo).toBe(
      FACTOR.remitTo,
    );

    const sent = await t.as(adminA)("POST", `/api/invoices/${inv.id}/send-to-factor`, {
      message: "Schedule 14, please fund.",
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ to: FACTOR_EMAIL, mailSent: true, missing: [] });
    expect(sent.body.attached).toEqual([
      `invoice-${inv.invoiceNumber}.pdf`,
      `rate-confirmation-${jobNumber}-signed.pdf`,
      `trip-log-${inv.invoiceNumber}.csv`,
    ]);
    const mails = (await t.outbox(FACTOR_EMAIL)).filter((m) => m.subject.includes(inv.invoiceNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Schedule 14, please fund.");
    expect((mails[0]?.attachments ?? []).map((a) => a.filename)).toEqual(sent.body.attached);
    expect((await t.as(adminA)("GET", `/api/invoices/${inv.id}`)).body.factoring.sentToFactorAt).toBe(
      sent.body.sentToFactorAt,
    );

    // The factor's advance, then its final payment (the reserve less its fee is the office's to record).
    const pay = (amount: string, reference: string) =>
      t.as(adminA)("POST", `/api/invoices/${inv.id}/payments`, {
        date: "2025-03-05",
        amount,
        method: "factoring",
        reference,
      });
    expect((await pay("1325.22", "ADV-14")).body).toMatchObject({
      status: "partially_paid",
      balance: "331.30",
    });
    const final = await pay("331.30", "RES-14");
    expect(final.body).toMatchObject({ status: "paid", balance: "0.00" });
    expect(final.body.payments.map((p: JsonBody) => p.method)).toEqual(["factoring", "factoring"]);

    // Taken back only without the factor's payments.
    const back = await t.as(adminA)("POST", `/api/invoices/${inv.id}/factoring`, { factored: false });
    expect(back.status).toBe(409);

    const events = (type: string) => activity(type).then((rows) => rows.map((r) => r.message).join("\n"));
    expect(await events("invoice_factored")).toContain(
      `Invoice ${inv.invoiceNumber} assigned to Lone Star Funding`,
    );
    expect(await events("invoice_sent_to_factor")).toContain(
      `Invoice ${inv.invoiceNumber} sent to Lone Star Funding`,
    );
  });

  test("taking an invoice back clears it; a void one or one without a factor set up is refused", async () => {
    await t.as(adminA)("PUT", "/api/company/factoring", FACTOR);
    const inv = await newInvoice();
    await t.as(adminA)("POST", `/api/invoices/${inv.id}/factoring`, { factored: true });
    const back = await t.as(adminA)("POST", `/api/invoices/${inv.id}/factoring`, { factored: false });
    expect(back.status).toBe(200);
    expect(back.body.factoring).toBeNull();
    expect(await pdfText(inv.id)).not.toContain("Remit To");
    expect(
      (await activity("invoice_unfactored")).some((e) =>
        e.message.startsWith(`Invoice ${inv.invoiceNumber} taken back`),
      ),
    ).toBe(true);

    const bad = await t.as(adminA)("POST", `/api/invoices/${inv.id}/factoring`, { factored: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ factored: "Factored must be on or off" });

    await t.as(adminA)("POST", `/api/invoices/${inv.id}/send`, {});
    const voided = await t.as(adminA)("POST", `/api/invoices/${inv.id}/void`, { reason: "Wrong customer" });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect((await t.as(adminA)("POST", `/api/invoices/${inv.id}/factoring`, { factored: true })).status).toBe(
      409,
    );
  });

  test("without a factor set up, marking is refused with where to set it", async () => {
    await t.as(adminA)("PUT", "/api/company/factoring", {
      name: null,
      email: null,
      remitTo: null,
      notice: null,
    });
    const inv = await newInvoice();
    const res = await t.as(adminA)("POST", `/api/invoices/${inv.id}/factoring`, { factored: true });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/Settings → Factoring/);
    expect(
      await t.db
        .select()
        .from(activityEvents)
        .where(like(activityEvents.message, `%${inv.invoiceNumber} assigned%`)),
    ).toEqual([]);
  });
});

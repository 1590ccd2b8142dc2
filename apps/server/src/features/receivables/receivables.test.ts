/**
 * GET /api/receivables on a scripted data set: every aging bucket's edge (due today, 1, 30, 31,
 * 60, 61, 90, 91 days past due), partial payments (one recorded through the API), draft, paid and
 * void invoices left out, invoices without a client grouped by customer name, and another company
 * that sees none of it.
 */
import { invoices, missingRow } from "@pevo/db";
import { DEFAULT_TIME_ZONE, type InvoiceStatus } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { APP_URL, createTestApp, type SignedUpAdmin, type TestApp } from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";
import { addDaysIso } from "../../lib/dates";
import { zonedDate } from "../../lib/zoned-time";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let today: string;
let acme: string;
let bolt: string;
let partialId: string;

type Row = { clientName: string; clientId: string | null } & Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  today = zonedDate(DEFAULT_TIME_ZONE);
  adminA = await t.signUpAdmin({ companyName: "Receivables A" });
  adminB = await t.signUpAdmin({ companyName: "Receivables B" });
  acme = (await t.createClient(adminA, { name: "Acme Hauling" })).id;
  bolt = (await t.createClient(adminA, { name: "Bolt Transport" })).id;
  const clientB = (await t.createClient(adminB, { name: "Bravo" })).id;
  const rcA = await t.createRateConfirmation(adminA, { clientId: acme, jobNumber: "REC-A" });
  const dispatchA = (await t.createDispatch(adminA, { rateConfirmationId: rcA.id })).id as string;
  const rcB = await t.createRateConfirmation(adminB, { clientId: clientB, jobNumber: "REC-B" });
  const dispatchB = (await t.createDispatch(adminB, { rateConfirmationId: rcB.id })).id as string;

  let n = 0;
  const invoice = (
    admin: SignedUpAdmin,
    dispatchId: string,
    clientId: string | null,
    customerName: string,
    daysPastDue: number,
    total: string,
    status: InvoiceStatus = "sent",
    amountPaid = "0",
  ) => ({
    companyId: admin.companyId,
    createdBy: admin.userId,
    dispatchId,
    clientId,
    customerName,
    invoiceNumber: `INV-REC-${String(++n).padStart(4, "0")}`,
    issueDate: addDaysIso(today, -daysPastDue - 30),
    dueDate: addDaysIso(today, -daysPastDue),
    subtotal: total,
    total,
    status,
    amountPaid,
  });
  await t.db.insert(invoices).values([
    // Acme: one invoice per bucket edge.
    invoice(adminA, dispatchA, acme, "Acme Hauling", -5, "100.01"), // current (due in 5 days)
    invoice(adminA, dispatchA, acme, "Acme Hauling", 0, "200.02", "viewed"), // current (due today)
    invoice(adminA, dispatchA, acme, "Acme Hauling", 1, "300.03"), // 1–30
    invoice(adminA, dispatchA, acme, "Acme Hauling", 30, "400.04"), // 1–30
    invoice(adminA, dispatchA, acme, "Acme Hauling", 31, "500.05"), // 31–60
    invoice(adminA, dispatchA, acme, "Acme Hauling", 60, "600.06"), // 31–60
    invoice(adminA, dispatchA, acme, "Acme Hauling", 61, "700.07"), // 61–90
    invoice(adminA, dispatchA, acme, "Acme Hauling", 90, "800.08"), // 61–90
    invoice(adminA, dispatchA, acme, "Acme Hauling", 91, "900.09"), // over 90
    // Left out: draft, paid, void (even past due), and a fully paid amount with a stale status.
    invoice(adminA, dispatchA, acme, "Acme Hauling", 10, "1000.00", "draft"),
    invoice(adminA, dispatchA, acme, "Acme Hauling", 10, "1000.00", "paid", "1000.00"),
    invoice(adminA, dispatchA, acme, "Acme Hauling", 10, "1000.00", "void"),
    // Bolt: partially paid in the seed (0.20 of 0.30 left) and one paid in part through the API below.
    invoice(adminA, dispatchA, bolt, "Bolt Transport", 45, "0.30", "partially_paid", "0.10"),
    invoice(adminA, dispatchA, bolt, "Bolt Transport", 2, "1234.56"),
    // No client: grouped by the name on the invoice.
    invoice(adminA, dispatchA, null, "Walk-in Wanda", 100, "50.00"),
    // Company B: must not show up in A's receivables.
    invoice(adminB, dispatchB, clientB, "Bravo", 15, "777.77"),
  ]);
  const [partial = missingRow("invoices")] = await t.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.total, "1234.56"));
  partialId = partial.id;
  const paid = await t.as(adminA)("POST", `/api/invoices/${partialId}/payments`, {
    date: today,
    amount: "234.56",
    method: "check",
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
}, 180_000);

afterAll(() => t?.close());

async function receivables(admin: SignedUpAdmin, query = "") {
  const res = await t.as(admin)("GET", `/api/receivables${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { items: Row[]; total: number; today: string; totals: Record<string, unknown> };
}

describe("GET /api/receivables", () => {
  test("aging buckets per client are exact, by due date against the company's today", async () => {
    const body = await receivables(adminA, "?sort=clientName&dir=asc");
    expect(body.today).toBe(today);
    expect(body.total).toBe(3);
    expect(body.items).toEqual([
      {
        clientId: acme,
        clientName: "Acme Hauling",
        oldestDueDate: addDaysIso(today, -91),
        balance: "4500.45",
        current: "300.03",
        days1to30: "700.07",
        days31to60: "1100.11",
        days61to90: "1500.15",
        over90: "900.09",
        overdue: "4200.42",
        openInvoices: 9,
        // No client credit: the balance is the client's balance.
        credit: "0.00",
        netBalance: "4500.45",
      },
      {
        clientId: bolt,
        clientName: "Bolt Transport",
        oldestDueDate: addDaysIso(today, -45),
        // 1234.56 - 234.56 paid through the API, and 0.30 - 0.10.
        balance: "1000.20",
        current: "0.00",
        days1to30: "1000.00",
        days31to60: "0.20",
        days61to90: "0.00",
        over90: "0.00",
        overdue: "1000.20",
        openInvoices: 2,
        // No client credit: the balance is the client's balance.
        credit: "0.00",
        netBalance: "1000.20",
      },
      {
        clientId: null,
        clientName: "Walk-in Wanda",
        oldestDueDate: addDaysIso(today, -100),
        balance: "50.00",
        current: "0.00",
        days1to30: "0.00",
        days31to60: "0.00",
        days61to90: "0.00",
        over90: "50.00",
        overdue: "50.00",
        openInvoices: 1,
        // No client credit: the balance is the client's balance.
        credit: "0.00",
        netBalance: "50.00",
      },
    ]);
    expect(body.totals).toEqual({
      balance: "5550.65",
      current: "300.03",
      days1to30: "1700.07",
      days31to60: "1100.31",
      days61to90: "1500.15",
      over90: "950.09",
      overdue: "5250.62",
      openInvoices: 12,
      credit: "0.00",
      netBalance: "5550.65",
    });
  });

  test("sorts and pages; the totals cover every client, not only the page", async () => {
    const byBalance = await receivables(adminA, "?sort=balance&dir=desc&pageSize=2");
    expect(byBalance.items.map((r) => r.clientName)).toEqual(["Acme Hauling", "Bolt Transport"]);
    expect(byBalance.total).toBe(3);
    expect(byBalance.totals.balance).toBe("5550.65");
    const page2 = await receivables(adminA, "?sort=balance&dir=desc&pageSize=2&page=2");
    expect(page2.items.map((r) => r.clientName)).toEqual(["Walk-in Wanda"]);
    const byOldest = await receivables(adminA, "?sort=oldestDueDate&dir=asc");
    expect(byOldest.items.map((r) => r.clientName)).toEqual([
      "Walk-in Wanda",
      "Acme Hauling",
      "Bolt Transport",
    ]);
  });

  test("another company sees only its own", async () => {
    const body = await receivables(adminB);
    expect(body.items.map((r) => [r.clientName, r.balance, r.days1to30])).toEqual([
      ["Bravo", "777.77", "777.77"],
    ]);
    expect(body.totals.balance).toBe("777.77");
  });

  test("bad parameters are a 400 with field messages", async () => {
    for (const [query, message] of [
      ["sort=nope", "sort must be one of"],
      ["pageSize=0", "pageSize must be a whole number"],
      ["dir=up", "dir must be asc or desc"],
    ]) {
      const res = await t.as(adminA)("GET", `/api/receivables?${query}`);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body)).toContain(message);
    }
  });

  test("a client's statement PDF: its open invoices, the payments on them, the aging and the amount due", async () => {
    const res = await t.app.request(`${APP_URL}/api/receivables/clients/${bolt}/statement.pdf`, {
      headers: { Origin: APP_URL, Cookie: adminA.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain(`statement-Bolt-Transport-${today}.pdf`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (process.env.STATEMENT_PDF_OUT)
      (await import("node:fs")).writeFileSync(process.env.STATEMENT_PDF_OUT, bytes);
    const { text } = await readPdf(bytes);
    expect(text).toContain("STATEMENT");
    expect(text).toContain("Bolt Transport");
    expect(text).toContain("Amount due: $1,000.20");
    expect(text).toContain("Page 1 of 1");
    expect(text).toContain("$234.56"); // the payment recorded through the API
    expect(text).toContain("INV-REC-0013");
    expect(text).toContain("INV-REC-0014");
    expect(text).not.toContain("INV-REC-0001"); // Acme's
    // Another company's client is not found.
    const other = await t.as(adminB)("GET", `/api/receivables/clients/${bolt}/statement.pdf`);
    expect(other.status).toBe(404);
  });
});

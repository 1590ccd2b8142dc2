/**
 * Margin (DECISIONS 'Margin'): a job's invoiced amount (its lines on sent invoices, a consolidated
 * invoice's grouped by job) minus its PEVO's pay (an approved settlement's stored figure, else the
 * plan's estimate), in exact cents: the jobs report, its filters and CSV, one job's margin, and the
 * dashboard's months.
 */
import { dispatches, invoiceJobs, invoices, marginMonths, payPlans } from "@pevo/db";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  type JsonBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueJobNumber,
} from "../../../test/harness";

let t: TestApp;
let admin: SignedUpAdmin;
let adminB: SignedUpAdmin;
let paula: TestPevo;
let peter: TestPevo;
let clientId: string;
let otherClientId: string;
const job: Record<"a" | "b" | "c" | "d" | "e", string> = { a: "", b: "", c: "", d: "", e: "" };

async function completedJob(client: string, pevo: TestPevo, pickupDate: string) {
  const rc = await t.createRateConfirmation(admin, {
    clientId: client,
    jobNumber: uniqueJobNumber("MG"),
    positions: [{ positionType: "lead_car", pevoId: pevo.pevoId }],
  });
  const d = await t.createDispatch(admin, {
    pevoId: pevo.pevoId,
    rateConfirmationId: rc.id,
    pickupDate,
    status: "completed",
    positionType: "lead_car",
  });
  return d.id as string;
}

const markSent = (id: string) => t.db.update(invoices).set({ status: "sent" }).where(eq(invoices.id, id));
const percentPlan = (effectiveFrom: string, percent: string) =>
  t.as(admin)("POST", "/api/pay-plans/default", { effectiveFrom, kind: "percentage", percent });

beforeAll(async () => {
  t = await createTestApp();
  const two = await t.createTwoCompanies();
  admin = two.adminA;
  adminB = two.adminB;
  paula = two.pevo1;
  peter = two.pevo2;
  clientId = (await t.createClient(admin, { name: "Margin Client" })).id;
  otherClientId = (await t.createClient(admin, { name: "Other Margin Client" })).id;
  job.a = await completedJob(clientId, paula, "2025-06-10");
  job.b = await completedJob(clientId, paula, "2025-06-20");
  job.c = await completedJob(clientId, paula, "2025-06-21");
  job.d = await completedJob(clientId, paula, "2025-06-25");
  job.e = await completedJob(otherClientId, peter, "2025-05-02");

  // Job A: a single-job invoice of two lines, 228.29 + 100.00, sent; 100.00 paid on 2025-06-30.
  const single = await t.as(admin)("POST", "/api/invoices", {
    invoiceNumber: "MG-0001",
    issueDate: "2025-06-11",
    dueDate: "2025-07-11",
    dispatchId: job.a,
    clientId,
    customerName: "Margin Client",
    taxRate: "8.25",
    lineItems: [
      { date: "2025-06-10", location: "Houston, TX", mileage: "0", charge: "228.29" },
      { date: "2025-06-10", location: "Houston, TX", mileage: "0", charge: "100.00" },
    ],
    allowAdditional: true,
  });
  expect(single.status, JSON.stringify(single.body)).toBe(201);
  await markSent(single.body.id);
  const paid = await t.as(admin)("POST", `/api/invoices/${single.body.id}/payments`, {
    date: "2025-06-30",
    amount: "100.00",
    method: "check",
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);

  // Jobs B and C: one consolidated invoice, lines grouped by job: B 500.00, C 250.55.
  const billed = await t.as(admin)("POST", "/api/invoices/bill-jobs", {
    dispatchIds: [job.b, job.c],
    issueDate: "2025-06-22",
  });
  expect(billed.status, JSON.stringify(billed.body)).toBe(201);
  const inv = billed.body;
  const firsts = new Set<string>();
  const lineItems = inv.lineItems.map((l: JsonBody) => {
    const first = !firsts.has(l.dispatchId);
    firsts.add(l.dispatchId);
    const charge = !first ? "0.00" : l.dispatchId === job.b ? "500.00" : "250.55";
    return { ...l, charge };
  });
  const edited = await t.as(admin)("PUT", `/api/invoices/${inv.id}`, {
    invoiceNumber: inv.invoiceNumber,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    dispatchId: inv.dispatchId,
    clientId,
    customerName: inv.customerName,
    lineItems,
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  await markSent(inv.id);

  // 70% by default; job B is settled (approved) at 70%, then the default becomes 50%.
  expect((await percentPlan("2025-01-01", "70")).status).toBe(201);
  const run = await t.as(admin)("POST", "/api/settlements", {
    periodKind: "custom",
    periodStart: "2025-06-20",
    periodEnd: "2025-06-20",
  });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  expect((await t.as(admin)("POST", `/api/settlements/${run.body.id}/approve`)).status).toBe(200);
  expect((await percentPlan("2025-01-02", "50")).status).toBe(201);
}, 180_000);
afterAll(() => t?.close());

describe("margin", { timeout: 60_000 }, () => {
  test("the jobs report: invoiced, PEVO pay (settled or estimated) and margin in exact cents", async () => {
    const res = await t.as(admin)("GET", `/api/reports/jobs?clientId=${clientId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(4);
    const byId = new Map(res.body.items.map((m: JsonBody) => [m.dispatchId, m]));
    // Latest pickup first.
    expect(res.body.items.map((m: JsonBody) => m.dispatchId)).toEqual([job.d, job.c, job.b, job.a]);
    // A: 328.29 invoiced (before tax), 50% → 164.145 → 164.15 (half up), margin 164.14.
    expect(byId.get(job.a)).toMatchObject({
      clientName: "Margin Client",
      pevoName: "Paula One",
      jobDate: "2025-06-10",
      invoiced: "328.29",
      pevoPay: "164.15",
      paySource: "estimated",
      settlementStatus: null,
      margin: "164.14",
      marginPercent: "50.0",
    });
    // B: its own lines on the consolidated invoice, paid 70% by the approved settlement.
    expect(byId.get(job.b)).toMatchObject({
      invoiced: "500.00",
      pevoPay: "350.00",
      paySource: "settlement",
      settlementStatus: "approved",
      margin: "150.00",
      marginPercent: "30.0",
    });
    // C: its own lines, estimated at today's 50%: 125.275 → 125.28.
    expect(byId.get(job.c)).toMatchObject({
      invoiced: "250.55",
      pevoPay: "125.28",
      paySource: "estimated",
      margin: "125.27",
      marginPercent: "50.0",
    });
    // D: not invoiced yet: no margin.
    expect(byId.get(job.d)).toMatchObject({ invoiced: null, margin: null, marginPercent: null });

    const one = await t.as(admin)("GET", `/api/reports/jobs/${job.b}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(byId.get(job.b));
  });

  test("filters by PEVO and period, pages, and refuses bad input", async () => {
    const peters = await t.as(admin)("GET", `/api/reports/jobs?pevoId=${peter.pevoId}`);
    expect(peters.body.items.map((m: JsonBody) => m.dispatchId)).toEqual([job.e]);
    expect(peters.body.items[0]).toMatchObject({ clientName: "Other Margin Client", invoiced: null });
    const june = await t.as(admin)("GET", "/api/reports/jobs?from=2025-06-15&to=2025-06-21&dir=asc");
    expect(june.body.items.map((m: JsonBody) => m.dispatchId)).toEqual([job.b, job.c]);
    const paged = await t.as(admin)("GET", `/api/reports/jobs?clientId=${clientId}&pageSize=3&page=2`);
    expect(paged.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.items.map((m: JsonBody) => m.dispatchId)).toEqual([job.a]);
    const bad = await t.as(admin)("GET", "/api/reports/jobs?from=June&pageSize=500");
    expect(bad.status, JSON.stringify(bad.body)).toBe(400);
    expect(bad.body.error).toMatch(/from must be a date|pageSize must be a whole number/);
  });

  test("the CSV: a byte order mark, the report's rows and exact decimals", async () => {
    const res = await t.app.request(`${APP_URL}/api/reports/jobs/export.csv?clientId=${clientId}`, {
      headers: { Origin: APP_URL, Cookie: admin.cookie },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/jobs-report-\d{4}-\d{2}-\d{2}\.csv/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString("utf8").slice(1).trim().split("\n");
    expect(lines[0]).toBe("Job Number,Client,PEVO,Date,Invoiced,PEVO Pay,Pay Source,Margin,Margin %");
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(
      /^MG-[^,]+,Margin Client,Paula One,2025-06-21,250.55,125.28,Estimated,125.27,50.0$/,
    );
    expect(lines[3]).toMatch(/,2025-06-20,500.00,350.00,Settlement,150.00,30.0$/);
    expect(lines[1]).toMatch(/,2025-06-25,,0.00,Estimated,,$/);
  });

  test("the dashboard's months: invoiced, collected, PEVO pay and margin", async () => {
    const res = await t.as(admin)("GET", "/api/reports/monthly?today=2025-07-15");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.months.map((m: JsonBody) => m.month)).toEqual([
      "2024-08",
      "2024-09",
      "2024-10",
      "2024-11",
      "2024-12",
      "2025-01",
      "2025-02",
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
    ]);
    const june = res.body.months.find((m: JsonBody) => m.month === "2025-06");
    // 328.29 + 500.00 + 250.55; 164.15 + 350.00 + 125.28; the check of 100.00.
    expect(june).toEqual({
      month: "2025-06",
      invoiced: "1078.84",
      collected: "100.00",
      pevoPay: "639.43",
      margin: "439.41",
    });
    // Job E is not invoiced: May has nothing.
    expect(res.body.months.find((m: JsonBody) => m.month === "2025-05")).toMatchObject({
      invoiced: "0.00",
      pevoPay: "0.00",
      margin: "0.00",
    });
  });

  test("the months' window: its first month whole, nothing before it", async () => {
    const june = {
      month: "2025-06",
      invoiced: "1078.84",
      collected: "100.00",
      pevoPay: "639.43",
      margin: "439.41",
    };
    // On 2026-05-31 June 2025 is the window's first month; a day later it has left the chart.
    const last = await t.as(admin)("GET", "/api/reports/monthly?today=2026-05-31");
    expect(last.body.months[0]).toEqual(june);
    const after = await t.as(admin)("GET", "/api/reports/monthly?today=2026-06-01");
    expect(after.body.months[0].month).toBe("2025-07");
    expect(after.body.months.every((m: JsonBody) => m.invoiced === "0.00" && m.pevoPay === "0.00")).toBe(
      true,
    );
    // Job C (2025-06-21) in a draft is not settled yet: still estimated, counted once.
    const draft = await t.as(admin)("POST", "/api/settlements", {
      periodKind: "custom",
      periodStart: "2025-06-21",
      periodEnd: "2025-06-21",
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const res = await t.as(admin)("GET", "/api/reports/monthly?today=2025-07-15");
    expect(res.body.months.find((m: JsonBody) => m.month === "2025-06")).toEqual(june);
  });
});

/**
 * The chart's months are kept (margin_months) and recomputed when a trigger has moved their counter:
 * after each change, through the API or straight in the database, the kept answer must be the one a
 * computation from scratch gives. Runs last: it changes the jobs the tests above read.
 */
describe("the kept months follow every change", { timeout: 120_000 }, () => {
  const chart = async () => {
    const res = await t.as(admin)("GET", "/api/reports/monthly?today=2025-07-15");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.months as JsonBody[];
  };
  const month = (months: JsonBody[], m: string) => months.find((x) => x.month === m);
  /** The kept answer, checked against one computed with nothing kept; returns it. */
  async function current(step: string) {
    const kept = await chart();
    await t.db.delete(marginMonths);
    expect(kept, step).toEqual(await chart());
    return kept;
  }

  test("payments, plans, invoices, settlements and the jobs themselves", async () => {
    let before = await current("first read");
    expect(await t.db.select().from(marginMonths)).toHaveLength(12);
    const step = async (name: string, change: () => Promise<unknown>, moved: string[]) => {
      await change();
      const after = await current(name);
      for (const m of moved) expect(month(after, m), `${name}: ${m} moved`).not.toEqual(month(before, m));
      before = after;
    };
    const [single] = await t.db.select().from(invoices).where(eq(invoices.invoiceNumber, "MG-0001"));
    const [consolidated] = await t.db
      .select({ id: invoiceJobs.invoiceId })
      .from(invoiceJobs)
      .where(and(eq(invoiceJobs.dispatchId, job.c), isNull(invoiceJobs.releasedAt)));
    await step("a payment", async () => {
      const res = await t.as(admin)("POST", `/api/invoices/${single?.id}/payments`, {
        date: "2025-07-02",
        amount: "10.00",
        method: "check",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }, ["2025-07"]);
    await step("a new default plan", () => percentPlan("2025-01-03", "40"), ["2025-06"]);
    await step(
      "a plan changed in the database",
      () =>
        t.db
          .update(payPlans)
          .set({ percentBasisPoints: 3000 })
          .where(eq(payPlans.effectiveFrom, "2025-01-03")),
      ["2025-06"],
    );
    await step(
      "a job moved to another month",
      () => t.db.update(dispatches).set({ pickupDate: "2025-07-01" }).where(eq(dispatches.id, job.c)),
      ["2025-06", "2025-07"],
    );
    await step(
      "a settled job canceled",
      () => t.db.update(dispatches).set({ status: "canceled" }).where(eq(dispatches.id, job.b)),
      ["2025-06"],
    );
    await step("an invoice voided", async () => {
      const res = await t.as(admin)("POST", `/api/invoices/${consolidated?.id}/void`, {
        reason: "Billed twice",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // Job B is canceled and job C now in July: July loses C's 250.55.
    }, ["2025-07"]);
    // The other company's chart is its own: nothing of these changes reaches it.
    const other = await t.as(adminB)("GET", "/api/reports/monthly?today=2025-07-15");
    expect(other.body.months.every((m: JsonBody) => m.invoiced === "0.00" && m.collected === "0.00")).toBe(
      true,
    );
  });
});

import { writeFileSync } from "node:fs";
import { invoiceTotals } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  DEFAULT_STANDARD_RATES,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueJobNumber,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

/** Opening a database and signing up admins is slow on a loaded machine. */
const SETUP_TIMEOUT = 180_000;

let t: TestApp;
let adminA: SignedUpAdmin;
let pevo1: TestPevo;
let clientId: string;
let rcId: string;
let dispatchId: string;

type Body = Record<string, unknown>;

/** The rate confirmation of a 3-day high-pole job with every additional rate kind set. */
const ADDITIONAL_RATES = {
  mileageMinimum: "250",
  deadheadRate: "1.10",
  deadheadMiles: "95.5",
  perDiemRate: "60",
  standbyRate: "35",
  standbyThreshold: 1,
  highPoleRate: "100",
  tollsAtCost: true,
};

async function logDay(overrides: Body) {
  const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", {
    dispatchId,
    hours: "10",
    notes: "",
    expenses: [],
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, pevo1 } = await t.createTwoCompanies());
  clientId = (await t.createClient(adminA, { name: "Multi-day Client" })).id;
  // Min 450.00/day, 1.85/mile, overnight 125, no-go 250, detention 65/h beyond 2 h (harness defaults).
  const rc = await t.createRateConfirmation(adminA, {
    clientId,
    jobNumber: uniqueJobNumber("RC"),
    startDate: "2025-06-10",
    endDate: "2025-06-12",
    positions: [{ positionType: "high_pole_car", pevoId: pevo1.pevoId }],
    additionalRates: ADDITIONAL_RATES,
  });
  rcId = rc.id;
  dispatchId = (
    await t.createDispatch(adminA, {
      pevoId: pevo1.pevoId,
      rateConfirmationId: rc.id,
      positionType: "high_pole_car",
    })
  ).id;
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe("the additional rate kinds on a rate confirmation", () => {
  test("are saved and read back exactly", async () => {
    const res = await t.as(adminA)("GET", `/api/rate-confirmations/${rcId}`);
    expect(res.status).toBe(200);
    expect(res.body.additionalRates).toEqual({
      mileageMinimum: "250.00",
      deadheadRate: "1.10",
      deadheadMiles: "95.50",
      perDiemRate: "60.00",
      standbyRate: "35.00",
      standbyThreshold: 1,
      highPoleRate: "100.00",
      tollsAtCost: true,
    });
  });

  test("a confirmation saved without them reads none", async () => {
    const rc = await t.createRateConfirmation(adminA, { clientId, jobNumber: uniqueJobNumber("RC") });
    const res = await t.as(adminA)("GET", `/api/rate-confirmations/${rc.id}`);
    expect(res.body.additionalRates).toEqual({
      mileageMinimum: null,
      deadheadRate: null,
      deadheadMiles: null,
      perDiemRate: null,
      standbyRate: null,
      standbyThreshold: null,
      highPoleRate: null,
      tollsAtCost: false,
    });
  });

  test("bad input is a 400 with the field's message, and saves nothing", async () => {
    const jobNumber = uniqueJobNumber("RC");
    const post = (additionalRates: Body) =>
      t.as(adminA)("POST", "/api/rate-confirmations", {
        clientId,
        jobNumber,
        originAddress: "Houston, TX 77001",
        destinationAddress: "Denver, CO 80202",
        startDate: "2025-06-10",
        description: "Oversize transformer, 16 ft wide",
        standardRates: DEFAULT_STANDARD_RATES,
        positions: [{ positionType: "lead_car" }],
        additionalRates,
      });
    const bounds = await post({ perDiemRate: "1000000.01", standbyThreshold: "30" });
    expect(bounds.status).toBe(400);
    expect(bounds.body.fields).toEqual({
      "additionalRates.perDiemRate": "Amount must be at most $1,000,000.00",
      "additionalRates.standbyThreshold": "Standby threshold must be at most 24 hours",
    });
    const pair = await post({ deadheadRate: "1.00" });
    expect(pair.status).toBe(400);
    expect(pair.body.fields).toEqual({ "additionalRates.deadheadMiles": "Enter the deadhead miles" });
    const list = await t.as(adminA)("GET", `/api/rate-confirmations?q=${jobNumber}`);
    expect(list.body.total).toBe(0);
  });

  test("the PDF prints them under the standard rates", async () => {
    const res = await t.app.request(`${APP_URL}/api/rate-confirmations/${rcId}/pdf`, {
      headers: { Origin: APP_URL, Cookie: adminA.cookie },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (process.env.PDF_OUT) writeFileSync(process.env.PDF_OUT, bytes);
    const text = (await readPdf(bytes)).text.replace(/\s+/g, " ");
    expect(text).toContain("Mileage minimum 250 mi per day");
    expect(text).toContain("Deadhead 95.5 mi × $1.10 per mile = $105.05");
    expect(text).toContain("Per diem $60.00 per day");
    expect(text).toContain("Standby / wait $35.00 per hour after 1 hour");
    expect(text).toContain("High-pole surcharge $100.00 per day (high pole car)");
    expect(text).toContain("Tolls Billed at cost, with receipts");
  });
});

describe("a 3-day job with 2 overnights, billed from its trip log", () => {
  test("suggests each day's lines and the exact total", async () => {
    await logDay({
      tripDate: "2025-06-10",
      startLocation: "Houston, TX",
      endLocation: "Dallas, TX",
      miles: "240.4",
      overnight: true,
      expenses: [{ type: "tolls", amount: "18.25" }],
    });
    await logDay({
      tripDate: "2025-06-11",
      startLocation: "Dallas, TX",
      endLocation: "Amarillo, TX",
      miles: "362.8",
      hours: "12",
      waitHours: "3",
      standbyHours: "2.5",
      overnight: true,
    });
    await logDay({
      tripDate: "2025-06-12",
      startLocation: "Amarillo, TX",
      endLocation: "Denver, CO",
      miles: "428",
      expenses: [
        { type: "tolls", amount: "6.40" },
        { type: "fuel", amount: "91.10" },
      ],
    });

    const res = await t.as(adminA)("GET", `/api/invoices/suggested-lines?dispatchId=${dispatchId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ hasRates: true, tripCount: 3 });
    const lines = res.body.items as {
      kind: string;
      date: string;
      location: string;
      mileage: string;
      charge: string;
    }[];
    expect(lines.map((l) => [l.kind, l.date, l.mileage, l.charge])).toEqual([
      // 240.4 mi below the 250 mi minimum: 250 × 1.85 = 462.50 (> 450 day rate)
      ["mileage", "2025-06-10", "250.00", "462.50"],
      // 362.8 × 1.85 = 671.18
      ["mileage", "2025-06-11", "362.80", "671.18"],
      // 428 × 1.85 = 791.80
      ["mileage", "2025-06-12", "428.00", "791.80"],
      ["overnight", "2025-06-10", "0.00", "125.00"],
      ["overnight", "2025-06-11", "0.00", "125.00"],
      // 3 h waited − 2 h = 1 h × 65
      ["detention", "2025-06-11", "0.00", "65.00"],
      // 2.5 h standby − 1 h = 1.5 h × 35
      ["standby", "2025-06-11", "0.00", "52.50"],
      ["per_diem", "2025-06-10", "0.00", "60.00"],
      ["per_diem", "2025-06-11", "0.00", "60.00"],
      ["per_diem", "2025-06-12", "0.00", "60.00"],
      ["high_pole", "2025-06-10", "0.00", "100.00"],
      ["high_pole", "2025-06-11", "0.00", "100.00"],
      ["high_pole", "2025-06-12", "0.00", "100.00"],
      // 95.5 × 1.10 = 105.05
      ["deadhead", "2025-06-10", "95.50", "105.05"],
      ["expense", "2025-06-10", "0.00", "18.25"],
      ["expense", "2025-06-12", "0.00", "91.10"],
      ["expense", "2025-06-12", "0.00", "6.40"],
    ]);
    expect(lines[0]?.location).toBe("Houston, TX → Dallas, TX (240.4 mi logged, minimum 250 mi × $1.85/mi)");
    expect(lines.find((l) => l.kind === "standby")?.location).toBe(
      "Standby: 2.5 h, 1.5 h beyond 1 hour × $35.00/h",
    );
    expect(invoiceTotals(lines.map((l) => l.charge)).total).toBe("2993.78");

    // The office keeps them all: the saved invoice's total is the lines', to the cent.
    const saved = await t.as(adminA)("POST", "/api/invoices", {
      invoiceNumber: "INV-2025-0001",
      clientId,
      dispatchId,
      issueDate: "2025-06-13",
      dueDate: "2025-07-13",
      lineItems: lines,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.total).toBe("2993.78");
    expect(saved.body.lineItems.map((l: Body) => l.kind)).toContain("high_pole");
  });

  test("a day's wait and standby together cannot exceed its hours", async () => {
    const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", {
      dispatchId,
      tripDate: "2025-06-13",
      startLocation: "Denver, CO",
      endLocation: "Denver, CO",
      miles: "0",
      hours: "4",
      waitHours: "3",
      standbyHours: "2",
      expenses: [],
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain("Wait and standby hours together cannot exceed the hours");
  });
});

import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueJobNumber,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

/** Opening a database and signing up admins is slow on a loaded machine. */
const SETUP_TIMEOUT = 180_000;
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let clientId: string;
let dispatchId: string;
let bareDispatchId: string;
let dispatchB: string;

type Body = Record<string, unknown>;
const path = (id: string) => `/api/invoices/suggested-lines?dispatchId=${id}`;

async function logTrip(overrides: Body) {
  const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", {
    tripDate: "2025-06-10",
    dispatchId,
    startLocation: "Houston, TX",
    endLocation: "Dallas, TX",
    miles: "0",
    hours: "8",
    notes: "",
    expenses: [],
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1 } = await t.createTwoCompanies());
  clientId = (await t.createClient(adminA, { name: "Suggest Client" })).id;
  // Min 450.00/day, 1.85/mile, overnight 125, no-go 250, detention 65/h beyond 2 h.
  const rc = await t.createRateConfirmation(adminA, {
    clientId,
    jobNumber: uniqueJobNumber("RC"),
    originAddress: "Houston Yard, Houston, TX",
    positions: [{ positionType: "lead_car", pevoId: pevo1.pevoId }],
    customRates: [
      { name: "Permit fee", amount: "75", unit: "per_job" },
      { name: "Height pole", amount: "25", unit: "daily" },
    ],
  });
  dispatchId = (await t.createDispatch(adminA, { pevoId: pevo1.pevoId, rateConfirmationId: rc.id })).id;
  bareDispatchId = (await t.createDispatch(adminA, { pevoId: pevo1.pevoId, pickupDate: "2025-06-20" })).id;
  const clientB = await t.createClient(adminB, { name: "B Client" });
  const rcB = await t.createRateConfirmation(adminB, {
    clientId: clientB.id,
    jobNumber: uniqueJobNumber("RC"),
  });
  dispatchB = (await t.createDispatch(adminB, { rateConfirmationId: rcB.id })).id;
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe("GET /api/invoices/suggested-lines", () => {
  test("before any trip: the pickup day at the minimum daily rate, and the per-job and daily custom rates", async () => {
    const res = await t.as(adminA)("GET", path(dispatchId));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ hasRates: true, tripCount: 0 });
    expect(res.body.items.map((l: Body) => [l.kind, l.date, l.charge])).toEqual([
      ["day", "2025-06-10", "450.00"],
      ["custom", "2025-06-10", "75.00"],
      ["custom", "2025-06-10", "25.00"],
    ]);
  });

  test("every kind from the trip log: mileage, day, no-go, overnight, detention, custom, expenses at cost", async () => {
    const first = await logTrip({
      miles: "300",
      waitHours: "3.5",
      overnight: true,
      expenses: [
        { type: "fuel", amount: "80" },
        { type: "tolls", amount: "12.5" },
      ],
    });
    expect(first).toMatchObject({ waitHours: "3.50", overnight: true, noGo: false });
    await logTrip({ tripDate: "2025-06-11", miles: "10", noGo: true, startLocation: "Dallas, TX" });
    await logTrip({
      tripDate: "2025-06-12",
      miles: "100.25",
      startLocation: "Dallas, TX",
      endLocation: "Tulsa, OK",
    });

    const res = await t.as(adminA)("GET", path(dispatchId));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasRates: true, tripCount: 3 });
    expect(res.body.items).toEqual([
      {
        kind: "mileage",
        date: "2025-06-10",
        location: "Houston, TX → Dallas, TX (300 mi × $1.85/mi)",
        mileage: "300.00",
        charge: "555.00",
      },
      {
        kind: "day",
        date: "2025-06-12",
        location: "Dallas, TX → Tulsa, OK (minimum daily rate)",
        mileage: "100.25",
        charge: "450.00",
      },
      {
        kind: "no_go",
        date: "2025-06-11",
        location: "No-go: Dallas, TX → Dallas, TX",
        mileage: "0.00",
        charge: "250.00",
      },
      {
        kind: "overnight",
        date: "2025-06-10",
        location: "Overnight at Dallas, TX",
        mileage: "0.00",
        charge: "125.00",
      },
      {
        kind: "detention",
        date: "2025-06-10",
        location: "Detention: 3.5 h waited, 1.5 h beyond 2 hours × $65.00/h",
        mileage: "0.00",
        charge: "97.50",
      },
      {
        kind: "custom",
        date: "2025-06-10",
        location: "Permit fee ($75.00)",
        mileage: "0.00",
        charge: "75.00",
      },
      {
        kind: "custom",
        date: "2025-06-10",
        location: "Height pole (3 days × $25.00 per day)",
        mileage: "0.00",
        charge: "75.00",
      },
      {
        kind: "expense",
        date: "2025-06-10",
        location: "Fuel (at cost): Houston, TX → Dallas, TX",
        mileage: "0.00",
        charge: "80.00",
      },
      {
        kind: "expense",
        date: "2025-06-10",
        location: "Tolls (at cost): Houston, TX → Dallas, TX",
        mileage: "0.00",
        charge: "12.50",
      },
    ]);
  });

  test("a dispatch without a rate confirmation: days at 0.00 and hasRates false", async () => {
    const res = await t.as(adminA)("GET", path(bareDispatchId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      hasRates: false,
      tripCount: 0,
      items: [
        {
          kind: "day",
          date: "2025-06-20",
          location: "Pickup (minimum daily rate)",
          mileage: "0.00",
          charge: "0.00",
        },
      ],
    });
  });

  test.each([
    ["no dispatchId", "/api/invoices/suggested-lines"],
    ["an empty dispatchId", "/api/invoices/suggested-lines?dispatchId="],
    ["a dispatchId that is not a uuid", "/api/invoices/suggested-lines?dispatchId=abc"],
    ["an overlong dispatchId", `/api/invoices/suggested-lines?dispatchId=${"a".repeat(5000)}`],
  ])("%s → 400 with the message", async (_name, url) => {
    const res = await t.as(adminA)("GET", url);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Dispatch ID is required");
  });

  test("another company's dispatch and an unknown one → 404", async () => {
    for (const id of [dispatchB, MISSING_ID]) {
      const res = await t.as(adminA)("GET", path(id));
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("Dispatch not found");
    }
  });
});

describe("line kinds on invoices", () => {
  const body = (lineItems: Body[]) => ({
    invoiceNumber: `INV-K-${Math.random().toString(36).slice(2, 8)}`,
    issueDate: "2025-06-13",
    dueDate: "2025-07-13",
    dispatchId,
    clientId,
    status: "draft",
    customerName: "Suggest Client",
    customerAddress: "",
    pevoName: "",
    pevoPosition: "",
    notes: "",
    lineItems,
    allowAdditional: true,
  });

  test("the suggested lines are stored with their kind and returned in order; a line without one is custom", async () => {
    const suggested = (await t.as(adminA)("GET", path(dispatchId))).body.items as Body[];
    const lines = [
      ...suggested,
      { date: "2025-06-12", location: "Typed by hand", mileage: "0", charge: "10.01" },
    ];
    const created = await t.as(adminA)("POST", "/api/invoices", body(lines));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const res = await t.as(adminA)("GET", `/api/invoices/${created.body.id}`);
    expect(res.body.lineItems.map((l: Body) => l.kind)).toEqual([
      "mileage",
      "day",
      "no_go",
      "overnight",
      "detention",
      "custom",
      "custom",
      "expense",
      "expense",
      "custom",
    ]);
    // 555 + 450 + 250 + 125 + 97.50 + 75 + 75 + 80 + 12.50 + 10.01
    expect(res.body.subtotal).toBe("1730.01");

    const edited = await t.as(adminA)("PUT", `/api/invoices/${created.body.id}`, {
      ...body([{ kind: "expense", date: "2025-06-12", location: "Parking", mileage: "0", charge: "5" }]),
      invoiceNumber: created.body.invoiceNumber,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.subtotal).toBe("5.00");
    expect(edited.body.lineItems).toMatchObject([{ kind: "expense", location: "Parking", charge: "5.00" }]);
  });

  test("the PDF groups the lines by kind, each group with its subtotal", async () => {
    const suggested = (await t.as(adminA)("GET", path(dispatchId))).body.items as Body[];
    const created = await t.as(adminA)("POST", "/api/invoices", body(suggested));
    expect(created.status).toBe(201);
    const res = await t.app.request(`${APP_URL}/api/invoices/${created.body.id}/pdf`, {
      headers: { Origin: APP_URL, Cookie: adminA.cookie },
    });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (process.env.PDF_OUT) writeFileSync(process.env.PDF_OUT, bytes);
    const { text } = await readPdf(bytes);
    const headings = [
      "Day rate subtotal $450.00",
      "Mileage subtotal $555.00",
      "Overnight subtotal $125.00",
      "No-go subtotal $250.00",
      "Detention subtotal $97.50",
      "Other charges subtotal $150.00",
      "Expenses at cost subtotal $92.50",
    ];
    const squeezed = text.replace(/\s+/g, " ");
    const at = headings.map((h) => squeezed.indexOf(h));
    expect(
      at.every((i) => i >= 0),
      squeezed,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(squeezed).toContain("Total $1,720.00");
  });

  test.each([["bonus"], [""], [7], [null]])("an unknown kind %j → 400 on the line's field", async (kind) => {
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      body([{ kind, date: "2025-06-12", location: "X", mileage: "0", charge: "1" }]),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ "lineItems.0.kind": "Choose what the line bills" });
  });
});

describe("trip log wait hours, overnight and no-go bounds", () => {
  test.each([
    [{ waitHours: "9", hours: "8" }, "waitHours", "Wait hours cannot exceed the hours"],
    [{ waitHours: "25", hours: "24" }, "waitHours", "Wait hours must be at most 24"],
    [{ waitHours: "-1" }, "waitHours", "Wait hours cannot be negative"],
    [{ waitHours: "1.234" }, "waitHours", "Wait hours must be a number with up to 2 decimals"],
    [{ overnight: "yes" }, "overnight", undefined],
    [{ noGo: 1 }, "noGo", undefined],
  ])("%j → 400 on %s", async (overrides, field, message) => {
    const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", {
      tripDate: "2025-06-10",
      dispatchId,
      startLocation: "Houston, TX",
      endLocation: "Dallas, TX",
      miles: "0",
      hours: "8",
      expenses: [],
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual([field]);
    if (message) expect(res.body.fields[field]).toBe(message);
  });
});

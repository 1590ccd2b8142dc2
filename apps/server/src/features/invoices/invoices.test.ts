import { activityEvents, dispatches, invoiceLineItems, invoices, missingRow } from "@pevo/db";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  DEFAULT_STANDARD_RATES,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

/** Opening a database and signing up admins is slow on a loaded machine (several PGlite files at once). */
const SETUP_TIMEOUT = 180_000;

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const NUMBER_TAKEN = "This invoice number is already used by another invoice";
const DISPATCH_HAS_INVOICES = "This dispatch has invoices and cannot be deleted. Delete its invoices first.";
const DISPATCH_BILLED =
  "This dispatch is billed (an invoice was sent or voided) and cannot be deleted. Set its status to canceled instead.";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoA: TestPevo;
let jobA: Job;
let jobB: Job;

type Job = {
  admin: SignedUpAdmin;
  clientId: string;
  clientName: string;
  rateConfirmationId: string;
  jobNumber: string;
  dispatchId: string;
};

type Line = { date?: unknown; location?: unknown; mileage?: unknown; charge?: unknown };

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
};

/** A client, a rate confirmation with standard rates (min 350.00/day, 1.85/mile) and a dispatch, through the API. */
async function createJob(admin: SignedUpAdmin, overrides: { pevoId?: string } = {}): Promise<Job> {
  const clientName = unique("Client");
  const client = await t.createClient(admin, {
    name: clientName,
    address: "4100 Industrial Blvd, Austin, TX 78744",
  });
  const jobNumber = unique("RC");
  const rc = await t.createRateConfirmation(admin, {
    clientId: client.id,
    jobNumber,
    originAddress: "Houston Yard, Houston, TX",
    destinationAddress: "Wind Farm Site, Amarillo, TX",
    startDate: "2025-03-01",
    endDate: "2025-03-03",
    standardRates: { ...DEFAULT_STANDARD_RATES, minimumDailyRate: "350.00" },
  });
  const dispatch = await t.createDispatch(admin, {
    rateConfirmationId: rc.id,
    pevoId: overrides.pevoId ?? null,
    driverName: "Dana Driver",
    pickupDate: "2025-03-01",
    pickupTime: "07:30",
    status: "dispatched",
  });
  return {
    admin,
    clientId: client.id,
    clientName,
    rateConfirmationId: rc.id,
    jobNumber,
    dispatchId: dispatch.id,
  };
}

function invoiceBody(job: Job, overrides: Record<string, unknown> = {}) {
  return {
    invoiceNumber: unique("INV"),
    issueDate: "2025-03-04",
    dueDate: "2025-04-03",
    dispatchId: job.dispatchId,
    clientId: job.clientId,
    status: "draft",
    customerName: job.clientName,
    customerAddress: "4100 Industrial Blvd, Austin, TX 78744",
    pevoName: "Casey Pevo",
    pevoPosition: "Lead Car",
    notes: "Thank you for your business",
    lineItems: [
      { date: "2025-03-01", location: "Houston Yard, Houston, TX", mileage: "0", charge: "350.00" },
      { date: "2025-03-02", location: "Abilene, TX", mileage: "400", charge: "740.00" },
    ] as Line[],
    // Most tests bill the same dispatch many times; the double billing tests below send false.
    allowAdditional: true,
    ...overrides,
  };
}

async function createInvoice(job: Job, overrides: Record<string, unknown> = {}) {
  const res = await t.as(job.admin)("POST", "/api/invoices", invoiceBody(job, overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function invoiceRow(id: string) {
  const [row] = await t.db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

async function lineRows(invoiceId: string) {
  return t.db
    .select()
    .from(invoiceLineItems)
    .where(eq(invoiceLineItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceLineItems.sortOrder));
}

async function invoiceCount(companyId: string) {
  const [row = missingRow("invoices")] = await t.db
    .select({ n: count() })
    .from(invoices)
    .where(eq(invoices.companyId, companyId));
  return row.n;
}

async function setTaxRate(admin: SignedUpAdmin, taxRate: string) {
  const current = await t.as(admin)("GET", "/api/company");
  expect(current.status).toBe(200);
  const res = await t.as(admin)("PUT", "/api/company", { ...current.body, taxRate });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.taxRate).toBe(Number(taxRate).toFixed(2));
}

/** The raw bytes of a response (the harness reads bodies as text, which would mangle a PDF). */
async function rawGet(path: string, cookie: string) {
  const res = await t.app.request(`${APP_URL}${path}`, { headers: { Origin: APP_URL, Cookie: cookie } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Invoices Co A" });
  adminB = await t.signUpAdmin({ companyName: "Invoices Co B" });
  pevoA = await t.createPevoUser(adminA.companyId);
  jobA = await createJob(adminA);
  jobB = await createJob(adminB);
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe("POST /api/invoices", () => {
  test("creates an invoice from a dispatch (201) with the dispatch's job information", async () => {
    const body = invoiceBody(jobA);
    const res = await t.as(adminA)("POST", "/api/invoices", body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      invoiceNumber: body.invoiceNumber,
      issueDate: "2025-03-04",
      dueDate: "2025-04-03",
      dispatchId: jobA.dispatchId,
      clientId: jobA.clientId,
      status: "draft",
      customerName: jobA.clientName,
      customerAddress: "4100 Industrial Blvd, Austin, TX 78744",
      pevoName: "Casey Pevo",
      pevoPosition: "Lead Car",
      notes: "Thank you for your business",
      subtotal: "1090.00",
      tax: "0.00",
      total: "1090.00",
      dispatch: {
        id: jobA.dispatchId,
        driverName: "Dana Driver",
        pickupDate: "2025-03-01",
        jobNumber: jobA.jobNumber,
        originAddress: "Houston Yard, Houston, TX",
        destinationAddress: "Wind Farm Site, Amarillo, TX",
        standardRates: { minimumDailyRate: "350.00", mileageRate: "1.85" },
      },
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.lineItems).toEqual([
      {
        id: expect.any(String),
        // Sent without a kind: a line typed by hand.
        kind: "custom",
        // One job's invoice: its lines name no job (only a consolidated invoice's lines do).
        dispatchId: null,
        date: "2025-03-01",
        location: "Houston Yard, Houston, TX",
        mileage: "0.00",
        charge: "350.00",
      },
      {
        id: expect.any(String),
        kind: "custom",
        dispatchId: null,
        date: "2025-03-02",
        location: "Abilene, TX",
        mileage: "400.00",
        charge: "740.00",
      },
    ]);
    const row = await invoiceRow(res.body.id);
    expect(row).toMatchObject({
      companyId: adminA.companyId,
      createdBy: adminA.userId,
      subtotal: "1090.00",
      tax: "0.00",
      taxRate: "0.00",
      total: "1090.00",
    });
    expect((await t.as(adminA)("GET", `/api/invoices/${res.body.id}`)).body).toEqual(res.body);

    const list = await t.as(adminA)("GET", "/api/invoices");
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual({
      id: res.body.id,
      invoiceNumber: body.invoiceNumber,
      issueDate: "2025-03-04",
      dueDate: "2025-04-03",
      jobNumber: jobA.jobNumber,
      total: "1090.00",
      status: "draft",
      customerName: jobA.clientName,
      overdue: false,
      balance: "1090.00",
    });
  });

  test("ignores tampered totals: subtotal, tax and total are the server's sum of the lines", async () => {
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, {
        subtotal: 1,
        tax: "500.00",
        total: 99999,
        lineItems: [
          { date: "2025-03-01", location: "Houston, TX", mileage: "10", charge: "350.00" },
          { date: "2025-03-02", location: "Waco, TX", mileage: "20", charge: "12.34" },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subtotal: "362.34", tax: "0.00", total: "362.34" });
    expect(await invoiceRow(res.body.id)).toMatchObject({ subtotal: "362.34", tax: "0.00", total: "362.34" });
  });

  test("money is exact: 0.10 + 0.20 is 0.30", async () => {
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, {
        lineItems: [
          { date: "2025-03-01", location: "Dime Stop, TX", mileage: "0", charge: "0.10" },
          { date: "2025-03-02", location: "Twenty Cent, TX", mileage: "0", charge: 0.2 },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subtotal: "0.30", tax: "0.00", total: "0.30" });
    expect(res.body.lineItems.map((l: { charge: string }) => l.charge)).toEqual(["0.10", "0.20"]);
    expect(await invoiceRow(res.body.id)).toMatchObject({ subtotal: "0.30", total: "0.30" });
  });

  test("fractional mileage: 123.4 miles charged 228.29 stays 228.29", async () => {
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, {
        lineItems: [{ date: "2025-03-02", location: "Lubbock, TX", mileage: "123.4", charge: "228.29" }],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.lineItems[0]).toMatchObject({ mileage: "123.40", charge: "228.29" });
    expect(res.body).toMatchObject({ subtotal: "228.29", total: "228.29" });
    const [line] = await lineRows(res.body.id);
    expect(line).toMatchObject({ mileage: "123.40", charge: "228.29" });
  });

  test("large amounts add up exactly", async () => {
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, {
        lineItems: [
          // Each line at most 1,000,000.00 (NUMBER_LIMITS.maxMoney); the total may be more.
          { date: "2025-03-01", location: "Big Job One", mileage: "0", charge: "1000000.00" },
          { date: "2025-03-02", location: "Big Job Two", mileage: "0", charge: "0.01" },
          { date: "2025-03-03", location: "Big Job Three", mileage: "0", charge: "999999.99" },
          { date: "2025-03-04", location: "Big Job Four", mileage: "0", charge: "234567.89" },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ subtotal: "2234567.89", total: "2234567.89" });
  });

  test("an empty, null or missing charge counts as 0", async () => {
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, {
        lineItems: [
          { date: "2025-03-01", location: "Empty Charge", mileage: "", charge: "" },
          { date: "2025-03-02", location: "Null Charge", mileage: null, charge: null },
          { date: "2025-03-03", location: "Missing Charge" },
          { date: "2025-03-04", location: "Real Charge", mileage: "12", charge: "5.00" },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.lineItems.map((l: { charge: string; mileage: string }) => [l.mileage, l.charge])).toEqual(
      [
        ["0.00", "0.00"],
        ["0.00", "0.00"],
        ["0.00", "0.00"],
        ["12.00", "5.00"],
      ],
    );
    expect(res.body).toMatchObject({ subtotal: "5.00", tax: "0.00", total: "5.00" });
  });

  test("an invoice without line items is refused and nothing is saved", async () => {
    const before = await t.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.companyId, adminA.companyId));
    for (const lineItems of [[], undefined]) {
      const res = await t.as(adminA)("POST", "/api/invoices", invoiceBody(jobA, { lineItems }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ lineItems: "At least one line item is required" });
    }
    const after = await t.db
      .select({ n: count() })
      .from(invoices)
      .where(eq(invoices.companyId, adminA.companyId));
    expect(after).toEqual(before);
  });

  test("writes an invoice_generated activity event with the job, client and total", async () => {
    const created = await createInvoice(jobA, {
      lineItems: [{ date: "2025-03-01", location: "Houston, TX", mileage: "0", charge: "350.00" }],
    });
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(
          eq(activityEvents.type, "invoice_generated"),
          eq(activityEvents.message, `Invoice ${created.invoiceNumber} generated for ${jobA.jobNumber}`),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      companyId: adminA.companyId,
      actorId: adminA.userId,
      status: "success",
      job: jobA.jobNumber,
      client: jobA.clientName,
      amount: "350.00",
    });
    const dashboard = await t.as(adminA)("GET", "/api/dashboard");
    expect(dashboard.body.activity[0]).toMatchObject({
      type: "invoice_generated",
      message: `Invoice ${created.invoiceNumber} generated for ${jobA.jobNumber}`,
    });
  });

  describe("validation: 400 with the spec's message at the field, nothing saved", () => {
    const cases: [string, (body: ReturnType<typeof invoiceBody>) => unknown, string, string][] = [
      [
        "a missing invoice number",
        (b) => ({ ...b, invoiceNumber: undefined }),
        "invoiceNumber",
        "Invoice number is required",
      ],
      [
        "an empty invoice number",
        (b) => ({ ...b, invoiceNumber: "" }),
        "invoiceNumber",
        "Invoice number is required",
      ],
      [
        "a blank invoice number",
        (b) => ({ ...b, invoiceNumber: "   " }),
        "invoiceNumber",
        "Invoice number is required",
      ],
      [
        "a missing issue date",
        (b) => ({ ...b, issueDate: undefined }),
        "issueDate",
        "Issue date is required",
      ],
      ["an empty issue date", (b) => ({ ...b, issueDate: "" }), "issueDate", "Issue date is required"],
      [
        "an impossible issue date",
        (b) => ({ ...b, issueDate: "2025-02-30" }),
        "issueDate",
        "Issue date is required",
      ],
      ["a garbled due date", (b) => ({ ...b, dueDate: "next month" }), "dueDate", "Due date is required"],
      [
        "a due date before the issue date",
        (b) => ({ ...b, dueDate: "2025-03-03" }),
        "dueDate",
        "Due date cannot be before the issue date",
      ],
      [
        "a missing dispatch id",
        (b) => ({ ...b, dispatchId: undefined }),
        "dispatchId",
        "Dispatch ID is required",
      ],
      ["an empty dispatch id", (b) => ({ ...b, dispatchId: "" }), "dispatchId", "Dispatch ID is required"],
      [
        "a non-uuid dispatch id",
        (b) => ({ ...b, dispatchId: "job-1" }),
        "dispatchId",
        "Dispatch ID is required",
      ],
      [
        "a line without a date",
        (b) => ({ ...b, lineItems: [{ location: "Austin, TX", mileage: "1", charge: "1" }] }),
        "lineItems.0.date",
        "Date is required",
      ],
      [
        "a line with an impossible date",
        (b) => ({
          ...b,
          lineItems: [{ date: "2025-13-01", location: "Austin, TX", mileage: "1", charge: "1" }],
        }),
        "lineItems.0.date",
        "Date is required",
      ],
      [
        "a line without a location",
        (b) => ({ ...b, lineItems: [b.lineItems[0], { date: "2025-03-02", mileage: "1", charge: "1" }] }),
        "lineItems.1.location",
        "Location is required",
      ],
      [
        "a line with a blank location",
        (b) => ({ ...b, lineItems: [{ date: "2025-03-02", location: "  ", mileage: "1", charge: "1" }] }),
        "lineItems.0.location",
        "Location is required",
      ],
      [
        "a negative mileage",
        (b) => ({
          ...b,
          lineItems: [{ date: "2025-03-02", location: "Austin, TX", mileage: "-5", charge: "1" }],
        }),
        "lineItems.0.mileage",
        "Mileage must be a positive number",
      ],
      [
        "a mileage that is not a number",
        (b) => ({
          ...b,
          lineItems: [{ date: "2025-03-02", location: "Austin, TX", mileage: "ten", charge: "1" }],
        }),
        "lineItems.0.mileage",
        "Mileage must be a positive number",
      ],
      [
        "a negative charge",
        (b) => ({
          ...b,
          lineItems: [{ date: "2025-03-02", location: "Austin, TX", mileage: "1", charge: -1 }],
        }),
        "lineItems.0.charge",
        "Only a discount line takes money off: enter a positive charge",
      ],
      [
        "a charge that is not a number",
        (b) => ({
          ...b,
          lineItems: [
            b.lineItems[0],
            b.lineItems[1],
            { date: "2025-03-02", location: "Austin, TX", charge: "$5" },
          ],
        }),
        "lineItems.2.charge",
        "Charge must be a number with up to 2 decimals",
      ],
      [
        "a charge with fractions of a cent",
        (b) => ({
          ...b,
          lineItems: [{ date: "2025-03-02", location: "Austin, TX", mileage: "1", charge: "1.005" }],
        }),
        "lineItems.0.charge",
        "Charge must be a number with up to 2 decimals",
      ],
    ];
    test.each(cases)("refuses %s", async (_, change, field, message) => {
      const before = await invoiceCount(adminA.companyId);
      const body = change(invoiceBody(jobA)) as { invoiceNumber?: string };
      const res = await t.as(adminA)("POST", "/api/invoices", body);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(res.body.error).toBe(message);
      expect(await invoiceCount(adminA.companyId)).toBe(before);
    });

    test("an empty body names every required field", async () => {
      const before = await invoiceCount(adminA.companyId);
      const res = await t.as(adminA)("POST", "/api/invoices", {});
      expect(res.status).toBe(400);
      expect(res.body.fields).toMatchObject({
        invoiceNumber: "Invoice number is required",
        issueDate: "Issue date is required",
        dispatchId: "Dispatch ID is required",
      });
      // The due date is not required: the server computes it from the terms.
      expect(res.body.fields).not.toHaveProperty("dueDate");
      expect(await invoiceCount(adminA.companyId)).toBe(before);
    });

    test("a missing due date is the issue date plus the client's terms, else the company's; a date given wins", async () => {
      const job = await createJob(adminA);
      // The client has no terms of its own: the company's default Net 30.
      const byCompany = await createInvoice(job, { dueDate: undefined });
      expect(byCompany.dueDate).toBe("2025-04-03");
      const put = await t.as(adminA)("PUT", `/api/clients/${job.clientId}`, {
        name: job.clientName,
        address: "4100 Industrial Blvd, Austin, TX 78744",
        paymentTermsDays: 15,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      const byClient = await createInvoice(job, { dueDate: undefined });
      expect(byClient.dueDate).toBe("2025-03-19");
      expect((await invoiceRow(byClient.id))?.dueDate).toBe("2025-03-19");
      const byHand = await createInvoice(job, { dueDate: "2025-05-01" });
      expect(byHand.dueDate).toBe("2025-05-01");
      // An existing invoice keeps its date when the client's terms change.
      expect((await t.as(adminA)("GET", `/api/invoices/${byCompany.id}`)).body.dueDate).toBe("2025-04-03");
    });

    test("every bad line is reported at its own path", async () => {
      const res = await t.as(adminA)(
        "POST",
        "/api/invoices",
        invoiceBody(jobA, {
          lineItems: [
            { date: "2025-03-01", location: "Fine, TX", mileage: "1", charge: "1" },
            { date: "", location: "", mileage: "-1", charge: "-1" },
          ],
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({
        "lineItems.1.date": "Date is required",
        "lineItems.1.location": "Location is required",
        "lineItems.1.mileage": "Mileage must be a positive number",
        "lineItems.1.charge": "Only a discount line takes money off: enter a positive charge",
      });
    });

    test("a body that is not JSON is a 400, not a 500", async () => {
      const res = await t.request("POST", "/api/invoices", {
        cookie: adminA.cookie,
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "The request body must be JSON" });
    });
  });

  test("a duplicate invoice number in the same company is a 409 field error; nothing saved", async () => {
    const first = await createInvoice(jobA);
    const before = await invoiceCount(adminA.companyId);
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, { invoiceNumber: first.invoiceNumber }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: NUMBER_TAKEN, fields: { invoiceNumber: NUMBER_TAKEN } });
    expect(await invoiceCount(adminA.companyId)).toBe(before);
    // No activity for the refused invoice either: only the first one's.
    const [events = missingRow("activityEvents")] = await t.db
      .select({ n: count() })
      .from(activityEvents)
      .where(eq(activityEvents.message, `Invoice ${first.invoiceNumber} generated for ${jobA.jobNumber}`));
    expect(events.n).toBe(1);
  });

  test("another company may use the same invoice number", async () => {
    const first = await createInvoice(jobA);
    const res = await t.as(adminB)(
      "POST",
      "/api/invoices",
      invoiceBody(jobB, { invoiceNumber: first.invoiceNumber }),
    );
    expect(res.status).toBe(201);
    expect(res.body.invoiceNumber).toBe(first.invoiceNumber);
    expect((await invoiceRow(res.body.id))?.companyId).toBe(adminB.companyId);
  });

  test("another company's dispatch id is refused (400 at dispatchId) and nothing is saved", async () => {
    const beforeA = await invoiceCount(adminA.companyId);
    const beforeB = await invoiceCount(adminB.companyId);
    const res = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, { dispatchId: jobB.dispatchId }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ dispatchId: "Dispatch ID is required" });
    expect(await invoiceCount(adminA.companyId)).toBe(beforeA);
    expect(await invoiceCount(adminB.companyId)).toBe(beforeB);
  });

  test("an unknown dispatch id is refused the same way", async () => {
    const res = await t.as(adminA)("POST", "/api/invoices", invoiceBody(jobA, { dispatchId: MISSING_ID }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ dispatchId: "Dispatch ID is required" });
  });

  test("another company's client id is refused (400 at clientId) and nothing is saved", async () => {
    const before = await invoiceCount(adminA.companyId);
    const res = await t.as(adminA)("POST", "/api/invoices", invoiceBody(jobA, { clientId: jobB.clientId }));
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ clientId: "Choose a customer from the list" });
    expect(await invoiceCount(adminA.companyId)).toBe(before);
  });

  test("an empty client id means no customer record", async () => {
    const res = await t.as(adminA)("POST", "/api/invoices", invoiceBody(jobA, { clientId: "" }));
    expect(res.status).toBe(201);
    expect(res.body.clientId).toBeNull();
  });
});

describe("double billing: one invoice per dispatch unless allowAdditional", () => {
  const refusal = (numbers: string[]) =>
    `This dispatch already has ${numbers.length === 1 ? "invoice" : "invoices"} ${numbers.join(", ")}. ` +
    "Tick “Create a supplementary invoice anyway” to add another one.";

  test("a second invoice for the same dispatch is 409 naming the existing one; nothing saved", async () => {
    const job = await createJob(adminA);
    const first = await createInvoice(job, { allowAdditional: false });
    const before = await invoiceCount(adminA.companyId);
    const res = await t.as(adminA)("POST", "/api/invoices", invoiceBody(job, { allowAdditional: false }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: refusal([first.invoiceNumber]),
      fields: { dispatchId: refusal([first.invoiceNumber]) },
    });
    // Without the flag at all: the same.
    const { allowAdditional: _a, ...withoutFlag } = invoiceBody(job);
    expect((await t.as(adminA)("POST", "/api/invoices", withoutFlag)).status).toBe(409);
    expect(await invoiceCount(adminA.companyId)).toBe(before);
  });

  test("with allowAdditional: true the supplementary invoice is saved (201); a third names both", async () => {
    const job = await createJob(adminA);
    const first = await createInvoice(job, { allowAdditional: false });
    const second = await createInvoice(job, { allowAdditional: true });
    expect(second.dispatchId).toBe(job.dispatchId);
    expect(second).not.toHaveProperty("allowAdditional");
    const third = await t.as(adminA)("POST", "/api/invoices", invoiceBody(job, { allowAdditional: false }));
    expect(third.status).toBe(409);
    expect(third.body.error).toBe(refusal([first.invoiceNumber, second.invoiceNumber]));
    // Editing the supplementary invoice on its own dispatch is not double billing.
    const edit = await t.as(adminA)(
      "PUT",
      `/api/invoices/${second.id}`,
      invoiceBody(job, { invoiceNumber: second.invoiceNumber, notes: "edited", allowAdditional: false }),
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });

  test("an edit moving an invoice onto an invoiced dispatch is 409 (unless allowAdditional)", async () => {
    const billed = await createJob(adminA);
    const other = await createJob(adminA);
    const existing = await createInvoice(billed, { allowAdditional: false });
    const moving = await createInvoice(other, { allowAdditional: false });
    const body = invoiceBody(billed, { invoiceNumber: moving.invoiceNumber, allowAdditional: false });
    const res = await t.as(adminA)("PUT", `/api/invoices/${moving.id}`, body);
    expect(res.status).toBe(409);
    expect(res.body.fields).toEqual({ dispatchId: refusal([existing.invoiceNumber]) });
    expect((await invoiceRow(moving.id))?.dispatchId).toBe(other.dispatchId);
    const allowed = await t.as(adminA)("PUT", `/api/invoices/${moving.id}`, {
      ...body,
      allowAdditional: true,
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect((await invoiceRow(moving.id))?.dispatchId).toBe(billed.dispatchId);
  });

  test("another company's dispatch is still refused as unknown (400), with or without the flag", async () => {
    await createInvoice(jobB, { allowAdditional: true });
    for (const allowAdditional of [false, true]) {
      const res = await t.as(adminA)(
        "POST",
        "/api/invoices",
        invoiceBody(jobA, { dispatchId: jobB.dispatchId, allowAdditional }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ dispatchId: "Dispatch ID is required" });
    }
  });

  test("allowAdditional must be a boolean", async () => {
    const res = await t.as(adminA)("POST", "/api/invoices", invoiceBody(jobA, { allowAdditional: "yes" }));
    expect(res.status).toBe(400);
  });

  test("GET /api/dispatches/:id lists its invoices (the company's own), oldest first; the list too", async () => {
    const job = await createJob(adminA);
    const first = await createInvoice(job, { allowAdditional: false });
    const second = await createInvoice(job, { allowAdditional: true, status: "sent" });
    const res = await t.as(adminA)("GET", `/api/dispatches/${job.dispatchId}`);
    expect(res.status).toBe(200);
    expect(res.body.hasInvoices).toBe(true);
    expect(res.body.invoices).toEqual([
      {
        id: first.id,
        invoiceNumber: first.invoiceNumber,
        status: "draft",
        total: first.total,
        overdue: false,
      },
      // The form's status is ignored: a new invoice is a draft until it is sent.
      {
        id: second.id,
        invoiceNumber: second.invoiceNumber,
        status: "draft",
        total: second.total,
        overdue: false,
      },
    ]);
    const list = await t.as(adminA)("GET", "/api/dispatches?sort=createdAt&dir=desc");
    const row = list.body.items.find((d: { id: string }) => d.id === job.dispatchId);
    expect(row.invoices).toEqual([
      { id: first.id, invoiceNumber: first.invoiceNumber },
      { id: second.id, invoiceNumber: second.invoiceNumber },
    ]);
    const fresh = await createJob(adminA);
    expect((await t.as(adminA)("GET", `/api/dispatches/${fresh.dispatchId}`)).body.invoices).toEqual([]);
    // Company B sees none of A's invoices on its own dispatch list, and not A's dispatch at all.
    expect((await t.as(adminB)("GET", `/api/dispatches/${job.dispatchId}`)).status).toBe(404);
    const listB = await t.as(adminB)("GET", "/api/dispatches?pageSize=100");
    const ids = new Set([first.id, second.id]);
    for (const d of listB.body.items as { invoices: { id: string }[] }[]) {
      for (const inv of d.invoices) expect(ids.has(inv.id)).toBe(false);
    }
  });
});

describe("GET /api/invoices/next-number", () => {
  test("INV-<year>-0001 first; after the highest (gaps not filled); per company; per year; bad date 400", async () => {
    const admin = await t.signUpAdmin({ companyName: "Numbers Co" });
    const other = await t.signUpAdmin({ companyName: "Numbers Co Other" });
    const job = await createJob(admin);
    const otherJob = await createJob(other);
    const next = async (who: SignedUpAdmin, date: string) => {
      const res = await t.as(who)("GET", `/api/invoices/next-number?date=${date}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.invoiceNumber;
    };
    expect(await next(admin, "2030-05-06")).toBe("INV-2030-0001");
    await createInvoice(job, { invoiceNumber: "INV-2030-0001" });
    expect(await next(admin, "2030-12-31")).toBe("INV-2030-0002");
    await createInvoice(job, { invoiceNumber: "INV-2030-0007" });
    await createInvoice(job, { invoiceNumber: "INV-2030-draft" });
    expect(await next(admin, "2030-01-01")).toBe("INV-2030-0008");
    // Another year starts again; another company's numbers do not count.
    expect(await next(admin, "2031-01-01")).toBe("INV-2031-0001");
    await createInvoice(otherJob, { invoiceNumber: "INV-2031-0042" });
    expect(await next(admin, "2031-01-01")).toBe("INV-2031-0001");
    expect(await next(other, "2031-06-01")).toBe("INV-2031-0043");
    expect(await next(other, "2030-06-01")).toBe("INV-2030-0001");
    // Past 9999 the sequence just grows.
    await createInvoice(job, { invoiceNumber: "INV-2032-9999" });
    expect(await next(admin, "2032-02-02")).toBe("INV-2032-10000");
    // Today by default.
    const today = await t.as(admin)("GET", "/api/invoices/next-number");
    expect(today.status).toBe(200);
    expect(today.body.invoiceNumber).toMatch(/^INV-\d{4}-\d{4,}$/);
    for (const bad of ["2030-13-01", "yesterday", "2030-1-5"]) {
      expect((await t.as(admin)("GET", `/api/invoices/next-number?date=${bad}`)).status).toBe(400);
    }
  });
});

describe("tax", () => {
  let admin: SignedUpAdmin;
  let job: Job;
  beforeAll(async () => {
    admin = await t.signUpAdmin({ companyName: "Taxed Escorts" });
    job = await createJob(admin);
  }, SETUP_TIMEOUT);

  const lines = (...charges: string[]) =>
    charges.map((charge, i) => ({ date: "2025-03-01", location: `Stop ${i + 1}`, mileage: "0", charge }));

  test("is 0 by default", async () => {
    const created = await createInvoice(job, { lineItems: lines("1000.00", "234.56") });
    expect(created).toMatchObject({ subtotal: "1234.56", tax: "0.00", total: "1234.56" });
  });

  test("is subtotal × the company's rate, rounded half up to the cent, and an edit keeps the invoice's own rate", async () => {
    const before = await createInvoice(job, { lineItems: lines("10.01") });
    expect(before).toMatchObject({ subtotal: "10.01", tax: "0.00", total: "10.01" });

    await setTaxRate(admin, "8.25");
    // 10.01 × 8.25 % = 0.825825 → 0.83
    const created = await createInvoice(job, {
      lineItems: lines("5.00", "5.01"),
      tax: "0.00",
      total: "10.01",
    });
    expect(created).toMatchObject({ subtotal: "10.01", tax: "0.83", total: "10.84" });
    expect(await invoiceRow(created.id)).toMatchObject({ taxRate: "8.25", tax: "0.83", total: "10.84" });
    // 2.00 × 8.25 % = 0.165 exactly → half up to 0.17
    const half = await createInvoice(job, { lineItems: lines("2.00") });
    expect(half).toMatchObject({ subtotal: "2.00", tax: "0.17", total: "2.17" });

    await setTaxRate(admin, "10");
    // Edited later: still 8.25 % (20.00 → 1.65), not the company's new 10 %.
    const edited = await t.as(admin)(
      "PUT",
      `/api/invoices/${created.id}`,
      invoiceBody(job, { invoiceNumber: created.invoiceNumber, lineItems: lines("20.00") }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ subtotal: "20.00", tax: "1.65", total: "21.65" });
    // The invoice made before any rate keeps 0 %.
    const editedOld = await t.as(admin)(
      "PUT",
      `/api/invoices/${before.id}`,
      invoiceBody(job, { invoiceNumber: before.invoiceNumber, lineItems: lines("100.00") }),
    );
    expect(editedOld.body).toMatchObject({ subtotal: "100.00", tax: "0.00", total: "100.00" });
    // A new invoice uses the new rate.
    const fresh = await createInvoice(job, { lineItems: lines("20.00") });
    expect(fresh).toMatchObject({ subtotal: "20.00", tax: "2.00", total: "22.00" });

    await setTaxRate(admin, "0");
    const untaxed = await createInvoice(job, { lineItems: lines("20.00") });
    expect(untaxed).toMatchObject({ tax: "0.00", total: "20.00" });
  });

  test("GET returns the invoice's stored rate after the company's rate changes, with matching totals", async () => {
    await setTaxRate(admin, "8.25");
    const created = await createInvoice(job, { lineItems: lines("100.00", "0.01") });
    expect(created).toMatchObject({ taxRate: "8.25", subtotal: "100.01", tax: "8.25", total: "108.26" });

    await setTaxRate(admin, "10");
    const res = await t.as(admin)("GET", `/api/invoices/${created.id}`);
    expect(res.status).toBe(200);
    // 100.01 × 8.25 % = 8.250825 → 8.25
    expect(res.body).toMatchObject({ taxRate: "8.25", subtotal: "100.01", tax: "8.25", total: "108.26" });
    await setTaxRate(admin, "0");
  });
});

describe("PUT /api/invoices/:id", () => {
  test("replaces the line items (old ones gone, new ones in order) and recomputes the totals", async () => {
    const created = await createInvoice(jobA);
    const oldIds = created.lineItems.map((l: { id: string }) => l.id);
    const res = await t.as(adminA)(
      "PUT",
      `/api/invoices/${created.id}`,
      invoiceBody(jobA, {
        invoiceNumber: `${created.invoiceNumber}-R1`,
        status: "sent",
        notes: "Revised",
        subtotal: "1.00",
        total: "1.00",
        lineItems: [
          { date: "2025-03-03", location: "Third Stop", mileage: "10.5", charge: "350.00" },
          { date: "2025-03-01", location: "First Stop", mileage: "200", charge: "370.00" },
          { date: "2025-03-02", location: "Second Stop", mileage: "", charge: "0.05" },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      invoiceNumber: `${created.invoiceNumber}-R1`,
      // The form's status is ignored (it follows send, view, payments and void).
      status: "draft",
      notes: "Revised",
      subtotal: "720.05",
      tax: "0.00",
      total: "720.05",
    });
    expect(res.body.lineItems.map((l: Line) => [l.location, l.mileage, l.charge])).toEqual([
      ["Third Stop", "10.50", "350.00"],
      ["First Stop", "200.00", "370.00"],
      ["Second Stop", "0.00", "0.05"],
    ]);
    const rows = await lineRows(created.id);
    expect(rows.map((r) => r.location)).toEqual(["Third Stop", "First Stop", "Second Stop"]);
    expect(rows.map((r) => r.sortOrder)).toEqual([0, 1, 2]);
    const [leftover = missingRow("invoiceLineItems")] = await t.db
      .select({ n: count() })
      .from(invoiceLineItems)
      .where(
        sql`${invoiceLineItems.id} in (${sql.join(
          oldIds.map((id: string) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    expect(leftover.n).toBe(0);
    expect(await invoiceRow(created.id)).toMatchObject({
      subtotal: "720.05",
      total: "720.05",
      status: "draft",
    });
  });

  test("an update with no lines is refused and keeps the invoice's lines", async () => {
    const created = await createInvoice(jobA);
    const linesBefore = await lineRows(created.id);
    const res = await t.as(adminA)(
      "PUT",
      `/api/invoices/${created.id}`,
      invoiceBody(jobA, { invoiceNumber: created.invoiceNumber, lineItems: [] }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ lineItems: "At least one line item is required" });
    expect(await lineRows(created.id)).toEqual(linesBefore);
    expect((await t.as(adminA)("GET", `/api/invoices/${created.id}`)).body).toEqual(created);
  });

  test("validates like create and changes nothing on bad input", async () => {
    const created = await createInvoice(jobA);
    const res = await t.as(adminA)(
      "PUT",
      `/api/invoices/${created.id}`,
      invoiceBody(jobA, {
        invoiceNumber: "",
        lineItems: [{ date: "2025-03-01", location: "Changed", mileage: "1", charge: "-3" }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      invoiceNumber: "Invoice number is required",
      "lineItems.0.charge": "Only a discount line takes money off: enter a positive charge",
    });
    expect((await t.as(adminA)("GET", `/api/invoices/${created.id}`)).body).toEqual(created);
  });

  test("taking another invoice's number is a 409 field error and changes nothing", async () => {
    const first = await createInvoice(jobA);
    const second = await createInvoice(jobA);
    const res = await t.as(adminA)(
      "PUT",
      `/api/invoices/${second.id}`,
      invoiceBody(jobA, { invoiceNumber: first.invoiceNumber }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: NUMBER_TAKEN, fields: { invoiceNumber: NUMBER_TAKEN } });
    expect((await t.as(adminA)("GET", `/api/invoices/${second.id}`)).body).toEqual(second);
  });

  test("moving an invoice to another company's dispatch or client is refused", async () => {
    const created = await createInvoice(jobA);
    const dispatch = await t.as(adminA)(
      "PUT",
      `/api/invoices/${created.id}`,
      invoiceBody(jobA, { invoiceNumber: created.invoiceNumber, dispatchId: jobB.dispatchId }),
    );
    expect(dispatch.status).toBe(400);
    expect(dispatch.body.fields).toEqual({ dispatchId: "Dispatch ID is required" });
    const client = await t.as(adminA)(
      "PUT",
      `/api/invoices/${created.id}`,
      invoiceBody(jobA, { invoiceNumber: created.invoiceNumber, clientId: jobB.clientId }),
    );
    expect(client.status).toBe(400);
    expect(client.body.fields).toEqual({ clientId: "Choose a customer from the list" });
    expect(await invoiceRow(created.id)).toMatchObject({
      dispatchId: jobA.dispatchId,
      clientId: jobA.clientId,
    });
  });

  test("the form cannot mark an invoice paid: the status follows payments (payments.test.ts), no payment_received", async () => {
    const created = await createInvoice(jobA, { status: "sent" });
    expect(created.status).toBe("draft");
    const body = invoiceBody(jobA, { invoiceNumber: created.invoiceNumber, lineItems: created.lineItems });
    const paid = await t.as(adminA)("PUT", `/api/invoices/${created.id}`, { ...body, status: "paid" });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: "draft", amountPaid: "0.00", balance: "1090.00" });
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.type, "payment_received"), eq(activityEvents.companyId, adminA.companyId)),
      );
    expect(events.filter((e) => e.message.includes(created.invoiceNumber))).toHaveLength(0);
  });

  test("an unknown or non-uuid id is 404 'Invoice not found'", async () => {
    for (const id of [MISSING_ID, "nope"]) {
      const res = await t.as(adminA)("PUT", `/api/invoices/${id}`, invoiceBody(jobA));
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Invoice not found" });
    }
  });
});

describe("DELETE /api/invoices/:id", () => {
  test("deletes a draft and its line items (204) and records an invoice_deleted activity event", async () => {
    const created = await createInvoice(jobA);
    expect(created.status).toBe("draft");
    expect(await lineRows(created.id)).toHaveLength(2);
    const res = await t.as(adminA)("DELETE", `/api/invoices/${created.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect(await invoiceRow(created.id)).toBeUndefined();
    expect(await lineRows(created.id)).toEqual([]);
    expect((await t.as(adminA)("GET", `/api/invoices/${created.id}`)).status).toBe(404);
    expect((await t.as(adminA)("DELETE", `/api/invoices/${created.id}`)).status).toBe(404);
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, "invoice_deleted"), eq(activityEvents.companyId, adminA.companyId)));
    expect(events.filter((e) => e.message.includes(created.invoiceNumber))).toEqual([
      expect.objectContaining({
        actorId: adminA.userId,
        status: "error",
        client: created.customerName,
        amount: created.total,
        message: `Draft invoice ${created.invoiceNumber} deleted`,
      }),
    ]);
  });

  test("a dispatch with invoices cannot be deleted (409); without them it can", async () => {
    const job = await createJob(adminA);
    const created = await createInvoice(job);
    const refused = await t.as(adminA)("DELETE", `/api/dispatches/${job.dispatchId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: DISPATCH_HAS_INVOICES });
    const [still] = await t.db.select().from(dispatches).where(eq(dispatches.id, job.dispatchId));
    expect(still).toBeDefined();
    expect((await t.as(adminA)("GET", `/api/dispatches/${job.dispatchId}`)).body.hasInvoices).toBe(true);

    expect((await t.as(adminA)("DELETE", `/api/invoices/${created.id}`)).status).toBe(204);
    expect((await t.as(adminA)("DELETE", `/api/dispatches/${job.dispatchId}`)).status).toBe(204);
  });

  test("a billed dispatch (an invoice sent, then voided) says to cancel it instead", async () => {
    const job = await createJob(adminA);
    const created = await createInvoice(job);
    const sent = await t.as(adminA)("POST", `/api/invoices/${created.id}/send`, { to: "ap@client.test" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const refused = await t.as(adminA)("DELETE", `/api/dispatches/${job.dispatchId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: DISPATCH_BILLED });
    expect(
      (await t.as(adminA)("POST", `/api/invoices/${created.id}/void`, { reason: "Issued in error" })).status,
    ).toBe(200);
    expect((await t.as(adminA)("DELETE", `/api/dispatches/${job.dispatchId}`)).body).toEqual({
      error: DISPATCH_BILLED,
    });
    const [still] = await t.db.select().from(dispatches).where(eq(dispatches.id, job.dispatchId));
    expect(still).toBeDefined();
  });
});

describe("transactions: a failing later step saves nothing", () => {
  const FAIL = "TRIGGER REFUSES THIS LINE";

  async function withFailingLineTrigger(run: () => Promise<void>) {
    await t.db.execute(
      sql.raw(`create or replace function test_refuse_line() returns trigger language plpgsql as $$
        begin
          if new.location = '${FAIL}' then raise exception 'line item refused by the test trigger'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        "create trigger test_refuse_line before insert on invoice_line_items for each row execute function test_refuse_line()",
      ),
    );
    try {
      await run();
    } finally {
      await t.db.execute(sql.raw("drop trigger if exists test_refuse_line on invoice_line_items"));
      await t.db.execute(sql.raw("drop function if exists test_refuse_line()"));
    }
  }

  test("POST: the invoice is not saved when inserting its line items fails", async () => {
    const before = await invoiceCount(adminA.companyId);
    const body = invoiceBody(jobA, {
      lineItems: [
        { date: "2025-03-01", location: "Fine First Line", mileage: "0", charge: "350.00" },
        { date: "2025-03-02", location: FAIL, mileage: "0", charge: "350.00" },
      ],
    });
    await withFailingLineTrigger(async () => {
      const res = await t.as(adminA)("POST", "/api/invoices", body);
      expect(res.status).toBe(500);
      // The message quotes the request id (README "Logs").
      const id = res.headers.get("x-request-id");
      expect(res.body).toEqual({
        error: `Something went wrong on our side. Please try again. If it happens again, quote this reference: ${id}.`,
      });
    });
    expect(await invoiceCount(adminA.companyId)).toBe(before);
    const [orphan = missingRow("invoiceLineItems")] = await t.db
      .select({ n: count() })
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.location, "Fine First Line"));
    expect(orphan.n).toBe(0);
    const [event = missingRow("activityEvents")] = await t.db
      .select({ n: count() })
      .from(activityEvents)
      .where(eq(activityEvents.message, `Invoice ${body.invoiceNumber} generated for ${jobA.jobNumber}`));
    expect(event.n).toBe(0);

    // The number was never taken: the same invoice saves once the failure is gone.
    const retry = await t.as(adminA)("POST", "/api/invoices", {
      ...body,
      lineItems: [body.lineItems[0], { ...body.lineItems[1], location: "Fine Second Line" }],
    });
    expect(retry.status).toBe(201);
    expect(retry.body.total).toBe("700.00");
  });

  test("PUT: the old invoice and its old lines stay intact when inserting the new lines fails", async () => {
    const created = await createInvoice(jobA, { status: "sent" });
    const beforeRows = await lineRows(created.id);
    await withFailingLineTrigger(async () => {
      const res = await t.as(adminA)(
        "PUT",
        `/api/invoices/${created.id}`,
        invoiceBody(jobA, {
          invoiceNumber: `${created.invoiceNumber}-CHANGED`,
          status: "paid",
          notes: "Should not stick",
          lineItems: [
            { date: "2025-03-05", location: "New Line One", mileage: "1", charge: "1.00" },
            { date: "2025-03-06", location: FAIL, mileage: "1", charge: "1.00" },
          ],
        }),
      );
      expect(res.status).toBe(500);
    });
    const after = await t.as(adminA)("GET", `/api/invoices/${created.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(created);
    expect(await lineRows(created.id)).toEqual(beforeRows);
    expect(await invoiceRow(created.id)).toMatchObject({
      invoiceNumber: created.invoiceNumber,
      status: "draft",
      total: "1090.00",
    });
    const [paid = missingRow("activityEvents")] = await t.db
      .select({ n: count() })
      .from(activityEvents)
      .where(eq(activityEvents.message, `Payment received for invoice ${created.invoiceNumber}-CHANGED`));
    expect(paid.n).toBe(0);
  });
});

describe("GET /api/invoices/:id/pdf", () => {
  test("is a real PDF with the invoice number, the total and the company's name", async () => {
    const created = await createInvoice(jobA, {
      lineItems: [
        { date: "2025-03-01", location: "Houston Yard, Houston, TX", mileage: "0", charge: "350.00" },
        { date: "2025-03-02", location: "Abilene, TX", mileage: "400", charge: "1234.56" },
      ],
    });
    const res = await rawGet(`/api/invoices/${created.id}/pdf`, adminA.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="invoice-${created.invoiceNumber}.pdf"`,
    );
    expect(res.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(res.bytes.subarray(-6).toString("latin1")).toMatch(/%%EOF\s*$/);
    const { text, title } = await readPdf(res.bytes);
    expect(title).toBe(`Invoice ${created.invoiceNumber}`);
    expect(text).toContain(`Invoice # ${created.invoiceNumber}`);
    expect(text).toContain("Invoices Co A");
    expect(text).toContain(`Job # ${jobA.jobNumber}`);
    expect(text).toContain("Abilene, TX");
    expect(text).toContain("$1,234.56");
    expect(text).toContain("$1,584.56"); // the total
    expect(text).toContain("Issue date: Mar 04, 2025");
  });

  test("a number with / and . prints as typed; the file name stays sane; an emoji is refused", async () => {
    const number = `INV/2026.${Math.random().toString(36).slice(2, 6)}-A`;
    const created = await createInvoice(jobA, { invoiceNumber: number });
    const res = await rawGet(`/api/invoices/${created.id}/pdf`, adminA.cookie);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="invoice-${number.replaceAll("/", "-")}.pdf"`,
    );
    expect((await readPdf(res.bytes)).text).toContain(`Invoice # ${number}`);
    const refused = await t.as(adminA)(
      "POST",
      "/api/invoices",
      invoiceBody(jobA, { invoiceNumber: "INV-🚚-1" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      invoiceNumber: "Invoice number may contain only letters, digits and - / .",
    });
  });

  test("prints any character a user can type with the embedded font; what it cannot draw is a clean box", async () => {
    const created = await createInvoice(jobA, {
      customerName: "Société Générale – Transports",
      pevoName: "José Núñez",
      lineItems: [
        { date: "2025-03-01", location: "Dallas, TX → Amarillo, TX", mileage: "365", charge: "1000" },
      ],
      notes: "Tolls €12.50 — Straße Ωmega Жуков; emoji 😀 and 中 fall back",
    });
    const res = await rawGet(`/api/invoices/${created.id}/pdf`, adminA.cookie);
    expect(res.status).toBe(200);
    const { text } = await readPdf(res.bytes);
    expect(text).toContain("Dallas, TX → Amarillo, TX");
    expect(text).toContain("Société Générale – Transports");
    expect(text).toContain("PEVO: José Núñez (Lead Car)");
    expect(text).toContain("Tolls €12.50 — Straße Ωmega Жуков; emoji □ and □ fall back");
    expect(text).not.toContain("!’"); // what Helvetica printed for '→'
  });

  test("a long invoice: 'Page i of N' on every page, the table header on each page of lines, the Notes heading with its text", async () => {
    const notes = "Remit within 30 days\nCheck to Invoices Co A, PO Box 1, Austin TX";
    // From 46 to 54 lines (two pages) the totals and notes land at every height of page 2, its
    // bottom included: the heading must move to page 3 with its first line.
    let moved = 0;
    for (let count = 46; count <= 54; count += 1) {
      const lineItems = Array.from({ length: count }, (_, i) => ({
        date: "2025-03-01",
        location: `Stop ${i + 1}, Amarillo, TX`,
        mileage: "10",
        charge: "18.50",
      }));
      const created = await createInvoice(jobA, { lineItems, notes });
      const res = await rawGet(`/api/invoices/${created.id}/pdf`, adminA.cookie);
      const { pages } = await readPdf(res.bytes);
      expect(pages.length, `${count} lines`).toBeGreaterThanOrEqual(2);
      for (const [i, page] of pages.entries()) {
        expect(page, `${count} lines, page ${i + 1}`).toContain(`Page ${i + 1} of ${pages.length}`);
      }
      // Every page with lines has the column header above them.
      const withLines = pages.filter((page) => /Stop \d+, Amarillo/.test(page));
      for (const page of withLines) expect(page).toMatch(/Date\s+Description\s+Mileage\s+Charge \(\$\)/);
      expect(withLines.length).toBeGreaterThanOrEqual(2);
      const notesPage = pages.findIndex((page) => /^Notes$/m.test(page));
      expect(notesPage, `${count} lines`).toBeGreaterThanOrEqual(0);
      expect(pages[notesPage], `${count} lines`).toContain("Remit within 30 days");
      if (!pages[notesPage]?.includes("Total")) moved += 1;
    }
    // At least one count put the notes on a page of their own, after the totals' page.
    expect(moved).toBeGreaterThan(0);
  }, 60_000);

  test("an unknown or non-uuid id is 404", async () => {
    expect((await t.as(adminA)("GET", `/api/invoices/${MISSING_ID}/pdf`)).status).toBe(404);
    expect((await t.as(adminA)("GET", "/api/invoices/nope/pdf")).status).toBe(404);
  });
});

describe("tenancy and roles", () => {
  test("another company's invoice is 404 on GET, PUT, DELETE and pdf, and stays unchanged", async () => {
    const created = await createInvoice(jobA);
    const rowBefore = await invoiceRow(created.id);
    const linesBefore = await lineRows(created.id);
    const attempts: [string, string, unknown][] = [
      ["GET", `/api/invoices/${created.id}`, undefined],
      ["GET", `/api/invoices/${created.id}/pdf`, undefined],
      [
        "PUT",
        `/api/invoices/${created.id}`,
        invoiceBody(jobB, { invoiceNumber: "HIJACKED", status: "paid" }),
      ],
      ["DELETE", `/api/invoices/${created.id}`, undefined],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.as(adminB)(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toEqual({ error: "Invoice not found" });
    }
    expect(await invoiceRow(created.id)).toEqual(rowBefore);
    expect(await lineRows(created.id)).toEqual(linesBefore);
    const byNumber = `/api/invoices?q=${encodeURIComponent(created.invoiceNumber)}`;
    const listB = await t.as(adminB)("GET", byNumber);
    expect(listB.body.items.map((i: { id: string }) => i.id)).not.toContain(created.id);
    const listA = await t.as(adminA)("GET", byNumber);
    expect(listA.body.items.map((i: { id: string }) => i.id)).toContain(created.id);
    const bIds = new Set(
      (
        await t.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.companyId, adminB.companyId))
      ).map((r) => r.id),
    );
    // Every page of A's list: none of B's invoices.
    const seenA: string[] = [];
    for (let page = 1; ; page++) {
      const res = await t.as(adminA)("GET", `/api/invoices?pageSize=100&page=${page}`);
      seenA.push(...res.body.items.map((i: { id: string }) => i.id));
      if (page * 100 >= res.body.total) break;
    }
    expect(seenA.length).toBeGreaterThan(0);
    expect(seenA.filter((id) => bIds.has(id))).toEqual([]);
  });

  const endpoints = (id: string, body: unknown): [string, string, unknown][] => [
    ["GET", "/api/invoices", undefined],
    ["POST", "/api/invoices", body],
    ["GET", `/api/invoices/${id}`, undefined],
    ["GET", `/api/invoices/${id}/pdf`, undefined],
    ["PUT", `/api/invoices/${id}`, body],
    ["DELETE", `/api/invoices/${id}`, undefined],
  ];

  test("a PEVO user gets 403 on every invoices endpoint, and nothing changes", async () => {
    const created = await createInvoice(jobA);
    const before = await invoiceCount(adminA.companyId);
    for (const [method, path, body] of endpoints(created.id, invoiceBody(jobA))) {
      const res = await t.request(method, path, { cookie: pevoA.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toEqual({ error: "You do not have access to this area" });
    }
    expect(await invoiceCount(adminA.companyId)).toBe(before);
    expect(await invoiceRow(created.id)).toBeDefined();
  });

  test("anonymous callers get 401 on every invoices endpoint", async () => {
    const created = await createInvoice(jobA);
    for (const [method, path, body] of endpoints(created.id, invoiceBody(jobA))) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body, `${method} ${path}`).toEqual({
        error: "You must be logged in to perform this action",
      });
    }
    expect(await invoiceRow(created.id)).toBeDefined();
  });
});

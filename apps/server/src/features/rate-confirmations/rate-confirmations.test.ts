import {
  activityEvents,
  customRates,
  missingRow,
  positions,
  rateConfirmations,
  standardRates,
} from "@pevo/db";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type JsonBody as Body,
  createTestApp,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const NOT_FOUND = { error: "Rate confirmation not found" };
const JOB_TAKEN = "This job number is already used by another rate confirmation";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoUser: TestPevo;
let clientA: string;
let clientB: string;
let pevoA: string;
let pevoB: string;

const asA = (method: string, path: string, body?: unknown) => t.as(adminA)(method, path, body);

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Alpha Escorts" });
  adminB = await t.signUpAdmin({ companyName: "Bravo Escorts" });
  pevoUser = await t.createPevoUser(adminA.companyId);
  clientA = (await t.createClient(adminA, { name: "Lone Star Heavy Haul" })).id;
  clientB = (await t.createClient(adminB, { name: "Bravo Client" })).id;
  pevoA = (await t.createPevo(adminA, { firstName: "Lee", lastName: "Lead" })).id;
  pevoB = (await t.createPevo(adminB, { firstName: "Bo", lastName: "Bravo" })).id;
});
afterAll(() => t.close());

let jobCounter = 0;
const nextJob = () => {
  jobCounter += 1;
  return `JOB-${jobCounter}-${Math.random().toString(36).slice(2, 7)}`;
};

function validBody(overrides: Body = {}) {
  return {
    clientId: clientA,
    jobNumber: nextJob(),
    originAddress: "Houston, TX 77001",
    destinationAddress: "Denver, CO 80202",
    startDate: "2025-03-05",
    endDate: "2025-03-07",
    description: "Wind turbine blade transport, 180 ft overall length",
    additionalTerms: "Payment within 30 days.",
    standardRates: {
      minimumDailyRate: "450",
      mileageRate: 0.1,
      overnightRate: "125.5",
      noGoRate: 200,
      detentionRate: "75.00",
      detentionThreshold: "2",
    },
    customRates: [{ name: "Police escort", amount: "95.25", unit: "hourly" }],
    positions: [
      { positionType: "custom", customName: "Bucket Truck" },
      { positionType: "lead_car", pevoId: pevoA },
    ],
    // Many jobs here put pevoA on the same dates (booking-conflicts.test.ts tests the check).
    allowConflict: true,
    ...overrides,
  };
}

const createRc = (overrides: Body = {}, admin = adminA) =>
  t.createRateConfirmation(admin, validBody(overrides));

async function tableCounts() {
  const [
    [rc = missingRow("rateConfirmations")],
    [std = missingRow("standardRates")],
    [custom = missingRow("customRates")],
    [pos = missingRow("positions")],
  ] = await Promise.all([
    t.db.select({ n: count() }).from(rateConfirmations),
    t.db.select({ n: count() }).from(standardRates),
    t.db.select({ n: count() }).from(customRates),
    t.db.select({ n: count() }).from(positions),
  ]);
  return { rateConfirmations: rc.n, standardRates: std.n, customRates: custom.n, positions: pos.n };
}

describe("POST /api/rate-confirmations", () => {
  test("creates the confirmation with rates and positions; money comes back as exact strings", async () => {
    const body = validBody();
    const res = await asA("POST", "/api/rate-confirmations", body);
    expect(res.status).toBe(201);
    const expected = {
      clientId: clientA,
      clientName: "Lone Star Heavy Haul",
      jobNumber: body.jobNumber,
      originAddress: "Houston, TX 77001",
      destinationAddress: "Denver, CO 80202",
      startDate: "2025-03-05",
      endDate: "2025-03-07",
      description: "Wind turbine blade transport, 180 ft overall length",
      additionalTerms: "Payment within 30 days.",
      signatureStatus: "not_sent",
      standardRates: {
        minimumDailyRate: "450.00",
        mileageRate: "0.10",
        overnightRate: "125.50",
        noGoRate: "200.00",
        detentionRate: "75.00",
        detentionThreshold: 2,
      },
      customRates: [{ name: "Police escort", amount: "95.25", unit: "hourly" }],
      positions: [
        { positionType: "custom", customName: "Bucket Truck", pevoId: null, pevoName: null },
        { positionType: "lead_car", customName: null, pevoId: pevoA, pevoName: "Lee Lead" },
      ],
    };
    expect(res.body).toMatchObject(expected);
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);

    const get = await asA("GET", `/api/rate-confirmations/${res.body.id}`);
    expect(get.status).toBe(200);
    expect(get.body).toMatchObject(expected);
    expect(get.body).toEqual(res.body);
    expect(get.body.customRates[0].id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.db.select().from(rateConfirmations).where(eq(rateConfirmations.id, res.body.id));
    expect(row).toMatchObject({ companyId: adminA.companyId, createdBy: adminA.userId });
    const [rates = missingRow("standardRates")] = await t.db
      .select()
      .from(standardRates)
      .where(eq(standardRates.rateConfirmationId, res.body.id));
    expect(rates.mileageRate).toBe("0.10");
  });

  test("keeps cents exact for amounts that drift as floats", async () => {
    const rc = await createRc({
      standardRates: {
        minimumDailyRate: 0.3,
        mileageRate: "1.15",
        overnightRate: 19.99,
        noGoRate: "0",
        detentionRate: 234567.89,
        detentionThreshold: 0,
      },
      customRates: [
        { name: "Permit fee", amount: 0.07, unit: "per_job" },
        { name: "Extra day", amount: "999999.1", unit: "daily" },
      ],
    });
    expect(rc.standardRates).toEqual({
      minimumDailyRate: "0.30",
      mileageRate: "1.15",
      overnightRate: "19.99",
      noGoRate: "0.00",
      detentionRate: "234567.89",
      detentionThreshold: 0,
    });
    expect(rc.customRates.map((r: Body) => [r.name, r.amount, r.unit])).toEqual([
      ["Permit fee", "0.07", "per_job"],
      ["Extra day", "999999.10", "daily"],
    ]);
  });

  test("an empty end date, terms and PEVO are saved as none; custom names only for Custom Position", async () => {
    const rc = await createRc({
      endDate: "",
      additionalTerms: "",
      customRates: [],
      positions: [{ positionType: "chase_car", customName: "ignored", pevoId: "" }],
    });
    expect(rc).toMatchObject({ endDate: null, additionalTerms: null, customRates: [] });
    expect(rc.positions).toEqual([
      {
        id: expect.any(String),
        positionType: "chase_car",
        customName: null,
        pevoId: null,
        pevoName: null,
        dispatched: false,
        coveredBy: null,
      },
    ]);
  });

  const rates = (patch: Body) => ({ standardRates: { ...validBody().standardRates, ...patch } });
  const invalid: [string, Body, string, string][] = [
    ["no client", { clientId: undefined }, "clientId", "Please select a client"],
    ["an empty client", { clientId: "" }, "clientId", "Please select a client"],
    ["a missing job number", { jobNumber: undefined }, "jobNumber", "Job number is required"],
    ["a blank job number", { jobNumber: "   " }, "jobNumber", "Job number is required"],
    ["a short origin", { originAddress: "Hou" }, "originAddress", "Origin address is required"],
    ["a missing origin", { originAddress: undefined }, "originAddress", "Origin address is required"],
    [
      "a short destination",
      { destinationAddress: "Den" },
      "destinationAddress",
      "Destination address is required",
    ],
    ["a missing start date", { startDate: undefined }, "startDate", "Start date is required"],
    ["an empty start date", { startDate: "" }, "startDate", "Start date is required"],
    ["an impossible start date", { startDate: "2025-02-30" }, "startDate", "Start date is required"],
    [
      "a short description",
      { description: "Too short" },
      "description",
      "Please provide a detailed job description",
    ],
    [
      "a missing description",
      { description: undefined },
      "description",
      "Please provide a detailed job description",
    ],
    [
      "an empty minimum daily rate",
      rates({ minimumDailyRate: "" }),
      "standardRates.minimumDailyRate",
      "Minimum daily rate is required",
    ],
    [
      "a missing minimum daily rate",
      rates({ minimumDailyRate: undefined }),
      "standardRates.minimumDailyRate",
      "Minimum daily rate is required",
    ],
    [
      "an empty mileage rate",
      rates({ mileageRate: "" }),
      "standardRates.mileageRate",
      "Mileage rate is required",
    ],
    [
      "an empty overnight rate",
      rates({ overnightRate: " " }),
      "standardRates.overnightRate",
      "Overnight rate is required",
    ],
    ["an empty no-go rate", rates({ noGoRate: "" }), "standardRates.noGoRate", "No-go rate is required"],
    [
      "a null detention rate",
      rates({ detentionRate: null }),
      "standardRates.detentionRate",
      "Detention rate is required",
    ],
    [
      "an empty detention threshold",
      rates({ detentionThreshold: "" }),
      "standardRates.detentionThreshold",
      "Detention threshold is required",
    ],
    [
      "a missing detention threshold",
      rates({ detentionThreshold: undefined }),
      "standardRates.detentionThreshold",
      "Detention threshold is required",
    ],
    [
      "a negative rate",
      rates({ mileageRate: "-1" }),
      "standardRates.mileageRate",
      "Amount must be 0 or more",
    ],
    [
      "a rate with three decimals",
      rates({ mileageRate: "1.005" }),
      "standardRates.mileageRate",
      "Enter an amount with up to 2 decimals",
    ],
    [
      "a fractional threshold",
      rates({ detentionThreshold: 1.5 }),
      "standardRates.detentionThreshold",
      "Enter whole hours (0 or more)",
    ],
    [
      "a custom rate without name",
      { customRates: [{ name: "", amount: "10", unit: "daily" }] },
      "customRates.0.name",
      "Rate name is required",
    ],
    [
      "a custom rate without amount",
      { customRates: [{ name: "Fee", amount: "", unit: "daily" }] },
      "customRates.0.amount",
      "Rate amount is required",
    ],
    [
      "a custom rate with a missing amount",
      { customRates: [{ name: "Fee", unit: "daily" }] },
      "customRates.0.amount",
      "Rate amount is required",
    ],
    [
      "a custom rate with an unknown unit",
      { customRates: [{ name: "Fee", amount: "1", unit: "yearly" }] },
      "customRates.0.unit",
      "Choose a unit",
    ],
    ["no positions", { positions: [] }, "positions", "At least one position is required"],
    [
      "a Custom Position without name",
      { positions: [{ positionType: "custom", customName: " " }] },
      "positions.0.customName",
      "Custom position name is required",
    ],
    [
      "an unknown position type",
      { positions: [{ positionType: "pilot" }] },
      "positions.0.positionType",
      "Choose a position type",
    ],
    [
      "an end date before the start",
      { endDate: "2025-03-01" },
      "endDate",
      "End date cannot be before the start date",
    ],
  ];
  test.each(invalid)(
    "refuses %s with 400 at the field, saving nothing",
    async (_, overrides, field, message) => {
      const before = await tableCounts();
      const body = validBody(overrides);
      const res = await asA("POST", "/api/rate-confirmations", body);
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(typeof res.body.error).toBe("string");
      expect(await tableCounts()).toEqual(before);
      expect(
        await t.db
          .select()
          .from(rateConfirmations)
          .where(eq(rateConfirmations.jobNumber, String(body.jobNumber))),
      ).toEqual([]);
    },
  );

  test("an empty form reports every required message at once", async () => {
    const res = await asA("POST", "/api/rate-confirmations", {
      clientId: "",
      jobNumber: "",
      originAddress: "",
      destinationAddress: "",
      startDate: "",
      description: "",
      standardRates: {
        minimumDailyRate: "",
        mileageRate: "",
        overnightRate: "",
        noGoRate: "",
        detentionRate: "",
        detentionThreshold: "",
      },
      customRates: [{ name: "", amount: "", unit: "hourly" }],
      positions: [],
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      clientId: "Please select a client",
      jobNumber: "Job number is required",
      originAddress: "Origin address is required",
      destinationAddress: "Destination address is required",
      startDate: "Start date is required",
      description: "Please provide a detailed job description",
      "standardRates.minimumDailyRate": "Minimum daily rate is required",
      "standardRates.mileageRate": "Mileage rate is required",
      "standardRates.overnightRate": "Overnight rate is required",
      "standardRates.noGoRate": "No-go rate is required",
      "standardRates.detentionRate": "Detention rate is required",
      "standardRates.detentionThreshold": "Detention threshold is required",
      "customRates.0.name": "Rate name is required",
      "customRates.0.amount": "Rate amount is required",
      positions: "At least one position is required",
    });
  });

  test("another company's client, or an unknown one, is a field error and nothing is saved", async () => {
    const before = await tableCounts();
    for (const clientId of [clientB, MISSING_ID]) {
      const res = await asA("POST", "/api/rate-confirmations", validBody({ clientId }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "Please select a client",
        fields: { clientId: "Please select a client" },
      });
    }
    expect(await tableCounts()).toEqual(before);
  });

  test("another company's PEVO, or an unknown one, is a field error at its position and nothing is saved", async () => {
    const before = await tableCounts();
    for (const pevoId of [pevoB, MISSING_ID]) {
      const res = await asA(
        "POST",
        "/api/rate-confirmations",
        validBody({
          positions: [
            { positionType: "lead_car", pevoId: pevoA },
            { positionType: "chase_car", pevoId },
          ],
        }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ "positions.1.pevoId": "Choose a PEVO from the list" });
    }
    const notUuid = await asA(
      "POST",
      "/api/rate-confirmations",
      validBody({ positions: [{ positionType: "lead_car", pevoId: "x" }] }),
    );
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.fields["positions.0.pevoId"]).toBe("Choose a PEVO from the list");
    expect(await tableCounts()).toEqual(before);
  });

  test("a duplicate job number in the company is 409 fields.jobNumber; another company may use it", async () => {
    const first = await createRc();
    const before = await tableCounts();
    const dup = await asA(
      "POST",
      "/api/rate-confirmations",
      validBody({ jobNumber: ` ${first.jobNumber} ` }),
    );
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: JOB_TAKEN, fields: { jobNumber: JOB_TAKEN } });
    expect(await tableCounts()).toEqual(before);

    const other = await t.as(adminB)(
      "POST",
      "/api/rate-confirmations",
      validBody({
        clientId: clientB,
        jobNumber: first.jobNumber,
        positions: [{ positionType: "steerman", pevoId: pevoB }],
      }),
    );
    expect(other.status).toBe(201);
  });
});

describe("GET /api/rate-confirmations/next-job-number", () => {
  test("RC-YYYYMMDD-001, then the next free number of that day, per company", async () => {
    const fresh = await t.signUpAdmin();
    const client = (await t.createClient(fresh, { name: "Fresh Client" })).id;
    const asFresh = t.as(fresh);

    const first = await asFresh("GET", "/api/rate-confirmations/next-job-number?date=2025-01-05");
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ jobNumber: "RC-20250105-001" });

    await createRc(
      { clientId: client, jobNumber: "RC-20250105-001", positions: [{ positionType: "lead_car" }] },
      fresh,
    );
    const second = await asFresh("GET", "/api/rate-confirmations/next-job-number?date=2025-01-05");
    expect(second.body).toEqual({ jobNumber: "RC-20250105-002" });

    // The highest number of the day decides, and other days are independent.
    await createRc(
      { clientId: client, jobNumber: "RC-20250105-007", positions: [{ positionType: "lead_car" }] },
      fresh,
    );
    expect((await asFresh("GET", "/api/rate-confirmations/next-job-number?date=2025-01-05")).body).toEqual({
      jobNumber: "RC-20250105-008",
    });
    expect((await asFresh("GET", "/api/rate-confirmations/next-job-number?date=2025-01-06")).body).toEqual({
      jobNumber: "RC-20250106-001",
    });
    // Another company's numbers do not count.
    expect(
      (await t.as(adminB)("GET", "/api/rate-confirmations/next-job-number?date=2025-01-05")).body,
    ).toEqual({
      jobNumber: "RC-20250105-001",
    });
  });

  test("defaults to today and refuses a bad date", async () => {
    const res = await asA("GET", "/api/rate-confirmations/next-job-number");
    expect(res.status).toBe(200);
    expect(res.body.jobNumber).toMatch(/^RC-\d{8}-\d{3}$/);
    const bad = await asA("GET", "/api/rate-confirmations/next-job-number?date=2025-13-01");
    expect(bad.status).toBe(400);
  });
});

describe("GET /api/rate-confirmations", () => {
  test("lists the company's active confirmations (latest start date first) with client name and positions count", async () => {
    const fresh = await t.signUpAdmin();
    const client = (await t.createClient(fresh, { name: "List Client" })).id;
    const one = await createRc({ clientId: client, positions: [{ positionType: "lead_car" }] }, fresh);
    const two = await createRc(
      {
        clientId: client,
        startDate: "2025-03-09",
        endDate: "2025-03-10",
        positions: [
          { positionType: "lead_car" },
          { positionType: "chase_car" },
          { positionType: "steerman" },
        ],
      },
      fresh,
    );
    const res = await t.as(fresh)("GET", "/api/rate-confirmations");
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((r: Body) => [r.id, r.positionsCount, r.clientName])).toEqual([
      [two.id, 3, "List Client"],
      [one.id, 1, "List Client"],
    ]);
    expect(res.body.items[0]).toMatchObject({
      jobNumber: two.jobNumber,
      originAddress: "Houston, TX 77001",
      destinationAddress: "Denver, CO 80202",
      startDate: "2025-03-09",
      endDate: "2025-03-10",
      signatureStatus: "not_sent",
    });
  });

  test("search matches job number, origin or destination, case-insensitively, never another company's", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const byJob = await createRc({ jobNumber: `SRCH-${tag}-JOB` });
    const byOrigin = await createRc({ originAddress: `Amarillo ${tag} Yard, TX` });
    const byDestination = await createRc({ destinationAddress: `Cheyenne ${tag} Depot, WY` });
    await createRc(
      { clientId: clientB, jobNumber: `SRCH-${tag}-B`, positions: [{ positionType: "lead_car" }] },
      adminB,
    );

    const search = async (q: string) => {
      const res = await asA("GET", `/api/rate-confirmations?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.items.map((r: Body) => r.id).sort();
    };
    expect(await search(tag.toUpperCase())).toEqual([byJob.id, byOrigin.id, byDestination.id].sort());
    expect(await search(`srch-${tag}`)).toEqual([byJob.id]);
    expect(await search(`AMARILLO ${tag}`)).toEqual([byOrigin.id]);
    expect(await search(`cheyenne ${tag} depot`)).toEqual([byDestination.id]);
    expect(await search(`  ${tag}-job  `)).toEqual([byJob.id]);
    expect(await search(`${tag}%`)).toEqual([]);
    expect(await search("no-such-thing-anywhere")).toEqual([]);
    // Company B finds only its own.
    const b = await t.as(adminB)("GET", `/api/rate-confirmations?q=${tag}`);
    expect(b.body.items.map((r: Body) => r.jobNumber)).toEqual([`SRCH-${tag}-B`]);
  });
});

describe("PUT /api/rate-confirmations/:id", () => {
  test("is a real update: changed fields, a removed position, replaced rates", async () => {
    const rc = await createRc();
    const body = validBody({
      jobNumber: rc.jobNumber,
      description: "Updated: two transformer sections, 16 ft wide",
      positions: [{ positionType: "lead_car", pevoId: pevoA }],
      customRates: [
        { name: "Night move", amount: "150", unit: "per_job" },
        { name: "Fuel surcharge", amount: "0.05", unit: "per_mile" },
      ],
      standardRates: { ...validBody().standardRates, mileageRate: "2.35" },
    });
    const res = await asA("PUT", `/api/rate-confirmations/${rc.id}`, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: rc.id,
      description: "Updated: two transformer sections, 16 ft wide",
      positions: [{ positionType: "lead_car", customName: null, pevoId: pevoA, pevoName: "Lee Lead" }],
      customRates: [
        { name: "Night move", amount: "150.00", unit: "per_job" },
        { name: "Fuel surcharge", amount: "0.05", unit: "per_mile" },
      ],
    });
    expect(res.body.standardRates.mileageRate).toBe("2.35");
    expect((await asA("GET", `/api/rate-confirmations/${rc.id}`)).body).toEqual(res.body);
    expect(await t.db.select().from(positions).where(eq(positions.rateConfirmationId, rc.id))).toHaveLength(
      1,
    );
    expect(
      await t.db.select().from(standardRates).where(eq(standardRates.rateConfirmationId, rc.id)),
    ).toHaveLength(1);
    const list = await asA("GET", `/api/rate-confirmations?q=${encodeURIComponent(rc.jobNumber)}`);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0].positionsCount).toBe(1);
  });

  test("validates like create and changes nothing on bad input", async () => {
    const rc = await createRc();
    const before = await asA("GET", `/api/rate-confirmations/${rc.id}`);
    const empty = await asA("PUT", `/api/rate-confirmations/${rc.id}`, validBody({ positions: [] }));
    expect(empty.status).toBe(400);
    expect(empty.body.fields.positions).toBe("At least one position is required");
    const foreign = await asA("PUT", `/api/rate-confirmations/${rc.id}`, validBody({ clientId: clientB }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.fields.clientId).toBe("Please select a client");
    const foreignPevo = await asA(
      "PUT",
      `/api/rate-confirmations/${rc.id}`,
      validBody({ positions: [{ positionType: "lead_car", pevoId: pevoB }] }),
    );
    expect(foreignPevo.status).toBe(400);
    expect(foreignPevo.body.fields["positions.0.pevoId"]).toBe("Choose a PEVO from the list");
    expect((await asA("GET", `/api/rate-confirmations/${rc.id}`)).body).toEqual(before.body);
  });

  test("taking another confirmation's job number is 409 fields.jobNumber and changes nothing", async () => {
    const taken = await createRc();
    const rc = await createRc();
    const before = await asA("GET", `/api/rate-confirmations/${rc.id}`);
    const res = await asA(
      "PUT",
      `/api/rate-confirmations/${rc.id}`,
      validBody({ jobNumber: taken.jobNumber, description: "Should not be saved at all" }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: JOB_TAKEN, fields: { jobNumber: JOB_TAKEN } });
    expect((await asA("GET", `/api/rate-confirmations/${rc.id}`)).body).toEqual(before.body);
  });

  test("answers 404 for unknown and non-uuid ids", async () => {
    for (const id of [MISSING_ID, "nope"]) {
      const res = await asA("PUT", `/api/rate-confirmations/${id}`, validBody());
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });
});

describe("one transaction per write", () => {
  async function withFailingPositions(run: () => Promise<void>) {
    await t.db.execute(
      sql.raw(
        "create function fail_positions() returns trigger language plpgsql as $$ begin raise exception 'boom'; end $$",
      ),
    );
    await t.db.execute(
      sql.raw(
        "create trigger fail_positions before insert on rate_confirmation_positions for each row execute function fail_positions()",
      ),
    );
    // The failure is logged as an unexpected server error (the harness keeps it in t.logs).
    const before = t.logs.length;
    try {
      await run();
      const logged = t.logs.slice(before);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ level: 50, msg: "Unexpected error" });
      expect(JSON.stringify(logged[0]?.err)).toContain("rate_confirmation_positions");
    } finally {
      await t.db.execute(sql.raw("drop trigger fail_positions on rate_confirmation_positions"));
      await t.db.execute(sql.raw("drop function fail_positions()"));
    }
  }

  test("create: when the positions insert fails, no confirmation, no rates are saved", async () => {
    const body = validBody();
    const before = await tableCounts();
    await withFailingPositions(async () => {
      const res = await asA("POST", "/api/rate-confirmations", body);
      expect(res.status).toBe(500);
      // The message quotes the request id (README "Logs").
      const id = res.headers.get("x-request-id");
      expect(res.body).toEqual({
        error: `Something went wrong on our side. Please try again. If it happens again, quote this reference: ${id}.`,
      });
      expect(await tableCounts()).toEqual(before);
    });
    expect(
      await t.db.select().from(rateConfirmations).where(eq(rateConfirmations.jobNumber, body.jobNumber)),
    ).toEqual([]);
    // The same form saves once the failure is gone: nothing half-written blocks the job number.
    const retry = await asA("POST", "/api/rate-confirmations", body);
    expect(retry.status).toBe(201);
  });

  test("update: when the positions insert fails, the old version stays intact", async () => {
    const rc = await createRc();
    const before = await asA("GET", `/api/rate-confirmations/${rc.id}`);
    const counts = await tableCounts();
    await withFailingPositions(async () => {
      const res = await asA(
        "PUT",
        `/api/rate-confirmations/${rc.id}`,
        validBody({
          jobNumber: `${rc.jobNumber}-CHANGED`,
          description: "This change must roll back completely",
          standardRates: { ...validBody().standardRates, minimumDailyRate: "999" },
          customRates: [],
          positions: [{ positionType: "steerman" }],
        }),
      );
      expect(res.status).toBe(500);
    });
    expect(await tableCounts()).toEqual(counts);
    const after = await asA("GET", `/api/rate-confirmations/${rc.id}`);
    expect(after.body).toEqual(before.body);
    expect(after.body.positions).toHaveLength(2);
    expect(after.body.customRates).toHaveLength(1);
    expect(after.body.standardRates.minimumDailyRate).toBe("450.00");
  });
});

describe("access control", () => {
  const endpoints = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/rate-confirmations"],
    ["GET", "/api/rate-confirmations/next-job-number"],
    ["POST", "/api/rate-confirmations", validBody({ jobNumber: "SNEAKY-1" })],
    ["GET", `/api/rate-confirmations/${id}`],
    ["PUT", `/api/rate-confirmations/${id}`, validBody({ jobNumber: "SNEAKY-2" })],
  ];

  test("anonymous callers get 401 on every rate confirmation endpoint", async () => {
    const rc = await createRc();
    for (const [method, path, body] of endpoints(rc.id)) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: "You must be logged in to perform this action" });
    }
    expect((await asA("GET", `/api/rate-confirmations/${rc.id}`)).body.jobNumber).toBe(rc.jobNumber);
    expect(
      await t.db.select().from(rateConfirmations).where(eq(rateConfirmations.jobNumber, "SNEAKY-1")),
    ).toEqual([]);
  });

  test("a PEVO user gets 403 on every rate confirmation endpoint", async () => {
    const rc = await createRc();
    for (const [method, path, body] of endpoints(rc.id)) {
      const res = await t.request(method, path, { cookie: pevoUser.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(typeof res.body.error).toBe("string");
    }
    expect((await asA("GET", `/api/rate-confirmations/${rc.id}`)).body.jobNumber).toBe(rc.jobNumber);
    expect(
      await t.db.select().from(rateConfirmations).where(eq(rateConfirmations.jobNumber, "SNEAKY-1")),
    ).toEqual([]);
  });

  test("another company's admin gets 404 on GET and PUT, and the confirmation is unchanged", async () => {
    const rc = await createRc();
    const before = await asA("GET", `/api/rate-confirmations/${rc.id}`);
    const get = await t.as(adminB)("GET", `/api/rate-confirmations/${rc.id}`);
    expect(get.status).toBe(404);
    expect(get.body).toEqual(NOT_FOUND);
    const put = await t.as(adminB)(
      "PUT",
      `/api/rate-confirmations/${rc.id}`,
      validBody({
        clientId: clientB,
        description: "Hijacked by company B",
        positions: [{ positionType: "lead_car" }],
      }),
    );
    expect(put.status).toBe(404);
    expect(put.body).toEqual(NOT_FOUND);
    expect((await asA("GET", `/api/rate-confirmations/${rc.id}`)).body).toEqual(before.body);
    const list = await t.as(adminB)("GET", "/api/rate-confirmations?includeCanceled=true&pageSize=100");
    expect(list.body.items.map((r: Body) => r.id)).not.toContain(rc.id);
  });
});

describe("cancel, restore, delete, duplicate", () => {
  const IN_USE =
    "This rate confirmation cannot be deleted: dispatches (and their invoices) refer to it. Cancel it instead.";
  const today = () => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  };
  const listed = async (path: string, admin = adminA) =>
    ((await t.as(admin)("GET", path)).body.items as { id: string }[]).map((r) => r.id);
  const pending = async (admin: SignedUpAdmin) =>
    (await t.as(admin)("GET", `/api/dashboard?today=${today()}`)).body.cards.pendingSignatures as number;
  const rowOf = async (id: string) =>
    (await t.db.select().from(rateConfirmations).where(eq(rateConfirmations.id, id)))[0];
  const childCounts = async (id: string) => {
    const [
      [std = missingRow("standardRates")],
      [custom = missingRow("customRates")],
      [pos = missingRow("positions")],
    ] = await Promise.all([
      t.db.select({ n: count() }).from(standardRates).where(eq(standardRates.rateConfirmationId, id)),
      t.db.select({ n: count() }).from(customRates).where(eq(customRates.rateConfirmationId, id)),
      t.db.select({ n: count() }).from(positions).where(eq(positions.rateConfirmationId, id)),
    ]);
    return [std.n, custom.n, pos.n];
  };
  const activity = async (type: string) =>
    t.db.select().from(activityEvents).where(eq(activityEvents.type, type));

  test("cancel keeps it (list with includeCanceled, its page) but leaves it out of the picker and the counts; restore brings it back", async () => {
    const fresh = await t.signUpAdmin({ companyName: "Cancel Escorts" });
    const client = (await t.createClient(fresh, { name: "Cancel Client" })).id;
    const rc = await t.createRateConfirmation(
      fresh,
      validBody({ clientId: client, positions: [{ positionType: "lead_car" }] }),
    );
    await t.db
      .update(rateConfirmations)
      .set({ signatureStatus: "awaiting_signature", signatureExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(rateConfirmations.id, rc.id));
    expect(await pending(fresh)).toBe(1);

    const res = await t.as(fresh)("POST", `/api/rate-confirmations/${rc.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.canceledAt).toEqual(expect.any(String));
    expect(await listed("/api/rate-confirmations", fresh)).not.toContain(rc.id);
    const all = (await t.as(fresh)("GET", "/api/rate-confirmations?includeCanceled=true")).body.items;
    expect(all.find((r: { id: string }) => r.id === rc.id)?.canceledAt).toBe(res.body.canceledAt);
    expect((await t.as(fresh)("GET", `/api/rate-confirmations/${rc.id}`)).body.canceledAt).toBe(
      res.body.canceledAt,
    );
    expect(await pending(fresh)).toBe(0);
    // Read-only while canceled.
    const edit = await t.as(fresh)(
      "PUT",
      `/api/rate-confirmations/${rc.id}`,
      validBody({ clientId: client }),
    );
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe("This rate confirmation is canceled: restore it before editing it");
    const events = await t.db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.companyId, fresh.companyId));
    expect(events.map((e) => e.type)).toContain("rate_canceled");

    const restored = await t.as(fresh)("POST", `/api/rate-confirmations/${rc.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.canceledAt).toBeNull();
    expect(await listed("/api/rate-confirmations", fresh)).toContain(rc.id);
    // Canceling withdrew the signature request: a restored one is sent again if needed.
    expect(restored.body.signatureStatus).toBe("not_sent");
    expect(await pending(fresh)).toBe(0);
    expect((await activity("rate_restored")).some((e) => e.companyId === fresh.companyId)).toBe(true);
  });

  test("delete is refused while a dispatch refers to it (nothing deleted); allowed otherwise, with its children", async () => {
    const used = await createRc();
    await t.createDispatch(adminA, { rateConfirmationId: used.id, pevoId: null });
    const refused = await asA("DELETE", `/api/rate-confirmations/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: IN_USE });
    expect(await rowOf(used.id)).toBeDefined();
    expect(await childCounts(used.id)).toEqual([1, 1, 2]);

    const free = await createRc();
    const res = await asA("DELETE", `/api/rate-confirmations/${free.id}`);
    expect(res.status).toBe(204);
    expect(await rowOf(free.id)).toBeUndefined();
    expect(await childCounts(free.id)).toEqual([0, 0, 0]);
    expect((await asA("GET", `/api/rate-confirmations/${free.id}`)).status).toBe(404);
    expect((await activity("rate_deleted")).some((e) => e.job === free.jobNumber)).toBe(true);
  });

  test("duplicate: a new draft with today's next job number, the same rates and positions, no PEVO", async () => {
    const source = await createRc();
    await asA("POST", `/api/rate-confirmations/${source.id}/cancel`);
    const expectedNumber = (await asA("GET", "/api/rate-confirmations/next-job-number")).body.jobNumber;
    const res = await asA("POST", `/api/rate-confirmations/${source.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = res.body;
    expect(copy.id).not.toBe(source.id);
    expect(copy.jobNumber).toBe(expectedNumber);
    expect(copy).toMatchObject({
      clientId: clientA,
      originAddress: source.originAddress,
      destinationAddress: source.destinationAddress,
      description: source.description,
      additionalTerms: source.additionalTerms,
      startDate: today(),
      endDate: null,
      signatureStatus: "not_sent",
      canceledAt: null,
      standardRates: source.standardRates,
    });
    expect(copy.customRates.map(({ id: _id, ...r }: { id: string }) => r)).toEqual(
      source.customRates.map(({ id: _id, ...r }: { id: string }) => r),
    );
    expect(copy.positions).toEqual([
      {
        id: expect.any(String),
        positionType: "custom",
        customName: "Bucket Truck",
        pevoId: null,
        pevoName: null,
        dispatched: false,
        coveredBy: null,
      },
      {
        id: expect.any(String),
        positionType: "lead_car",
        customName: null,
        pevoId: null,
        pevoName: null,
        dispatched: false,
        coveredBy: null,
      },
    ]);
    // The source keeps its PEVO and stays canceled.
    const after = (await asA("GET", `/api/rate-confirmations/${source.id}`)).body;
    expect(after.positions[1].pevoId).toBe(pevoA);
    expect(after.canceledAt).toEqual(expect.any(String));
    // A second copy gets the next number.
    const second = await asA("POST", `/api/rate-confirmations/${source.id}/duplicate`);
    expect(second.body.jobNumber).not.toBe(copy.jobNumber);
    expect((await activity("rate_duplicated")).some((e) => e.job === copy.jobNumber)).toBe(true);
  });

  test("another company's id is 404 and leaves it unchanged; a PEVO is 403", async () => {
    const rc = await createRc();
    const before = await rowOf(rc.id);
    const counts = await tableCounts();
    for (const [method, suffix] of [
      ["POST", "/cancel"],
      ["POST", "/restore"],
      ["POST", "/duplicate"],
      ["DELETE", ""],
    ] as const) {
      const res = await t.as(adminB)(method, `/api/rate-confirmations/${rc.id}${suffix}`);
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
      const pevo = await t.request(method, `/api/rate-confirmations/${rc.id}${suffix}`, {
        cookie: pevoUser.cookie,
      });
      expect(pevo.status, `${method} ${suffix}`).toBe(403);
      const missing = await asA(method, `/api/rate-confirmations/${MISSING_ID}${suffix}`);
      expect(missing.status).toBe(404);
    }
    expect(await rowOf(rc.id)).toEqual(before);
    expect(await tableCounts()).toEqual(counts);
  });
});

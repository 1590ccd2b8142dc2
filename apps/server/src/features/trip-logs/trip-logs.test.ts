import { missingRow, tripLogDeletions, tripLogExpenses, tripLogs } from "@pevo/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type JsonBody as Body,
  createTestApp,
  dispatchBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const NOT_FOUND = { error: "Trip log entry not found" };
const NOT_YOURS = "Choose one of your dispatches";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;
let pevoB: TestPevo;
let dispatch1: string;
let dispatch1b: string;
let dispatch2: string;
let dispatchB: string;

/** A dispatch with the default driver and pickup (2025-06-10 09:00); its id. */
const dispatch = async (admin: SignedUpAdmin, body: Body) => (await t.createDispatch(admin, body)).id;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1, pevo2, pevoB } = await t.createTwoCompanies());
  const client = await t.createClient(adminA, { name: "Trip Client" });
  const rc = await t.createRateConfirmation(adminA, {
    clientId: client.id,
    jobNumber: "RC-20250610-001",
    positions: [{ positionType: "lead_car", pevoId: pevo1.pevoId }],
  });
  dispatch1 = await dispatch(adminA, { pevoId: pevo1.pevoId, rateConfirmationId: rc.id });
  dispatch1b = await dispatch(adminA, { pevoId: pevo1.pevoId, pickupDate: "2025-06-20" });
  dispatch2 = await dispatch(adminA, { pevoId: pevo2.pevoId });
  dispatchB = await dispatch(adminB, { pevoId: pevoB.pevoId });
});
afterAll(() => t.close());

function validTrip(overrides: Body = {}): Body {
  return {
    tripDate: "2025-06-10",
    dispatchId: dispatch1,
    startLocation: "Houston, TX",
    endLocation: "Dallas, TX",
    miles: "245.5",
    hours: 4.25,
    notes: "Heavy traffic near Centerville",
    expenses: [
      { type: "tolls", amount: "12.5" },
      { type: "fuel", amount: 80 },
      { type: "lodging", amount: "129.99" },
      { type: "other", amount: 0 },
    ],
    ...overrides,
  };
}

async function createTrip(pevo: TestPevo, overrides: Body = {}) {
  const res = await t.as(pevo)("POST", "/api/portal/trip-logs", validTrip(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function counts() {
  const [[trips = missingRow("tripLogs")], [expenses = missingRow("tripLogExpenses")]] = await Promise.all([
    t.db.select({ n: count() }).from(tripLogs),
    t.db.select({ n: count() }).from(tripLogExpenses),
  ]);
  return { trips: trips.n, expenses: expenses.n };
}

describe("POST /api/portal/trip-logs", () => {
  test("records a trip with its expenses, in the order sent, as exact amounts", async () => {
    const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", validTrip());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      tripDate: "2025-06-10",
      dispatchId: dispatch1,
      jobNumber: "RC-20250610-001",
      pevoName: "Paula One",
      startLocation: "Houston, TX",
      endLocation: "Dallas, TX",
      miles: "245.50",
      hours: "4.25",
      notes: "Heavy traffic near Centerville",
    });
    expect(res.body.expenses.map((e: Body) => [e.type, e.amount])).toEqual([
      ["tolls", "12.50"],
      ["fuel", "80.00"],
      ["lodging", "129.99"],
      ["other", "0.00"],
    ]);
    for (const e of res.body.expenses) expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${res.body.id}`)).body).toEqual(res.body);
    const [row] = await t.db.select().from(tripLogs).where(eq(tripLogs.id, res.body.id));
    expect(row).toMatchObject({ companyId: adminA.companyId, pevoId: pevo1.pevoId });
  });

  test("a trip without a dispatch, notes or expenses", async () => {
    const trip = await createTrip(pevo1, {
      dispatchId: "",
      notes: "",
      expenses: undefined,
      miles: 0,
      hours: "0",
    });
    expect(trip).toMatchObject({
      dispatchId: null,
      jobNumber: null,
      notes: null,
      miles: "0.00",
      hours: "0.00",
      expenses: [],
    });
  });

  const invalid: [string, Body, string, string][] = [
    ["negative miles", { miles: "-1" }, "miles", "Miles cannot be negative"],
    ["negative miles as a number", { miles: -0.5 }, "miles", "Miles cannot be negative"],
    ["negative hours", { hours: -2 }, "hours", "Hours cannot be negative"],
    [
      "a negative expense amount",
      { expenses: [{ type: "fuel", amount: "-5" }] },
      "expenses.0.amount",
      "Amount must be 0 or more",
    ],
    ["missing miles", { miles: "" }, "miles", "Miles is required"],
    ["missing hours", { hours: undefined }, "hours", "Hours is required"],
    [
      "miles that are not a number",
      { miles: "ten" },
      "miles",
      "Miles must be a number with up to 2 decimals",
    ],
    ["a missing trip date", { tripDate: "" }, "tripDate", "Trip date is required"],
    ["an impossible trip date", { tripDate: "2025-06-31" }, "tripDate", "Trip date is required"],
    ["a missing start location", { startLocation: " " }, "startLocation", "Start location is required"],
    ["a missing end location", { endLocation: undefined }, "endLocation", "End location is required"],
    [
      "an unknown expense type",
      { expenses: [{ type: "food", amount: "5" }] },
      "expenses.0.type",
      "Choose an expense type",
    ],
    [
      "an expense without amount",
      { expenses: [{ type: "fuel", amount: "" }] },
      "expenses.0.amount",
      "Expense amount is required",
    ],
    ["a non-uuid dispatch", { dispatchId: "dispatch-1" }, "dispatchId", NOT_YOURS],
  ];
  test.each(invalid)(
    "refuses %s with 400 at the field, saving nothing",
    async (_, overrides, field, message) => {
      const before = await counts();
      const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", validTrip(overrides));
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(await counts()).toEqual(before);
    },
  );

  test("a trip's dispatch must be one of theirs: another PEVO's, another company's or unknown is 400", async () => {
    const before = await counts();
    for (const dispatchId of [dispatch2, dispatchB, MISSING_ID]) {
      const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", validTrip({ dispatchId }));
      expect(res.status, dispatchId).toBe(400);
      expect(res.body).toEqual({ error: NOT_YOURS, fields: { dispatchId: NOT_YOURS } });
    }
    expect(await counts()).toEqual(before);
  });
});

describe("GET /api/portal/trip-logs", () => {
  test("lists only the PEVO's own trips, latest trip first", async () => {
    const pevo = await t.createPevoUser(adminA.companyId, { firstName: "Lena", lastName: "List" });
    const mine = await dispatch(adminA, { pevoId: pevo.pevoId });
    const older = await createTrip(pevo, { tripDate: "2025-05-01", dispatchId: mine });
    const newer = await createTrip(pevo, { tripDate: "2025-05-20", dispatchId: null });
    const middle = await createTrip(pevo, { tripDate: "2025-05-10", dispatchId: mine });
    await createTrip(pevo2, { dispatchId: dispatch2 });

    const res = await t.as(pevo)("GET", "/api/portal/trip-logs");
    expect(res.status).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.items.map((x: Body) => x.id)).toEqual([newer.id, middle.id, older.id]);
    for (const trip of res.body.items) {
      expect(trip.pevoName).toBe("Lena List");
      expect(trip.expenses.map((e: Body) => e.type)).toEqual(["tolls", "fuel", "lodging", "other"]);
    }
    const idle = await t.createPevoUser(adminA.companyId);
    expect((await t.as(idle)("GET", "/api/portal/trip-logs")).body).toEqual({ items: [], nextCursor: null });
  });
});

describe("GET /api/portal/trip-logs: keyset pages and date range", () => {
  type Row = { id: string; tripDate: string; n: number };
  let logger: TestPevo;
  let rows: Row[];
  /** Newest trip first, then the latest recorded (`n`: the order they were created in). */
  const newestFirst = (a: Row, b: Row) => b.tripDate.localeCompare(a.tripDate) || b.n - a.n;

  async function walk(pevo: TestPevo, query: string, limit: number) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params = new URLSearchParams(query);
      params.set("limit", String(limit));
      if (cursor) params.set("cursor", cursor);
      const res = await t.as(pevo)("GET", `/api/portal/trip-logs?${params}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...res.body.items.map((x: Body) => x.id));
      cursor = res.body.nextCursor;
      pages += 1;
      expect(pages).toBeLessThan(100);
    } while (cursor);
    return seen;
  }

  beforeAll(async () => {
    logger = await t.createPevoUser(adminA.companyId, { firstName: "Kay", lastName: "Keyset" });
    rows = [];
    // 30 trips over 10 days (three a day): the same day orders by when it was recorded.
    for (let n = 0; n < 30; n += 1) {
      const tripDate = `2025-07-${String(10 + ((n * 7) % 10)).padStart(2, "0")}`;
      const trip = await createTrip(logger, { tripDate, dispatchId: null, expenses: [] });
      rows.push({ id: trip.id, tripDate, n });
    }
  });

  test("walks every trip once, newest first, at any page size", async () => {
    const expected = [...rows].sort(newestFirst).map((r) => r.id);
    for (const limit of [1, 4, 25, 100]) expect(await walk(logger, "", limit)).toEqual(expected);
    const first = await t.as(logger)("GET", "/api/portal/trip-logs");
    expect(first.body.items).toHaveLength(25);
  });

  test("the date range (inclusive) gives what the same filter does in JavaScript", async () => {
    const cases: [string | undefined, string | undefined][] = [
      ["2025-07-12", "2025-07-15"],
      ["2025-07-13", "2025-07-13"],
      [undefined, "2025-07-11"],
      ["2025-07-18", undefined],
      ["2025-08-01", undefined],
    ];
    for (const [from, to] of cases) {
      const params = new URLSearchParams();
      if (from) params.set("tripFrom", from);
      if (to) params.set("tripTo", to);
      const expected = rows
        .filter((r) => (!from || r.tripDate >= from) && (!to || r.tripDate <= to))
        .sort(newestFirst)
        .map((r) => r.id);
      expect(await walk(logger, params.toString(), 3), params.toString()).toEqual(expected);
    }
  });

  test("a trip logged between two page reads does not repeat a row", async () => {
    const first = await t.as(logger)("GET", "/api/portal/trip-logs?limit=4");
    const newer = await createTrip(logger, { tripDate: "2025-07-31", dispatchId: null, expenses: [] });
    const older = await createTrip(logger, { tripDate: "2025-07-01", dispatchId: null, expenses: [] });
    const seen: string[] = first.body.items.map((x: Body) => x.id);
    let cursor: string | null = first.body.nextCursor;
    while (cursor) {
      const res = await t.as(logger)("GET", `/api/portal/trip-logs?limit=4&cursor=${cursor}`);
      seen.push(...res.body.items.map((x: Body) => x.id));
      cursor = res.body.nextCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(newer.id);
    expect(seen.at(-1)).toBe(older.id);
    expect(seen.slice(0, -1)).toEqual([...rows].sort(newestFirst).map((r) => r.id));
    for (const trip of [newer, older]) {
      expect((await t.as(logger)("DELETE", `/api/portal/trip-logs/${trip.id}`)).status).toBe(204);
    }
  });

  test("bad paging and filter parameters are a 400 with a message", async () => {
    const cases: [string, string][] = [
      ["cursor=nonsense", "cursor is not valid: start again from the first page"],
      ["limit=0", "limit must be a whole number from 1 to 100"],
      ["limit=101", "limit must be a whole number from 1 to 100"],
      ["tripFrom=2025-07-32", "tripFrom must be a date (YYYY-MM-DD)"],
      ["tripFrom=2025-07-20&tripTo=2025-07-10", "tripFrom must be on or before tripTo"],
    ];
    for (const [query, message] of cases) {
      const res = await t.as(logger)("GET", `/api/portal/trip-logs?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(message);
    }
  });

  test("a coworker never receives the PEVO's trips, even with the PEVO's cursor", async () => {
    const mine = new Set(rows.map((r) => r.id));
    const page = await t.as(logger)("GET", "/api/portal/trip-logs?limit=2");
    for (const query of ["", `cursor=${page.body.nextCursor}`]) {
      const res = await t.as(pevo2)("GET", `/api/portal/trip-logs?${query}`);
      expect(res.status).toBe(200);
      for (const item of res.body.items) expect(mine.has(item.id)).toBe(false);
    }
    for (const id of await walk(pevoB, "", 5)) expect(mine.has(id)).toBe(false);
  });
});

describe("PUT /api/portal/trip-logs/:id", () => {
  test("updates the trip and replaces its expenses, keeping the new order", async () => {
    const trip = await createTrip(pevo1);
    const res = await t.as(pevo1)(
      "PUT",
      `/api/portal/trip-logs/${trip.id}`,
      validTrip({
        tripDate: "2025-06-21",
        dispatchId: dispatch1b,
        startLocation: "Dallas, TX",
        endLocation: "Oklahoma City, OK",
        miles: 206,
        hours: "3.5",
        notes: "",
        expenses: [
          { type: "other", amount: "7.25" },
          { type: "fuel", amount: "65.4" },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: trip.id,
      tripDate: "2025-06-21",
      dispatchId: dispatch1b,
      jobNumber: null,
      startLocation: "Dallas, TX",
      endLocation: "Oklahoma City, OK",
      miles: "206.00",
      hours: "3.50",
      notes: null,
    });
    expect(res.body.expenses.map((e: Body) => [e.type, e.amount])).toEqual([
      ["other", "7.25"],
      ["fuel", "65.40"],
    ]);
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${trip.id}`)).body).toEqual(res.body);
    expect(
      await t.db.select().from(tripLogExpenses).where(eq(tripLogExpenses.tripLogId, trip.id)),
    ).toHaveLength(2);
  });

  test("validates like create and changes nothing on bad input or a foreign dispatch", async () => {
    const trip = await createTrip(pevo1);
    for (const [overrides, field, message] of [
      [{ miles: "-10" }, "miles", "Miles cannot be negative"],
      [{ hours: "-1" }, "hours", "Hours cannot be negative"],
      [{ expenses: [{ type: "tolls", amount: -3 }] }, "expenses.0.amount", "Amount must be 0 or more"],
      [{ dispatchId: dispatch2 }, "dispatchId", NOT_YOURS],
      [{ dispatchId: dispatchB }, "dispatchId", NOT_YOURS],
    ] as [Body, string, string][]) {
      const res = await t.as(pevo1)(
        "PUT",
        `/api/portal/trip-logs/${trip.id}`,
        validTrip({ ...overrides, notes: "changed" }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${trip.id}`)).body).toEqual(trip);
  });
});

describe("DELETE /api/portal/trip-logs/:id", () => {
  test("deletes the trip and its expenses (204); the entry is gone for GET and PUT", async () => {
    const trip = await createTrip(pevo1);
    const res = await t.as(pevo1)("DELETE", `/api/portal/trip-logs/${trip.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${trip.id}`)).status).toBe(404);
    expect(await t.db.select().from(tripLogExpenses).where(eq(tripLogExpenses.tripLogId, trip.id))).toEqual(
      [],
    );
    expect((await t.as(pevo1)("PUT", `/api/portal/trip-logs/${trip.id}`, validTrip())).body).toEqual(
      NOT_FOUND,
    );
  });

  /**
   * A delete queued on the phone (ADR 0014) goes without a key: the entry's id is the delete's own.
   * One with an Idempotency-Key (another client's habit) is answered the same.
   */
  const queuedDelete = (pevo: TestPevo, id: string, key?: string) =>
    t.request("DELETE", `/api/portal/trip-logs/${id}`, {
      cookie: pevo.cookie,
      headers: key ? { "Idempotency-Key": key } : {},
    });
  const deletionsOf = (id: string) =>
    t.db.select().from(tripLogDeletions).where(eq(tripLogDeletions.tripLogId, id));

  test("a repeat (a queued delete sent again, its answer lost) is done: 204, nothing more deleted", async () => {
    const trip = await createTrip(pevo1);
    const kept = await createTrip(pevo1, { notes: "Stays" });
    const key = crypto.randomUUID();
    expect((await queuedDelete(pevo1, trip.id, key)).status).toBe(204);
    const before = await counts();
    for (const res of [
      await queuedDelete(pevo1, trip.id, key),
      await queuedDelete(pevo1, trip.id),
      await t.as(pevo1)("DELETE", `/api/portal/trip-logs/${trip.id}`),
    ]) {
      expect(res.status, JSON.stringify(res.body)).toBe(204);
      expect(res.body).toBe("");
    }
    expect(await counts()).toEqual(before);
    expect(await deletionsOf(trip.id)).toEqual([
      expect.objectContaining({ tripLogId: trip.id, pevoId: pevo1.pevoId, companyId: adminA.companyId }),
    ]);
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${kept.id}`)).body).toEqual(kept);
  });

  test("two deletes of the same entry at once (a replay racing the first): both 204, deleted once", async () => {
    const trip = await createTrip(pevo1);
    const key = crypto.randomUUID();
    const both = await Promise.all([queuedDelete(pevo1, trip.id, key), queuedDelete(pevo1, trip.id, key)]);
    expect(both.map((r) => r.status)).toEqual([204, 204]);
    expect(await deletionsOf(trip.id)).toHaveLength(1);
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${trip.id}`)).status).toBe(404);
  });

  test("an entry another PEVO deleted is 404 for this one, in the same company and another: never done", async () => {
    const trip = await createTrip(pevo1, { notes: "Deleted by its PEVO" });
    expect((await queuedDelete(pevo1, trip.id)).status).toBe(204);
    for (const other of [pevo2, pevoB]) {
      const again = await queuedDelete(other, trip.id);
      expect(again.status).toBe(404);
      expect(again.body).toEqual(NOT_FOUND);
      const plain = await t.as(other)("DELETE", `/api/portal/trip-logs/${trip.id}`);
      expect(plain.body).toEqual(NOT_FOUND);
    }
    expect(await deletionsOf(trip.id)).toHaveLength(1);
    // The other way round: pevo2's deleted entry is nothing to pevo1.
    const theirs = await createTrip(pevo2, { dispatchId: dispatch2 });
    expect((await queuedDelete(pevo2, theirs.id)).status).toBe(204);
    expect((await queuedDelete(pevo1, theirs.id)).body).toEqual(NOT_FOUND);
  });
});

describe("another PEVO's trip", () => {
  test("is 404 on GET, PUT and DELETE, for the same company and another one, and stays unchanged", async () => {
    const trip = await createTrip(pevo1, { notes: "Paula's own trip" });
    for (const other of [pevo2, pevoB]) {
      const get = await t.as(other)("GET", `/api/portal/trip-logs/${trip.id}`);
      expect(get.status).toBe(404);
      expect(get.body).toEqual(NOT_FOUND);
      const put = await t.as(other)(
        "PUT",
        `/api/portal/trip-logs/${trip.id}`,
        validTrip({ dispatchId: null, notes: "Overwritten", miles: 1 }),
      );
      expect(put.status).toBe(404);
      expect(put.body).toEqual(NOT_FOUND);
      const del = await t.as(other)("DELETE", `/api/portal/trip-logs/${trip.id}`);
      expect(del.status).toBe(404);
      expect(del.body).toEqual(NOT_FOUND);
      const list = await t.as(other)("GET", "/api/portal/trip-logs");
      expect(list.body.items.map((x: Body) => x.id)).not.toContain(trip.id);
    }
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${trip.id}`)).body).toEqual(trip);
  });

  test("unknown and non-uuid ids are 404", async () => {
    for (const id of [MISSING_ID, "nope"]) {
      expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${id}`)).body).toEqual(NOT_FOUND);
      expect((await t.as(pevo1)("PUT", `/api/portal/trip-logs/${id}`, validTrip())).status).toBe(404);
      expect((await t.as(pevo1)("DELETE", `/api/portal/trip-logs/${id}`)).status).toBe(404);
    }
  });
});

describe("GET /api/dispatches/:id/trip-logs (office)", () => {
  test("lists every trip logged against the dispatch, with who logged it", async () => {
    const pevo = await t.createPevoUser(adminA.companyId, { firstName: "Olga", lastName: "Office" });
    const d = await dispatch(adminA, { pevoId: pevo.pevoId });
    const first = await createTrip(pevo, { dispatchId: d, tripDate: "2025-06-10", miles: "100.1" });
    const second = await createTrip(pevo, { dispatchId: d, tripDate: "2025-06-11", miles: 50 });
    await createTrip(pevo, { dispatchId: null });

    const res = await t.as(adminA)("GET", `/api/dispatches/${d}/trip-logs`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: Body) => [x.id, x.miles, x.pevoName])).toEqual([
      [second.id, "50.00", "Olga Office"],
      [first.id, "100.10", "Olga Office"],
    ]);
    expect(res.body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(res.body.totals).toEqual({ miles: "150.10", hours: "8.50", expenses: "444.98" });
    expect(res.body.items[0].expenses.map((e: Body) => e.amount)).toEqual([
      "12.50",
      "80.00",
      "129.99",
      "0.00",
    ]);

    // Reassigned, the dispatch keeps the trips its first PEVO logged (and says who logged them).
    // pevo2 already has dispatches on that day here: reassigned anyway.
    const moved = await t.as(adminA)(
      "PUT",
      `/api/dispatches/${d}`,
      dispatchBody({ pevoId: pevo2.pevoId, allowConflict: true }),
    );
    expect(moved.status).toBe(200);
    const after = await t.as(adminA)("GET", `/api/dispatches/${d}/trip-logs`);
    expect(after.body.items.map((x: Body) => x.pevoName)).toEqual(["Olga Office", "Olga Office"]);
    // The PEVO still has their own trips, but can no longer log against the dispatch.
    expect((await t.as(pevo)("GET", "/api/portal/trip-logs")).body.items).toHaveLength(3);
    const again = await t.as(pevo)("POST", "/api/portal/trip-logs", validTrip({ dispatchId: d }));
    expect(again.status).toBe(400);
    expect(again.body.fields.dispatchId).toBe(NOT_YOURS);
  });

  test("a dispatch without trips gives an empty list", async () => {
    const fresh = await dispatch(adminA, { pevoId: pevo2.pevoId });
    const res = await t.as(adminA)("GET", `/api/dispatches/${fresh}/trip-logs`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageSize: 25,
      totals: { miles: "0.00", hours: "0.00", expenses: "0.00" },
    });
  });

  test("another company's dispatch or an unknown id is 404; a PEVO gets 403", async () => {
    await createTrip(pevoB, { dispatchId: dispatchB, notes: "Company B trip" });
    for (const id of [dispatchB, MISSING_ID, "nope"]) {
      const res = await t.as(adminA)("GET", `/api/dispatches/${id}/trip-logs`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: "Dispatch not found" });
    }
    expect((await t.as(adminB)("GET", `/api/dispatches/${dispatch1}/trip-logs`)).status).toBe(404);
    const own = await t.as(adminB)("GET", `/api/dispatches/${dispatchB}/trip-logs`);
    expect(own.body.items.map((x: Body) => x.notes)).toEqual(["Company B trip"]);
    expect((await t.as(pevo1)("GET", `/api/dispatches/${dispatch1}/trip-logs`)).status).toBe(403);
  });
});

describe("GET /api/dispatches/:id/trip-logs: pages", () => {
  let d: string;
  let made: { id: string; tripDate: string; n: number }[];

  beforeAll(async () => {
    const pevo = await t.createPevoUser(adminA.companyId, { firstName: "Paige", lastName: "Pages" });
    d = await dispatch(adminA, { pevoId: pevo.pevoId });
    made = [];
    for (let n = 0; n < 7; n += 1) {
      const tripDate = `2025-06-${String(10 + (n % 4)).padStart(2, "0")}`;
      const trip = await createTrip(pevo, {
        dispatchId: d,
        tripDate,
        miles: "10.25",
        hours: 1,
        expenses: [{ type: "fuel", amount: "5.10" }],
      });
      made.push({ id: trip.id, tripDate, n });
    }
    await createTrip(pevo, { dispatchId: null, miles: 999 });
  });

  test("pages by trip date (latest first by default), the last page short, beyond it empty", async () => {
    const desc = [...made].sort((a, b) => b.tripDate.localeCompare(a.tripDate) || b.n - a.n).map((r) => r.id);
    const seen: string[] = [];
    for (const [page, size] of [
      [1, 3],
      [2, 3],
      [3, 1],
    ] as const) {
      const res = await t.as(adminA)("GET", `/api/dispatches/${d}/trip-logs?page=${page}&pageSize=3`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 7, page, pageSize: 3 });
      expect(res.body.items).toHaveLength(size);
      // The totals are of every trip of the dispatch, whichever the page.
      expect(res.body.totals).toEqual({ miles: "71.75", hours: "7.00", expenses: "35.70" });
      seen.push(...res.body.items.map((x: Body) => x.id));
    }
    expect(seen).toEqual(desc);
    const beyond = await t.as(adminA)("GET", `/api/dispatches/${d}/trip-logs?page=4&pageSize=3`);
    expect(beyond.body).toMatchObject({ items: [], total: 7, page: 4 });
    const asc = await t.as(adminA)("GET", `/api/dispatches/${d}/trip-logs?dir=asc&pageSize=100`);
    expect(asc.body.items.map((x: Body) => x.id)).toEqual([...desc].reverse());
  });

  test("bad paging parameters are a 400 with a message", async () => {
    const cases: [string, string][] = [
      ["page=0", "page must be a whole number from 1 to 10000"],
      ["pageSize=101", "pageSize must be a whole number from 1 to 100"],
      ["pageSize=x", "pageSize must be a whole number from 1 to 100"],
      ["sort=miles", "sort must be one of: tripDate"],
      ["dir=up", "dir must be asc or desc"],
    ];
    for (const [query, message] of cases) {
      const res = await t.as(adminA)("GET", `/api/dispatches/${d}/trip-logs?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(message);
    }
  });

  test("company B gets 404 for A's dispatch on every page and sees nothing of A", async () => {
    for (const query of ["", "?page=2&pageSize=3"]) {
      const res = await t.as(adminB)("GET", `/api/dispatches/${d}/trip-logs${query}`);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(made[0]?.id);
    }
  });
});

describe("access control", () => {
  const endpoints = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/portal/trip-logs"],
    ["POST", "/api/portal/trip-logs", validTrip({ dispatchId: null, notes: "Sneaky trip" })],
    ["GET", `/api/portal/trip-logs/${id}`],
    ["PUT", `/api/portal/trip-logs/${id}`, validTrip({ dispatchId: null, notes: "Sneaky trip" })],
    ["DELETE", `/api/portal/trip-logs/${id}`],
  ];

  test("an admin gets 403 and an anonymous caller 401 on every trip log endpoint", async () => {
    const trip = await createTrip(pevo1);
    for (const [method, path, body] of endpoints(trip.id)) {
      const admin = await t.as(adminA)(method, path, body);
      expect(admin.status, `admin ${method} ${path}`).toBe(403);
      const anonymous = await t.request(method, path, { body });
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
    }
    expect((await t.as(pevo1)("GET", `/api/portal/trip-logs/${trip.id}`)).body).toEqual(trip);
    expect(await t.db.select().from(tripLogs).where(eq(tripLogs.notes, "Sneaky trip"))).toEqual([]);
  });
});

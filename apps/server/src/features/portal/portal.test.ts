import { dispatches, pevos } from "@pevo/db";
import { emptyLoadDetails } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type JsonBody as Body,
  createTestApp,
  QUALIFIED_UNTIL,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { entry, nth } from "../../../test/rows";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
/** `day` moved by `days` (YYYY-MM-DD). */
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const TODAY = "2025-06-10";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;
let pevoB: TestPevo;
let rcId: string;
/** pevo1's dispatches by name. */
const d: Record<string, string> = {};
let pevo2Dispatch: string;
let pevo2Completed: string;
let companyBDispatch: string;
let unassigned: string;

/** A dispatch with the default driver and pickup time (09:00); its id. */
const dispatch = async (admin: SignedUpAdmin, body: Body) => (await t.createDispatch(admin, body)).id;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1, pevo2, pevoB } = await t.createTwoCompanies());

  const client = await t.createClient(adminA, { name: "Lone Star Heavy Haul" });
  rcId = (
    await t.createRateConfirmation(adminA, {
      clientId: client.id,
      jobNumber: "RC-20250610-001",
      positions: [
        { positionType: "lead_car", pevoId: pevo1.pevoId },
        { positionType: "chase_car", pevoId: pevo2.pevoId },
        { positionType: "custom", customName: "Bucket Truck", pevoId: pevo1.pevoId },
        { positionType: "steerman" },
      ],
    })
  ).id;

  const p1 = { pevoId: pevo1.pevoId };
  d.today = await dispatch(adminA, {
    ...p1,
    rateConfirmationId: rcId,
    pickupDate: TODAY,
    pickupTime: "09:00",
    driverName: "Morning Driver",
    driverPhone: "555-000-1111",
    driverCompany: "Big Rig LLC",
    notes: "Meet at the north gate",
  });
  d.todayLater = await dispatch(adminA, { ...p1, pickupDate: TODAY, pickupTime: "14:00" });
  d.in6Days = await dispatch(adminA, { ...p1, pickupDate: "2025-06-16", status: "dispatched" });
  d.in7Days = await dispatch(adminA, { ...p1, pickupDate: "2025-06-17" });
  d.canceled = await dispatch(adminA, { ...p1, pickupDate: "2025-06-12", status: "canceled" });
  d.yesterdayDone = await dispatch(adminA, { ...p1, pickupDate: "2025-06-09", status: "completed" });
  d.dispatchedLastWeek = await dispatch(adminA, { ...p1, pickupDate: "2025-06-05", status: "dispatched" });
  d.done30DaysAgo = await dispatch(adminA, { ...p1, pickupDate: "2025-05-11", status: "completed" });
  d.done31DaysAgo = await dispatch(adminA, { ...p1, pickupDate: "2025-05-10", status: "completed" });
  d.futureDone = await dispatch(adminA, { ...p1, pickupDate: "2025-06-11", status: "completed" });

  pevo2Dispatch = await dispatch(adminA, {
    pevoId: pevo2.pevoId,
    rateConfirmationId: rcId,
    pickupDate: "2025-06-11",
  });
  pevo2Completed = await dispatch(adminA, {
    pevoId: pevo2.pevoId,
    pickupDate: "2025-06-01",
    status: "completed",
  });
  unassigned = await dispatch(adminA, { pickupDate: "2025-06-11" });
  companyBDispatch = await dispatch(adminB, { pevoId: pevoB.pevoId, pickupDate: "2025-06-11" });
});
afterAll(() => t.close());

describe("GET /api/portal/dispatches", () => {
  test("a PEVO sees exactly their own dispatches, latest pickup first", async () => {
    const res = await t.as(pevo1)("GET", "/api/portal/dispatches");
    expect(res.status).toBe(200);
    expect(res.body.items.map((x: Body) => x.id)).toEqual([
      d.in7Days,
      d.in6Days,
      d.canceled,
      d.futureDone,
      d.todayLater,
      d.today,
      d.yesterdayDone,
      d.dispatchedLastWeek,
      d.done30DaysAgo,
      d.done31DaysAgo,
    ]);
    const today = res.body.items.find((x: Body) => x.id === d.today);
    expect(today).toEqual({
      id: d.today,
      pickupDate: TODAY,
      pickupTime: "09:00",
      status: "pending",
      driverName: "Morning Driver",
      jobNumber: "RC-20250610-001",
      originAddress: "Houston, TX 77001",
      destinationAddress: "Denver, CO 80202",
      position: null,
    });
    const withoutRc = res.body.items.find((x: Body) => x.id === d.in6Days);
    expect(withoutRc).toMatchObject({ jobNumber: null, originAddress: null, destinationAddress: null });
  });

  test("another PEVO of the company and a PEVO of another company see only theirs", async () => {
    const two = await t.as(pevo2)("GET", "/api/portal/dispatches");
    expect(two.status).toBe(200);
    expect(two.body.items.map((x: Body) => x.id)).toEqual([pevo2Dispatch, pevo2Completed]);
    const b = await t.as(pevoB)("GET", "/api/portal/dispatches");
    expect(b.body.items.map((x: Body) => x.id)).toEqual([companyBDispatch]);
    for (const list of [two.body.items, b.body.items]) {
      expect(list.map((x: Body) => x.id)).not.toContain(unassigned);
    }
  });

  test("a PEVO with no dispatches gets an empty list", async () => {
    const idle = await t.createPevoUser(adminA.companyId);
    const res = await t.as(idle)("GET", "/api/portal/dispatches");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], nextCursor: null });
  });
});

describe("GET /api/portal/dispatches: keyset pages, upcoming / past, date range", () => {
  type Row = { id: string; pickupDate: string; pickupTime: string };
  let many: TestPevo;
  let rows: Row[];
  /** (pickup_date, pickup_time, id) ascending, as PostgreSQL orders them (uuids compare as hex). */
  const ascending = (a: Row, b: Row) =>
    a.pickupDate.localeCompare(b.pickupDate) ||
    (a.pickupTime < b.pickupTime ? -1 : a.pickupTime > b.pickupTime ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const ids = (list: Row[]) => list.map((r) => r.id);

  /** Every page of `query` with `limit`, each row's id in the order received. */
  async function walk(pevo: TestPevo, query: string, limit: number) {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const params = new URLSearchParams(query);
      params.set("limit", String(limit));
      if (cursor) params.set("cursor", cursor);
      const res = await t.as(pevo)("GET", `/api/portal/dispatches?${params}`);
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
    many = await t.createPevoUser(adminA.companyId, { firstName: "Manny", lastName: "Many" });
    rows = [];
    // 36 dispatches from 6 days before TODAY to 5 after; several share a date and a time (the id decides).
    for (let i = 0; i < 36; i += 1) {
      const pickupDate = addDays(TODAY, (i % 12) - 6);
      const pickupTime = nth(["09:00", "14:30", "09:00"], i % 3);
      const id = await dispatch(adminA, { pevoId: many.pevoId, pickupDate, pickupTime });
      rows.push({ id, pickupDate, pickupTime });
    }
  });

  test("upcoming walks every dispatch from today on once, soonest first", async () => {
    const expected = rows.filter((r) => r.pickupDate >= TODAY).sort(ascending);
    expect(expected.length).toBeGreaterThan(10);
    for (const limit of [1, 7, 100]) {
      expect(await walk(many, `when=upcoming&today=${TODAY}`, limit)).toEqual(ids(expected));
    }
  });

  test("past walks every dispatch before today once, latest first", async () => {
    const expected = rows
      .filter((r) => r.pickupDate < TODAY)
      .sort(ascending)
      .reverse();
    expect(expected.length).toBeGreaterThan(10);
    for (const limit of [1, 5, 25]) {
      expect(await walk(many, `when=past&today=${TODAY}`, limit)).toEqual(ids(expected));
    }
  });

  test("without when, every dispatch latest first; the default page is 25", async () => {
    const first = await t.as(many)("GET", "/api/portal/dispatches");
    expect(first.body.items).toHaveLength(25);
    expect(typeof first.body.nextCursor).toBe("string");
    expect(await walk(many, "", 8)).toEqual(ids([...rows].sort(ascending).reverse()));
  });

  test("the pickup date range (inclusive) gives what the same filter does in JavaScript", async () => {
    const cases: [string | undefined, string | undefined, string | undefined][] = [
      [addDays(TODAY, -3), addDays(TODAY, 2), undefined],
      [addDays(TODAY, -3), addDays(TODAY, 2), "upcoming"],
      [addDays(TODAY, -3), addDays(TODAY, 2), "past"],
      [TODAY, TODAY, undefined],
      [undefined, addDays(TODAY, -5), "past"],
      [addDays(TODAY, 4), undefined, "upcoming"],
      [addDays(TODAY, 30), undefined, undefined],
    ];
    for (const [from, to, when] of cases) {
      const params = new URLSearchParams({ today: TODAY });
      if (from) params.set("pickupFrom", from);
      if (to) params.set("pickupTo", to);
      if (when) params.set("when", when);
      const matching = rows
        .filter((r) => (!from || r.pickupDate >= from) && (!to || r.pickupDate <= to))
        .filter((r) =>
          when === "upcoming" ? r.pickupDate >= TODAY : when === "past" ? r.pickupDate < TODAY : true,
        )
        .sort(ascending);
      const expected = when === "upcoming" ? matching : matching.reverse();
      expect(await walk(many, params.toString(), 4), params.toString()).toEqual(ids(expected));
    }
  });

  test("a dispatch added between two page reads does not repeat or skip a row", async () => {
    const query = `when=upcoming&today=${TODAY}&limit=5`;
    const first = await t.as(many)("GET", `/api/portal/dispatches?${query}`);
    const firstIds: string[] = first.body.items.map((x: Body) => x.id);
    // One sorts before the cursor (already read: not shown again), one after it (still to come).
    const before = await dispatch(adminA, { pevoId: many.pevoId, pickupDate: TODAY, pickupTime: "00:01" });
    const after = await dispatch(adminA, {
      pevoId: many.pevoId,
      pickupDate: addDays(TODAY, 5),
      pickupTime: "23:59",
    });
    const rest: string[] = [];
    let cursor: string | null = first.body.nextCursor;
    while (cursor) {
      const res = await t.as(many)("GET", `/api/portal/dispatches?${query}&cursor=${cursor}`);
      rest.push(...res.body.items.map((x: Body) => x.id));
      cursor = res.body.nextCursor;
    }
    const all = [...firstIds, ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(rest).toContain(after);
    expect(all).not.toContain(before);
    const expected = rows.filter((r) => r.pickupDate >= TODAY).sort(ascending);
    expect(all.filter((id) => id !== after)).toEqual(ids(expected));
    // Tidy up for the other tests.
    await t.db.delete(dispatches).where(eq(dispatches.id, before));
    await t.db.delete(dispatches).where(eq(dispatches.id, after));
  });

  test("bad paging and filter parameters are a 400 with a message", async () => {
    const cases: [string, string][] = [
      ["cursor=nonsense", "cursor is not valid: start again from the first page"],
      [`cursor=${Buffer.from('["a","b"]').toString("base64url")}`, "cursor is not valid"],
      [`cursor=${"x".repeat(600)}`, "cursor is not valid"],
      ["limit=0", "limit must be a whole number from 1 to 100"],
      ["limit=101", "limit must be a whole number from 1 to 100"],
      ["limit=ten", "limit must be a whole number from 1 to 100"],
      ["when=soon", "when must be upcoming or past"],
      ["pickupFrom=2025-13-01", "pickupFrom must be a date (YYYY-MM-DD)"],
      ["pickupTo=yesterday", "pickupTo must be a date (YYYY-MM-DD)"],
      ["today=2025-02-30", "today must be a date (YYYY-MM-DD)"],
      ["pickupFrom=2025-06-10&pickupTo=2025-06-09", "pickupFrom must be on or before pickupTo"],
    ];
    for (const [query, message] of cases) {
      const res = await t.as(many)("GET", `/api/portal/dispatches?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toContain(message);
    }
    const most = await t.as(many)("GET", "/api/portal/dispatches?limit=100");
    expect(most.status).toBe(200);
    expect(most.body.items).toHaveLength(36);
    expect(most.body.nextCursor).toBeNull();
  });

  test("a coworker never receives another PEVO's rows, even with their cursor", async () => {
    const mine = new Set(ids(rows));
    const coworker = await walk(pevo2, "", 1);
    expect(coworker).toEqual([pevo2Dispatch, pevo2Completed]);
    const page = await t.as(many)("GET", `/api/portal/dispatches?limit=3&when=past&today=${TODAY}`);
    const borrowed = await t.as(pevo2)(
      "GET",
      `/api/portal/dispatches?when=past&today=${TODAY}&cursor=${page.body.nextCursor}`,
    );
    expect(borrowed.status).toBe(200);
    for (const item of borrowed.body.items) expect(mine.has(item.id)).toBe(false);
    expect(borrowed.body.items.map((x: Body) => x.id)).toEqual([pevo2Completed]);
    for (const id of await walk(pevoB, "", 10)) expect(mine.has(id)).toBe(false);
  });
});

describe("GET /api/portal/dispatches/:id", () => {
  test("shows what the PEVO needs on the road, with their position from the rate confirmation", async () => {
    const res = await t.as(pevo1)("GET", `/api/portal/dispatches/${d.today}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: d.today,
      pickupDate: TODAY,
      pickupTime: "09:00",
      status: "pending",
      driverName: "Morning Driver",
      driverPhone: "+15550001111", // stored in E.164 (DECISIONS 'Phone numbers')
      driverCompany: "Big Rig LLC",
      notes: "Meet at the north gate",
      jobNumber: "RC-20250610-001",
      originAddress: "Houston, TX 77001",
      destinationAddress: "Denver, CO 80202",
      description: "Oversize transformer, 16 ft wide",
      clientName: "Lone Star Heavy Haul",
      position: "Lead Car, Bucket Truck",
      positionTypes: ["lead_car", "custom"],
      // The rate confirmation has no load details (load-details.test.ts covers filled ones).
      loadDetails: emptyLoadDetails(),
    });
    const two = await t.as(pevo2)("GET", `/api/portal/dispatches/${pevo2Dispatch}`);
    expect(two.status).toBe(200);
    expect(two.body.position).toBe("Chase Car");
    const noRc = await t.as(pevo1)("GET", `/api/portal/dispatches/${d.in6Days}`);
    expect(noRc.body).toMatchObject({ position: null, jobNumber: null, status: "dispatched" });
  });

  test("another PEVO's dispatch, another company's, an unassigned one or an unknown id: 404", async () => {
    for (const id of [pevo2Dispatch, companyBDispatch, unassigned, MISSING_ID, "not-a-uuid"]) {
      const res = await t.as(pevo1)("GET", `/api/portal/dispatches/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: "Dispatch not found" });
    }
    expect((await t.as(pevoB)("GET", `/api/portal/dispatches/${d.today}`)).status).toBe(404);
    expect((await t.as(pevo2)("GET", `/api/portal/dispatches/${d.today}`)).status).toBe(404);
  });

  test("a PEVO cannot change a dispatch, not even their own", async () => {
    const before = await t.db
      .select()
      .from(dispatches)
      .where(eq(dispatches.id, entry(d, "today")));
    const body = {
      driverName: "Changed",
      driverPhone: "555-000-0000",
      pickupDate: TODAY,
      pickupTime: "10:00",
    };
    // The portal has no write routes for dispatches (404); the office API refuses a PEVO (403).
    for (const [method, path, status] of [
      ["PUT", `/api/portal/dispatches/${d.today}`, 404],
      ["DELETE", `/api/portal/dispatches/${d.today}`, 404],
      ["PUT", `/api/dispatches/${d.today}`, 403],
      ["DELETE", `/api/dispatches/${d.today}`, 403],
    ] as const) {
      const res = await t.as(pevo1)(method, path, method === "PUT" ? body : undefined);
      expect(res.status, `${method} ${path}`).toBe(status);
    }
    expect(
      await t.db
        .select()
        .from(dispatches)
        .where(eq(dispatches.id, entry(d, "today"))),
    ).toEqual(before);
  });
});

describe("GET /api/portal/dashboard", () => {
  test("counts the PEVO's own upcoming (next 7 days) and completed (last 30 days) jobs", async () => {
    const res = await t.as(pevo1)("GET", `/api/portal/dashboard?today=${TODAY}`);
    expect(res.status).toBe(200);
    // Upcoming: today 09:00, today 14:00, in 6 days, and the completed one tomorrow; not in 7 days, not canceled.
    // Completed: yesterday, 30 days ago and the one done ahead of its pickup tomorrow; not 31 days ago.
    expect(res.body.cards).toEqual({ upcomingJobs: 4, completedJobs: 3, profileStatus: "active" });
    expect(res.body.upcomingJobs.map((x: Body) => x.id)).toEqual([
      d.today,
      d.todayLater,
      d.futureDone,
      d.in6Days,
      d.in7Days,
    ]);
    expect(res.body.upcomingJobs[0]).toMatchObject({
      jobNumber: "RC-20250610-001",
      originAddress: "Houston, TX 77001",
      destinationAddress: "Denver, CO 80202",
      status: "pending",
    });
    // Their activity only: the assignments of their own dispatches.
    expect(res.body.activity.length).toBeGreaterThan(0);
    for (const event of res.body.activity) {
      expect(event.type).toBe("pevo_dispatched");
      expect(event.message).toMatch(/^Paula One dispatched/);
    }

    const two = await t.as(pevo2)("GET", `/api/portal/dashboard?today=${TODAY}`);
    expect(two.body.cards).toEqual({ upcomingJobs: 1, completedJobs: 1, profileStatus: "active" });
    expect(two.body.upcomingJobs.map((x: Body) => x.id)).toEqual([pevo2Dispatch]);
    for (const event of two.body.activity) expect(event.message).toMatch(/^Peter Two dispatched/);

    const b = await t.as(pevoB)("GET", `/api/portal/dashboard?today=${TODAY}`);
    expect(b.body.cards).toEqual({ upcomingJobs: 1, completedJobs: 0, profileStatus: "active" });
  });

  test("the window moves with today", async () => {
    const res = await t.as(pevo1)("GET", "/api/portal/dashboard?today=2025-06-11");
    // Today 2025-06-11: the completed one today, in 6 and in 7 days are upcoming; yesterday's ones no longer.
    expect(res.body.cards.upcomingJobs).toBe(3);
    // Completed within 2025-05-12..2025-06-11: yesterday (06-09) and 06-11.
    expect(res.body.cards.completedJobs).toBe(2);
  });

  test("Profile Status follows the PEVO's status", async () => {
    const pevo = await t.createPevoUser(adminA.companyId, { firstName: "Ida", lastName: "Idle" });
    const on = await t.as(pevo)("GET", "/api/portal/dashboard");
    expect(on.status).toBe(200);
    expect(on.body.cards).toEqual({ upcomingJobs: 0, completedJobs: 0, profileStatus: "active" });
    expect(on.body.upcomingJobs).toEqual([]);
    expect(on.body.activity).toEqual([]);
    const off = await t.as(adminA)("PUT", `/api/pevos/${pevo.pevoId}`, {
      firstName: "Ida",
      lastName: "Idle",
      status: "inactive",
    });
    expect(off.status).toBe(200);
    const res = await t.as(pevo)("GET", "/api/portal/dashboard");
    expect(res.body.cards.profileStatus).toBe("inactive");
  });

  test("refuses a bad today", async () => {
    const res = await t.as(pevo1)("GET", "/api/portal/dashboard?today=2025-02-30");
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("today must be a date (YYYY-MM-DD)");
  });
});

describe("/api/portal/profile", () => {
  test("GET returns the PEVO's own row", async () => {
    const res = await t.as(pevo1)("GET", "/api/portal/profile");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: pevo1.pevoId,
      firstName: "Paula",
      lastName: "One",
      email: pevo1.email,
      phone: null,
      licenseNumber: null,
      certificationExpiry: QUALIFIED_UNTIL,
      licenceReviewStatus: "approved",
      status: "active",
    });
  });

  test("PUT saves the profile; the office sees the same row (new phone)", async () => {
    const pevo = await t.createPevoUser(adminA.companyId, { firstName: "Rita", lastName: "Road" });
    const res = await t.as(pevo)("PUT", "/api/portal/profile", {
      firstName: "Rita",
      lastName: "Roadrunner",
      phone: "(555) 777-1234",
      licenseNumber: "TX-998877",
      certificationExpiry: "2027-03-05",
      // Not theirs to change here:
      status: "inactive",
      email: "other@example.test",
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: pevo.pevoId,
      firstName: "Rita",
      lastName: "Roadrunner",
      email: pevo.email,
      phone: "+15557771234", // stored in E.164 (DECISIONS 'Phone numbers')
      licenseNumber: "TX-998877",
      certificationExpiry: "2027-03-05",
      // A licence change waits for the office (credentials.test.ts).
      licenceReviewStatus: "pending",
      status: "active",
    });
    expect((await t.as(pevo)("GET", "/api/portal/profile")).body).toEqual(res.body);

    const office = await t.as(adminA)("GET", `/api/pevos/${pevo.pevoId}`);
    expect(office.status).toBe(200);
    expect(office.body).toMatchObject({
      lastName: "Roadrunner",
      phone: "+15557771234",
      licenseNumber: "TX-998877",
      certificationExpiry: "2027-03-05",
      email: pevo.email,
      status: "active",
    });
    const settings = await t.as(pevo)("GET", "/api/me/settings");
    expect(settings.body.account.contactName).toBe("Rita Roadrunner");

    const cleared = await t.as(pevo)("PUT", "/api/portal/profile", {
      firstName: "Rita",
      lastName: "Roadrunner",
      phone: "",
      certificationExpiry: "",
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ phone: null, licenseNumber: null, certificationExpiry: null });
  });

  test.each([
    [
      "a short first name",
      { firstName: "R", lastName: "Valid" },
      "firstName",
      "First name must be at least 2 characters",
    ],
    ["a missing first name", { lastName: "Valid" }, "firstName", "First name must be at least 2 characters"],
    [
      "a short last name",
      { firstName: "Valid", lastName: " " },
      "lastName",
      "Last name must be at least 2 characters",
    ],
    [
      "a bad expiry",
      { firstName: "Valid", lastName: "Valid", certificationExpiry: "05/03/2027" },
      "certificationExpiry",
      "Enter a valid date",
    ],
  ])("PUT refuses %s with 400 and changes nothing", async (_, body, field, message) => {
    const [before] = await t.db.select().from(pevos).where(eq(pevos.id, pevo2.pevoId));
    const res = await t.as(pevo2)("PUT", "/api/portal/profile", body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    const [after] = await t.db.select().from(pevos).where(eq(pevos.id, pevo2.pevoId));
    expect(after).toEqual(before);
  });

  test("a PEVO cannot change another PEVO's profile (or their own) through the office API", async () => {
    const [before] = await t.db.select().from(pevos).where(eq(pevos.id, pevo2.pevoId));
    for (const id of [pevo2.pevoId, pevo1.pevoId]) {
      const res = await t.as(pevo1)("PUT", `/api/pevos/${id}`, {
        firstName: "Hacked",
        lastName: "Name",
        phone: "000",
      });
      expect(res.status).toBe(403);
    }
    const [after] = await t.db.select().from(pevos).where(eq(pevos.id, pevo2.pevoId));
    expect(after).toEqual(before);
    expect((await t.as(pevo1)("GET", "/api/portal/profile")).body.firstName).toBe("Paula");
  });
});

describe("access control", () => {
  const endpoints = (dispatchId: string): [string, string, unknown?][] => [
    ["GET", "/api/portal/dashboard"],
    ["GET", "/api/portal/dispatches"],
    ["GET", `/api/portal/dispatches/${dispatchId}`],
    ["GET", "/api/portal/profile"],
    ["PUT", "/api/portal/profile", { firstName: "Admin", lastName: "Intruder" }],
  ];

  test("an admin gets 403 on every portal endpoint", async () => {
    for (const [method, path, body] of endpoints(entry(d, "today"))) {
      const res = await t.as(adminA)(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: "You do not have access to this area" });
    }
  });

  test("anonymous callers get 401 on every portal endpoint", async () => {
    for (const [method, path, body] of endpoints(entry(d, "today"))) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: "You must be logged in to perform this action" });
    }
  });
});

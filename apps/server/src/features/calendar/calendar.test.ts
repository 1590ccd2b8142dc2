import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";

/** Opening a database and signing up admins is slow on a loaded machine (several PGlite files at once). */
const SETUP_TIMEOUT = 180_000;

const RANGE_MESSAGE = "Choose a range of at most 62 days, from before to";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoLogin: TestPevo;
const ids: Record<string, string> = {};

async function createRateConfirmation(
  admin: SignedUpAdmin,
  key: string,
  clientId: string,
  startDate: string,
  endDate: string | null,
) {
  const rc = await t.createRateConfirmation(admin, { clientId, jobNumber: `JOB-${key}`, startDate, endDate });
  ids[key] = rc.id;
  return rc.id;
}

async function createPevo(
  admin: SignedUpAdmin,
  key: string,
  firstName: string,
  certificationExpiry: string | null,
) {
  const res = await t.as(admin)("POST", "/api/pevos", {
    firstName,
    lastName: "Escort",
    certificationExpiry,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  // Insured, so that the assignments below pass (the licence expiry is what this file tests).
  await t.qualifyPevo(admin.companyId, res.body.id, { keepLicence: true });
  ids[key] = res.body.id;
  return res.body.id as string;
}

async function createDispatch(
  admin: SignedUpAdmin,
  key: string,
  pickupDate: string,
  pickupTime: string,
  status: string,
  refs: { rateConfirmationId?: string; pevoId?: string } = {},
) {
  const dispatch = await t.createDispatch(admin, {
    rateConfirmationId: refs.rateConfirmationId ?? null,
    pevoId: refs.pevoId ?? null,
    driverName: `Driver ${key}`,
    pickupDate,
    pickupTime,
    status,
  });
  ids[key] = dispatch.id;
}

const calendar = (admin: { cookie: string } | null, query: string) =>
  t.request("GET", `/api/calendar${query}`, admin ? { cookie: admin.cookie } : {});

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Calendar Co A" });
  adminB = await t.signUpAdmin({ companyName: "Calendar Co B" });
  pevoLogin = await t.createPevoUser(adminA.companyId);

  const client = (await t.createClient(adminA, { name: "Calendar Client" })).id;
  await createRateConfirmation(adminA, "inside", client, "2025-06-10", "2025-06-12");
  await createRateConfirmation(adminA, "no-end", client, "2025-06-20", null);
  await createRateConfirmation(adminA, "overlaps-start", client, "2025-05-25", "2025-06-02");
  await createRateConfirmation(adminA, "around", client, "2025-05-01", "2025-07-31");
  await createRateConfirmation(adminA, "on-last-day", client, "2025-06-30", "2025-07-05");
  await createRateConfirmation(adminA, "ends-on-first-day", client, "2025-05-20", "2025-06-01");
  await createRateConfirmation(adminA, "before", client, "2025-05-01", "2025-05-31");
  await createRateConfirmation(adminA, "after", client, "2025-07-01", "2025-07-03");
  await createRateConfirmation(adminA, "no-end-before", client, "2025-05-31", null);
  await createRateConfirmation(adminA, "no-end-after", client, "2025-07-01", null);

  const alex = await createPevo(adminA, "alex", "Alex", "2025-06-15");
  await createPevo(adminA, "edge", "Edgar", "2025-06-30");
  await createPevo(adminA, "first", "Fiona", "2025-06-01");
  await createPevo(adminA, "expired", "Old", "2025-05-31");
  await createPevo(adminA, "later", "Later", "2025-07-01");
  await createPevo(adminA, "none", "Nobody", null);

  await createDispatch(adminA, "first-day", "2025-06-01", "08:00", "pending", {
    rateConfirmationId: ids.inside,
    pevoId: alex,
  });
  await createDispatch(adminA, "last-day", "2025-06-30", "06:00", "dispatched");
  await createDispatch(adminA, "mid-late", "2025-06-15", "07:00", "completed", {
    rateConfirmationId: ids.around,
  });
  await createDispatch(adminA, "mid-early", "2025-06-15", "06:30", "canceled");
  await createDispatch(adminA, "day-before", "2025-05-31", "09:00", "dispatched");
  await createDispatch(adminA, "day-after", "2025-07-01", "09:00", "pending");

  // A busy day (2025-08-20): more pickups than the calendar returns per day, two at the same time;
  // and more rate confirmations starting on 2025-08-21 than it returns per day.
  for (const [key, time] of [
    ["busy-1", "09:00"],
    ["busy-2", "05:00"],
    ["busy-3", "11:00"],
    ["busy-4", "05:00"],
    ["busy-5", "07:00"],
    ["busy-6", "23:00"],
  ] as const)
    await createDispatch(adminA, key, "2025-08-20", time, "pending");
  for (const n of [1, 2, 3, 4, 5])
    await createRateConfirmation(adminA, `busy-rc-${n}`, client, "2025-08-21", "2025-08-25");

  // Company B: same dates, never in A's calendar.
  const bClient = (await t.createClient(adminB, { name: "B Calendar Client" })).id;
  await createRateConfirmation(adminB, "b-inside", bClient, "2025-06-10", null);
  await createPevo(adminB, "b-pevo", "Bee", "2025-06-15");
  await createDispatch(adminB, "b-dispatch", "2025-06-10", "09:00", "dispatched", {
    rateConfirmationId: ids["b-inside"],
  });
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe("GET /api/calendar", () => {
  test("a pickup names the position it fills", async () => {
    const client = (await t.createClient(adminA, { name: "Position Client" })).id;
    const rc = await t.createRateConfirmation(adminA, {
      clientId: client,
      jobNumber: "JOB-position",
      startDate: "2025-10-07",
      endDate: "2025-10-07",
      positions: [{ positionType: "high_pole_car" }],
    });
    // A PEVO qualified on the job's date (the file's PEVOs have licences that ran out in 2025).
    const hal = (await t.createPevo(adminA, { firstName: "Hal", lastName: "Pole" })).id;
    const d = await t.createDispatch(adminA, {
      rateConfirmationId: rc.id,
      pevoId: hal,
      positionType: "high_pole_car",
      pickupDate: "2025-10-07",
      pickupTime: "10:00",
    });
    const res = await calendar(adminA, "?from=2025-10-01&to=2025-10-31");
    expect(res.status).toBe(200);
    expect(res.body.dispatches).toEqual([
      expect.objectContaining({
        id: d.id,
        jobNumber: "JOB-position",
        pevoName: "Hal Pole",
        position: "High Pole Car",
      }),
    ]);
  });

  test("returns the company's pickups in range, by date and time, with job and PEVO", async () => {
    const res = await calendar(adminA, "?from=2025-06-01&to=2025-06-30");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      "certificationExpiries",
      "credentialExpiries",
      "days",
      "dispatches",
      "rateConfirmations",
    ]);
    expect(res.body.dispatches.map((d: { id: string }) => d.id)).toEqual([
      ids["first-day"],
      ids["mid-early"],
      ids["mid-late"],
      ids["last-day"],
    ]);
    expect(res.body.dispatches[0]).toEqual({
      id: ids["first-day"],
      date: "2025-06-01",
      time: "08:00",
      status: "pending",
      driverName: "Driver first-day",
      jobNumber: "JOB-inside",
      pevoName: "Alex Escort",
      position: null,
    });
    expect(res.body.dispatches[1]).toMatchObject({ status: "canceled", jobNumber: null, pevoName: null });
    expect(res.body.dispatches[2]).toMatchObject({ status: "completed", jobNumber: "JOB-around" });
    expect(res.body.dispatches[3]).toMatchObject({ date: "2025-06-30", status: "dispatched" });
  });

  test("returns the rate confirmations whose span overlaps the range; a missing end date is the start date", async () => {
    const res = await calendar(adminA, "?from=2025-06-01&to=2025-06-30");
    const spans = res.body.rateConfirmations as {
      id: string;
      jobNumber: string;
      startDate: string;
      endDate: string;
    }[];
    expect([...spans].sort((a, b) => a.jobNumber.localeCompare(b.jobNumber))).toEqual(
      [
        { key: "around", startDate: "2025-05-01", endDate: "2025-07-31" },
        { key: "ends-on-first-day", startDate: "2025-05-20", endDate: "2025-06-01" },
        { key: "inside", startDate: "2025-06-10", endDate: "2025-06-12" },
        { key: "no-end", startDate: "2025-06-20", endDate: "2025-06-20" },
        { key: "on-last-day", startDate: "2025-06-30", endDate: "2025-07-05" },
        { key: "overlaps-start", startDate: "2025-05-25", endDate: "2025-06-02" },
      ].map(({ key, ...span }) => ({ id: ids[key], jobNumber: `JOB-${key}`, ...span })),
    );
    // Ordered by start date.
    const starts = spans.map((s) => s.startDate);
    expect(starts).toEqual([...starts].sort());
  });

  test("returns the PEVO certification expiries in range", async () => {
    const res = await calendar(adminA, "?from=2025-06-01&to=2025-06-30");
    const expiries = [...res.body.certificationExpiries].sort((a: { date: string }, b: { date: string }) =>
      a.date.localeCompare(b.date),
    );
    expect(expiries).toEqual([
      { id: ids.first, date: "2025-06-01", pevoName: "Fiona Escort" },
      { id: ids.alex, date: "2025-06-15", pevoName: "Alex Escort" },
      { id: ids.edge, date: "2025-06-30", pevoName: "Edgar Escort" },
    ]);
  });

  test("returns the current insurance and certification expiries of the company's active PEVOs", async () => {
    const res = await calendar(adminA, "?from=2035-12-01&to=2035-12-31");
    expect(res.status).toBe(200);
    const expiries = res.body.credentialExpiries as {
      pevoId: string;
      kind: string;
      label: string;
      date: string;
    }[];
    expect(expiries.length).toBeGreaterThan(0);
    for (const e of expiries) {
      expect(e).toMatchObject({ kind: "insurance", label: "Auto liability insurance", date: "2035-12-31" });
    }
    expect(expiries.map((e) => e.pevoId)).toContain(ids.alex);
    const b = await calendar(adminB, "?from=2035-12-01&to=2035-12-31");
    const bPevos = (b.body.credentialExpiries as { pevoId: string }[]).map((e) => e.pevoId);
    expect(bPevos).not.toContain(ids.alex);
  });

  test("a one-day range", async () => {
    const res = await calendar(adminA, "?from=2025-06-15&to=2025-06-15");
    expect(res.status).toBe(200);
    expect(res.body.dispatches.map((d: { id: string }) => d.id)).toEqual([ids["mid-early"], ids["mid-late"]]);
    expect(res.body.rateConfirmations.map((r: { id: string }) => r.id)).toEqual([ids.around]);
    expect(res.body.certificationExpiries.map((e: { id: string }) => e.id)).toEqual([ids.alex]);
  });

  test("a range with nothing in it is empty, not an error", async () => {
    const res = await calendar(adminA, "?from=2024-01-01&to=2024-01-31");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      dispatches: [],
      rateConfirmations: [],
      certificationExpiries: [],
      credentialExpiries: [],
      days: [],
    });
  });

  test("another company's dispatches, rate confirmations and PEVOs never appear", async () => {
    const a = await calendar(adminA, "?from=2025-06-01&to=2025-06-30");
    const aIds = [...a.body.dispatches, ...a.body.rateConfirmations, ...a.body.certificationExpiries].map(
      (e: { id: string }) => e.id,
    );
    for (const key of ["b-inside", "b-pevo", "b-dispatch"]) expect(aIds).not.toContain(ids[key]);

    const b = await calendar(adminB, "?from=2025-06-01&to=2025-06-30");
    expect(b.status).toBe(200);
    expect(b.body).toEqual({
      dispatches: [
        {
          id: ids["b-dispatch"],
          date: "2025-06-10",
          time: "09:00",
          status: "dispatched",
          driverName: "Driver b-dispatch",
          jobNumber: "JOB-b-inside",
          pevoName: null,
          position: null,
        },
      ],
      rateConfirmations: [
        { id: ids["b-inside"], jobNumber: "JOB-b-inside", startDate: "2025-06-10", endDate: "2025-06-10" },
      ],
      certificationExpiries: [{ id: ids["b-pevo"], date: "2025-06-15", pevoName: "Bee Escort" }],
      credentialExpiries: [],
      days: [{ date: "2025-06-10", dispatches: 1, rateConfirmations: 1 }],
    });
    // A's busy day counts only A's rows.
    const bBusy = await calendar(adminB, "?from=2025-08-20&to=2025-08-21");
    expect(bBusy.body).toMatchObject({ dispatches: [], rateConfirmations: [], days: [] });
  });

  test("per day the totals: pickups on the day, spans by their first day in the range", async () => {
    const res = await calendar(adminA, "?from=2025-06-01&to=2025-06-30");
    expect(res.body.days).toEqual([
      // Three spans began before June: they count on its first day.
      { date: "2025-06-01", dispatches: 1, rateConfirmations: 3 },
      { date: "2025-06-10", dispatches: 0, rateConfirmations: 1 },
      { date: "2025-06-15", dispatches: 2, rateConfirmations: 0 },
      { date: "2025-06-20", dispatches: 0, rateConfirmations: 1 },
      { date: "2025-06-30", dispatches: 1, rateConfirmations: 1 },
    ]);
  });

  test("a day with more pickups and spans than the cap returns the first ones and the whole count", async () => {
    const res = await calendar(adminA, "?from=2025-08-20&to=2025-08-21");
    expect(res.status).toBe(200);
    // The first 4 by time, then id (busy-2 and busy-4 share 05:00).
    const early = [ids["busy-2"], ids["busy-4"]].sort();
    expect(res.body.dispatches.map((d: { id: string }) => d.id)).toEqual([
      ...early,
      ids["busy-5"],
      ids["busy-1"],
    ]);
    const busyRcs = [1, 2, 3, 4, 5].map((n) => ids[`busy-rc-${n}`]).sort();
    expect(res.body.rateConfirmations.map((r: { id: string }) => r.id)).toEqual(busyRcs.slice(0, 3));
    expect(res.body.days).toEqual([
      { date: "2025-08-20", dispatches: 6, rateConfirmations: 0 },
      { date: "2025-08-21", dispatches: 0, rateConfirmations: 5 },
    ]);

    // Spans that began before the range count on its first day, with the same cap.
    const later = await calendar(adminA, "?from=2025-08-23&to=2025-08-31");
    expect(later.body.rateConfirmations).toHaveLength(3);
    expect(later.body.days).toEqual([{ date: "2025-08-23", dispatches: 0, rateConfirmations: 5 }]);
  });

  test("a range of exactly 62 days is allowed", async () => {
    const res = await calendar(adminA, "?from=2025-06-01&to=2025-08-02");
    expect(res.status).toBe(200);
    expect(res.body.dispatches.map((d: { id: string }) => d.id)).toContain(ids["day-after"]);
  });

  test.each([
    ["no parameters", "", "from must be a date (YYYY-MM-DD)"],
    ["no to", "?from=2025-06-01", "to must be a date (YYYY-MM-DD)"],
    ["no from", "?to=2025-06-30", "from must be a date (YYYY-MM-DD)"],
    ["an impossible from", "?from=2025-02-30&to=2025-03-10", "from must be a date (YYYY-MM-DD)"],
    ["a garbled to", "?from=2025-06-01&to=june", "to must be a date (YYYY-MM-DD)"],
    ["a timestamp", "?from=2025-06-01T00:00:00Z&to=2025-06-30", "from must be a date (YYYY-MM-DD)"],
    ["to before from", "?from=2025-06-30&to=2025-06-01", RANGE_MESSAGE],
    ["a 63-day range", "?from=2025-06-01&to=2025-08-03", RANGE_MESSAGE],
    ["a year", "?from=2025-01-01&to=2025-12-31", RANGE_MESSAGE],
  ])("%s is a 400 with a message", async (_, query, message) => {
    const res = await calendar(adminA, query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
  });

  test("a PEVO user gets 403", async () => {
    const res = await calendar(pevoLogin, "?from=2025-06-01&to=2025-06-30");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "You do not have access to this area" });
  });

  test("anonymous callers get 401", async () => {
    const res = await calendar(null, "?from=2025-06-01&to=2025-06-30");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "You must be logged in to perform this action" });
  });
});

import { dispatches, missingRow } from "@pevo/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type JsonBody as Body,
  createTestApp,
  dispatchBody,
  rateConfirmationBody,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";

/*
 * Double booking and every position covered (DECISIONS 'Dispatches', 'One dispatch per position'): the conflict check on dispatches and on a
 * rate confirmation's positions, coverage counts, 'Create Dispatch' per position, the dashboard count.
 */

const DOUBLE_BOOKING =
  "This PEVO is already booked on these dates. Check the conflicting jobs, then assign anyway or choose another PEVO.";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let clientA: string;
let clientB: string;

const asA = (method: string, path: string, body?: unknown) => t.as(adminA)(method, path, body);

async function pevo(admin: SignedUpAdmin, firstName: string, lastName = "Tester") {
  return (await t.createPevo(admin, { firstName, lastName })).id;
}

/** A rate confirmation straight through the API (no allowConflict unless given). */
async function rc(admin: SignedUpAdmin, clientId: string, body: Body) {
  return t.as(admin)("POST", "/api/rate-confirmations", rateConfirmationBody({ clientId, ...body }));
}

async function dispatchCount(companyId: string) {
  const [row = missingRow("dispatches")] = await t.db
    .select({ n: count() })
    .from(dispatches)
    .where(eq(dispatches.companyId, companyId));
  return row.n;
}

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Alpha Escorts" });
  adminB = await t.signUpAdmin({ companyName: "Bravo Escorts" });
  clientA = (await t.createClient(adminA, { name: "Acme Hauling" })).id;
  clientB = (await t.createClient(adminB, { name: "Bravo Freight" })).id;
});
afterAll(() => t.close());

describe("double booking of a dispatch's PEVO", () => {
  test("the same pickup date: 409 with the conflicting job (number, date, client); nothing saved", async () => {
    const casey = await pevo(adminA, "Casey");
    const job = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "SAME-DAY-1",
      startDate: "2026-03-02",
    });
    const first = await t.createDispatch(adminA, {
      pevoId: casey,
      rateConfirmationId: job.id,
      pickupDate: "2026-03-02",
    });
    const before = await dispatchCount(adminA.companyId);
    const res = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: casey, pickupDate: "2026-03-02" }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: DOUBLE_BOOKING,
      conflicts: [
        {
          kind: "dispatch",
          id: first.id,
          pevoId: casey,
          pevoName: "Casey Tester",
          jobNumber: "SAME-DAY-1",
          client: "Acme Hauling",
          date: "2026-03-02",
          endDate: null,
          // The other dispatch's real status (t.createDispatch makes it pending).
          status: first.status,
        },
      ],
    });
    expect(await dispatchCount(adminA.companyId)).toBe(before);
  });

  test("two simultaneous assignments of one PEVO on one date: one is saved, the other is a 409", async () => {
    // On PostgreSQL the two requests run on two connections at once: the check and the insert share
    // one transaction behind the PEVO's advisory lock, so the second sees the first. (PGlite runs
    // one transaction at a time anyway.)
    const sam = await pevo(adminA, "Sam", "Simultaneous");
    const post = (driverName: string) =>
      asA("POST", "/api/dispatches", dispatchBody({ pevoId: sam, pickupDate: "2026-05-05", driverName }));
    const results = await Promise.all([post("First Driver"), post("Second Driver")]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const saved = results.find((r) => r.status === 201);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body.conflicts).toEqual([
      expect.objectContaining({ kind: "dispatch", id: saved?.body.id, pevoId: sam, date: "2026-05-05" }),
    ]);
    const [row = missingRow("dispatches")] = await t.db
      .select({ n: count() })
      .from(dispatches)
      .where(eq(dispatches.pevoId, sam));
    expect(row.n).toBe(1);
  });

  test("allowConflict: true saves anyway; another date or another PEVO is no conflict", async () => {
    const dana = await pevo(adminA, "Dana");
    const other = await pevo(adminA, "Eli");
    await t.createDispatch(adminA, { pevoId: dana, pickupDate: "2026-03-05" });
    const anyway = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: dana, pickupDate: "2026-03-05", allowConflict: true }),
    );
    expect(anyway.status).toBe(201);
    expect(anyway.body.pevoId).toBe(dana);
    const nextDay = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: dana, pickupDate: "2026-03-06" }),
    );
    expect(nextDay.status).toBe(201);
    const otherPevo = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: other, pickupDate: "2026-03-05" }),
    );
    expect(otherPevo.status).toBe(201);
    const unassigned = await asA("POST", "/api/dispatches", dispatchBody({ pickupDate: "2026-03-05" }));
    expect(unassigned.status).toBe(201);
  });

  test("overlapping rate confirmation dates are a conflict, with the other job's dates", async () => {
    const fay = await pevo(adminA, "Fay");
    const long = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "LONG-HAUL",
      startDate: "2026-04-10",
      endDate: "2026-04-14",
    });
    const booked = await t.createDispatch(adminA, {
      pevoId: fay,
      rateConfirmationId: long.id,
      pickupDate: "2026-04-10",
    });
    const short = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "SHORT-HOP",
      startDate: "2026-04-13",
      endDate: "2026-04-15",
    });
    const res = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: fay, rateConfirmationId: short.id, pickupDate: "2026-04-13" }),
    );
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual([
      expect.objectContaining({
        kind: "dispatch",
        id: booked.id,
        jobNumber: "LONG-HAUL",
        date: "2026-04-10",
      }),
    ]);
    // After the long job: free.
    const later = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "AFTER-LONG",
      startDate: "2026-04-15",
    });
    const free = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: fay, rateConfirmationId: later.id, pickupDate: "2026-04-15" }),
    );
    expect(free.status).toBe(201);
  });

  test("a position on another overlapping rate confirmation is a conflict (kind position)", async () => {
    const gus = await pevo(adminA, "Gus");
    const planned = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "PLANNED-POS",
      startDate: "2026-05-01",
      endDate: "2026-05-03",
      positions: [{ positionType: "chase_car", pevoId: gus }],
    });
    const res = await asA("POST", "/api/dispatches", dispatchBody({ pevoId: gus, pickupDate: "2026-05-02" }));
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual([
      {
        kind: "position",
        id: planned.id,
        pevoId: gus,
        pevoName: "Gus Tester",
        jobNumber: "PLANNED-POS",
        client: "Acme Hauling",
        date: "2026-05-01",
        endDate: "2026-05-03",
        status: null,
      },
    ]);
    // Dispatching that very job's position is not a conflict with itself.
    const own = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: gus, rateConfirmationId: planned.id, pickupDate: "2026-05-01" }),
    );
    expect(own.status).toBe(201);
  });

  test("canceled dispatches and canceled rate confirmations are ignored", async () => {
    const hal = await pevo(adminA, "Hal");
    await t.createDispatch(adminA, { pevoId: hal, pickupDate: "2026-06-01", status: "canceled" });
    const job = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "CANCELED-JOB",
      startDate: "2026-06-01",
      positions: [{ positionType: "lead_car", pevoId: hal }],
    });
    expect((await asA("POST", `/api/rate-confirmations/${job.id}/cancel`)).status).toBe(200);
    const res = await asA("POST", "/api/dispatches", dispatchBody({ pevoId: hal, pickupDate: "2026-06-01" }));
    expect(res.status).toBe(201);
    // A canceled dispatch books no one, even on a busy day.
    const canceled = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: hal, pickupDate: "2026-06-01", status: "canceled" }),
    );
    expect(canceled.status).toBe(201);
  });

  test("another company's dispatches and positions on the same dates are never reported", async () => {
    const bPevo = await pevo(adminB, "Bo");
    await t.as(adminB)("POST", "/api/dispatches", dispatchBody({ pevoId: bPevo, pickupDate: "2026-07-01" }));
    await rc(adminB, clientB, {
      jobNumber: "B-JOB",
      startDate: "2026-07-01",
      positions: [{ positionType: "lead_car", pevoId: bPevo }],
    });
    const ida = await pevo(adminA, "Ida");
    const res = await asA("POST", "/api/dispatches", dispatchBody({ pevoId: ida, pickupDate: "2026-07-01" }));
    expect(res.status).toBe(201);
    // B's PEVO id is not A's: a field error, never B's bookings.
    const foreign = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: bPevo, pickupDate: "2026-07-01" }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.conflicts).toBeUndefined();
  });

  test("an update asks again only when the PEVO, the date or the job changes", async () => {
    const jo = await pevo(adminA, "Jo");
    const busy = await t.createDispatch(adminA, { pevoId: jo, pickupDate: "2026-08-01" });
    const mine = await t.createDispatch(adminA, { pevoId: jo, pickupDate: "2026-08-02" });
    const notes = await asA(
      "PUT",
      `/api/dispatches/${mine.id}`,
      dispatchBody({ pevoId: jo, pickupDate: "2026-08-02", notes: "Gate code 1234" }),
    );
    expect(notes.status).toBe(200);
    const moved = await asA(
      "PUT",
      `/api/dispatches/${mine.id}`,
      dispatchBody({ pevoId: jo, pickupDate: "2026-08-01" }),
    );
    expect(moved.status).toBe(409);
    expect(moved.body.conflicts.map((c: Body) => c.id)).toEqual([busy.id]);
    expect((await t.as(adminA)("GET", `/api/dispatches/${mine.id}`)).body.pickupDate).toBe("2026-08-02");
    // Same-day edit of the busy one itself never conflicts with itself.
    const self = await asA(
      "PUT",
      `/api/dispatches/${busy.id}`,
      dispatchBody({ pevoId: jo, pickupDate: "2026-08-01", pickupTime: "10:00" }),
    );
    expect(self.status).toBe(200);
    const anyway = await asA(
      "PUT",
      `/api/dispatches/${mine.id}`,
      dispatchBody({ pevoId: jo, pickupDate: "2026-08-01", allowConflict: true }),
    );
    expect(anyway.status).toBe(200);
  });
});

describe("double booking on a rate confirmation's positions", () => {
  test("the same PEVO on overlapping rate confirmations: 409 unless allowConflict", async () => {
    const kim = await pevo(adminA, "Kim");
    const first = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "POS-FIRST",
      startDate: "2026-09-10",
      endDate: "2026-09-12",
      positions: [{ positionType: "lead_car", pevoId: kim }],
    });
    const body = {
      jobNumber: "POS-SECOND",
      startDate: "2026-09-12",
      endDate: "2026-09-13",
      positions: [{ positionType: "chase_car", pevoId: kim }],
    };
    const res = await rc(adminA, clientA, body);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(DOUBLE_BOOKING);
    expect(res.body.conflicts).toEqual([
      expect.objectContaining({
        kind: "position",
        id: first.id,
        jobNumber: "POS-FIRST",
        client: "Acme Hauling",
        date: "2026-09-10",
        endDate: "2026-09-12",
      }),
    ]);
    const saved = await rc(adminA, clientA, { ...body, allowConflict: true });
    expect(saved.status).toBe(201);
    // Re-saving it unchanged does not ask again (the PEVO is not new to it, the dates did not move).
    const again = await asA(
      "PUT",
      `/api/rate-confirmations/${saved.body.id}`,
      rateConfirmationBody({ clientId: clientA, ...body }),
    );
    expect(again.status).toBe(200);
  });

  test("a dispatch of the PEVO within the dates is a conflict too; disjoint dates are not", async () => {
    const lee = await pevo(adminA, "Lee");
    const d = await t.createDispatch(adminA, { pevoId: lee, pickupDate: "2026-10-05" });
    const res = await rc(adminA, clientA, {
      jobNumber: "POS-DISPATCHED",
      startDate: "2026-10-04",
      endDate: "2026-10-06",
      positions: [{ positionType: "lead_car", pevoId: lee }],
    });
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual([
      expect.objectContaining({ kind: "dispatch", id: d.id, date: "2026-10-05" }),
    ]);
    const disjoint = await rc(adminA, clientA, {
      jobNumber: "POS-LATER",
      startDate: "2026-10-07",
      positions: [{ positionType: "lead_car", pevoId: lee }],
    });
    expect(disjoint.status).toBe(201);
  });
});

describe("coverage and 'Create Dispatch' per position", () => {
  let job: Body;
  let lead: string;
  let chase: string;

  beforeAll(async () => {
    lead = await pevo(adminA, "Lena", "Lead");
    chase = await pevo(adminA, "Chad", "Chase");
    job = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      jobNumber: "COVER-ME",
      startDate: "2026-11-20",
      endDate: "2026-11-21",
      positions: [
        { positionType: "lead_car", pevoId: lead },
        { positionType: "chase_car", pevoId: chase },
        { positionType: "chase_car" },
        { positionType: "custom", customName: "Bucket Truck" },
      ],
    });
  });

  const batch = (positions: Body[], more: Body = {}) =>
    asA("POST", "/api/dispatches/batch", {
      rateConfirmationId: job.id,
      driverName: "Dale Trucker",
      driverPhone: "(555) 123-4567",
      pickupTime: "06:30",
      positions,
      ...more,
    });

  test("a new rate confirmation: 0 of 4 positions dispatched", async () => {
    const res = await asA("GET", `/api/rate-confirmations/${job.id}`);
    expect(res.body.coverage).toEqual({ covered: 0, total: 4 });
  });

  test("one bad row refuses the whole batch (one transaction): field error, nothing created", async () => {
    const before = await dispatchCount(adminA.companyId);
    const bPevo = await pevo(adminB, "Bea");
    const res = await batch([
      { positionType: "lead_car", pevoId: lead, pickupDate: "2026-11-20" },
      { positionType: "chase_car", pevoId: bPevo, pickupDate: "2026-11-20" },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ "positions.1.pevoId": "Choose an active PEVO from the list" });
    const empty = await batch([]);
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ positions: "Choose at least one position" });
    const foreign = await t.createRateConfirmation(adminB, { clientId: clientB });
    const other = await batch([{ positionType: "lead_car", pickupDate: "2026-11-20" }], {
      rateConfirmationId: foreign.id,
    });
    expect(other.status).toBe(400);
    expect(other.body.fields).toEqual({ rateConfirmationId: "Choose a rate confirmation from the list" });
    expect(await dispatchCount(adminA.companyId)).toBe(before);
  });

  test("creates one dispatch per position with its PEVO, date and position; coverage counts those with a PEVO", async () => {
    // The later day first: the ids come back in the positions' order (they are inserted by day).
    const res = await batch([
      { positionType: "custom", positionName: "Bucket Truck", pickupDate: "2026-11-21" },
      { positionType: "lead_car", pevoId: lead, pickupDate: "2026-11-20" },
      { positionType: "chase_car", pevoId: chase, pickupDate: "2026-11-20" },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.ids).toHaveLength(3);
    const created = await Promise.all(res.body.ids.map((id: string) => asA("GET", `/api/dispatches/${id}`)));
    expect(created.map((r) => r.body)).toEqual([
      expect.objectContaining({
        pevoId: null,
        pickupDate: "2026-11-21",
        positionType: "custom",
        positionName: "Bucket Truck",
      }),
      expect.objectContaining({
        rateConfirmationId: job.id,
        pevoId: lead,
        pickupDate: "2026-11-20",
        pickupTime: "06:30",
        positionType: "lead_car",
        positionName: null,
        status: "pending",
      }),
      expect.objectContaining({ pevoId: chase, positionType: "chase_car", positionName: null }),
    ]);
    // The bucket truck's dispatch has no PEVO yet: nobody drives it, it covers nothing.
    const rcNow = (await asA("GET", `/api/rate-confirmations/${job.id}`)).body;
    expect(rcNow.coverage).toEqual({ covered: 2, total: 4 });
    expect(rcNow.positions.map((p: Body) => p.dispatched)).toEqual([true, true, false, false]);
    const list = await asA("GET", "/api/rate-confirmations?q=COVER-ME");
    expect(list.body.items[0].coverage).toEqual({ covered: 2, total: 4 });
    const dispatchList = await asA("GET", "/api/dispatches?q=COVER-ME");
    expect(dispatchList.body.items).toHaveLength(3);
    for (const item of dispatchList.body.items) expect(item.coverage).toEqual({ covered: 2, total: 4 });
  });

  test("a second dispatch of the same PEVO on the same job and day is a conflict", async () => {
    const res = await batch([{ positionType: "chase_car", pevoId: lead, pickupDate: "2026-11-20" }]);
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual([
      expect.objectContaining({ kind: "dispatch", pevoId: lead, jobNumber: "COVER-ME", date: "2026-11-20" }),
    ]);
  });

  test("a batch with a covered position is refused whole; the open equal position can be dispatched", async () => {
    const extra1 = await pevo(adminA, "Xena", "Extra");
    const extra2 = await pevo(adminA, "Xavi", "Extra");
    const before = await dispatchCount(adminA.companyId);
    // Two chase car positions, one covered by Chad: a third chase car dispatch would cover nothing.
    const two = await batch([
      { positionType: "chase_car", pevoId: extra1, pickupDate: "2026-11-20" },
      { positionType: "chase_car", pevoId: extra2, pickupDate: "2026-11-20" },
    ]);
    expect(two.status).toBe(409);
    expect(two.body.error).toContain("Chase Car of COVER-ME is already covered by Chad Chase's dispatch");
    expect(await dispatchCount(adminA.companyId)).toBe(before);
    const one = await batch([{ positionType: "chase_car", pevoId: extra1, pickupDate: "2026-11-20" }]);
    expect(one.status).toBe(201);
    const after = (await asA("GET", `/api/rate-confirmations/${job.id}`)).body;
    expect(after.coverage).toEqual({ covered: 3, total: 4 });
    expect(after.positions.map((p: Body) => p.dispatched)).toEqual([true, true, true, false]);
    // Canceling a chase car dispatch frees its position.
    const cancel = await asA("PUT", `/api/dispatches/${one.body.ids[0]}`, {
      ...dispatchBody({ rateConfirmationId: job.id, pickupDate: "2026-11-20", pevoId: extra1 }),
      positionType: "chase_car",
      status: "canceled",
    });
    expect(cancel.status).toBe(200);
    expect((await asA("GET", `/api/rate-confirmations/${job.id}`)).body.coverage).toEqual({
      covered: 2,
      total: 4,
    });
  });

  test("of two equal positions, the one whose PEVO was dispatched is the covered one", async () => {
    const first = await pevo(adminA, "Fay", "First");
    const second = await pevo(adminA, "Sid", "Second");
    const pair = await t.createRateConfirmation(adminA, {
      clientId: clientA,
      startDate: "2026-12-01",
      positions: [
        { positionType: "chase_car", pevoId: first },
        { positionType: "chase_car", pevoId: second },
      ],
    });
    await t.createDispatch(adminA, {
      rateConfirmationId: pair.id,
      positionType: "chase_car",
      pevoId: second,
      pickupDate: "2026-12-01",
    });
    const res = (await asA("GET", `/api/rate-confirmations/${pair.id}`)).body;
    expect(res.positions.map((p: Body) => [p.pevoId, p.dispatched])).toEqual([
      [first, false],
      [second, true],
    ]);
  });

  test("a dispatch without a rate confirmation has no coverage in the list", async () => {
    const solo = await t.createDispatch(adminA, { driverName: "Solo Driver Zed", pickupDate: "2026-11-22" });
    const res = await asA("GET", "/api/dispatches?q=Solo%20Driver%20Zed");
    expect(res.body.items.map((i: Body) => [i.id, i.coverage])).toEqual([[solo.id, null]]);
  });
});

describe("dashboard: jobs with an uncovered position in the next 7 days", () => {
  test("counts active rate confirmations in the window with a position no dispatch fills", async () => {
    const admin = await t.signUpAdmin({ companyName: "Coverage Co" });
    const client = (await t.createClient(admin)).id;
    const today = "2027-02-01";
    const card = async () =>
      (await t.as(admin)("GET", `/api/dashboard?today=${today}`)).body.cards.uncoveredJobs as number;
    expect(await card()).toBe(0);
    const make = (jobNumber: string, startDate: string, endDate?: string) =>
      t.createRateConfirmation(admin, {
        clientId: client,
        jobNumber,
        startDate,
        endDate,
        positions: [{ positionType: "lead_car" }, { positionType: "custom", customName: "Steer" }],
      });
    const inWindow = await make("IN-1", "2027-02-03");
    await make("RUNNING", "2027-01-28", "2027-02-02");
    await make("ENDED", "2027-01-20", "2027-01-31");
    await make("TOO-LATE", "2027-02-08");
    const canceled = await make("CANCELED", "2027-02-04");
    await t.as(admin)("POST", `/api/rate-confirmations/${canceled.id}/cancel`);
    expect(await card()).toBe(2);
    const driver = await pevo(admin, "Dana");
    const steer = await pevo(admin, "Stan");
    // Fill IN-1's lead car only: still uncovered; then the custom one too (by its name): covered.
    const fill = (positions: Body[]) =>
      t.as(admin)("POST", "/api/dispatches/batch", {
        rateConfirmationId: inWindow.id,
        driverName: "Dale Trucker",
        driverPhone: "(555) 123-4567",
        pickupTime: "06:30",
        positions,
      });
    expect(
      (await fill([{ positionType: "lead_car", pevoId: driver, pickupDate: "2027-02-03" }])).status,
    ).toBe(201);
    expect(
      (
        await fill([
          { positionType: "custom", positionName: "Other", pevoId: steer, pickupDate: "2027-02-04" },
        ])
      ).status,
    ).toBe(201);
    // The right position, but nobody on it: still uncovered.
    expect(
      (await fill([{ positionType: "custom", positionName: "Steer", pickupDate: "2027-02-03" }])).status,
    ).toBe(201);
    expect(await card()).toBe(2);
    expect(
      (
        await fill([
          { positionType: "custom", positionName: "Steer", pevoId: steer, pickupDate: "2027-02-03" },
        ])
      ).status,
    ).toBe(201);
    expect(await card()).toBe(1);
    // Another company's uncovered jobs never count here.
    expect((await t.as(adminA)("GET", `/api/dashboard?today=${today}`)).status).toBe(200);
  });

  test("a declined dispatch covers nothing: the job shows 2 of 3 and counts as uncovered", async () => {
    const admin = await t.signUpAdmin({ companyName: "Declined Co" });
    const client = (await t.createClient(admin)).id;
    const today = "2027-03-01";
    const card = async () =>
      (await t.as(admin)("GET", `/api/dashboard?today=${today}`)).body.cards.uncoveredJobs as number;
    const rcOf = async (id: string) => (await t.as(admin)("GET", `/api/rate-confirmations/${id}`)).body;
    const casey = await t.createPevoUser(admin.companyId, { firstName: "Casey", lastName: "Decliner" });
    const lead = await pevo(admin, "Lee");
    const pole = await pevo(admin, "Polly");
    const job = await t.createRateConfirmation(admin, {
      clientId: client,
      startDate: "2027-03-02",
      positions: [
        { positionType: "lead_car", pevoId: lead },
        { positionType: "chase_car", pevoId: casey.pevoId },
        { positionType: "high_pole_car", pevoId: pole },
      ],
    });
    const created = await t.as(admin)("POST", "/api/dispatches/batch", {
      rateConfirmationId: job.id,
      driverName: "Dale Trucker",
      driverPhone: "(555) 123-4567",
      pickupTime: "06:30",
      positions: [
        { positionType: "lead_car", pevoId: lead, pickupDate: "2027-03-02" },
        { positionType: "chase_car", pevoId: casey.pevoId, pickupDate: "2027-03-02" },
        { positionType: "high_pole_car", pevoId: pole, pickupDate: "2027-03-02" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await rcOf(job.id)).coverage).toEqual({ covered: 3, total: 3 });
    expect(await card()).toBe(0);

    const declined = await t.as(casey)("POST", `/api/portal/dispatches/${created.body.ids[1]}/decline`, {
      reason: "My truck is in the shop",
    });
    expect(declined.status).toBe(204);
    // The chase car's dispatch is pending again, without a PEVO: the position is open.
    const after = await rcOf(job.id);
    expect(after.coverage).toEqual({ covered: 2, total: 3 });
    expect(after.positions.map((p: Body) => p.dispatched)).toEqual([true, false, true]);
    expect(await card()).toBe(1);
    const list = await t.as(admin)("GET", "/api/dispatches");
    for (const item of list.body.items) expect(item.coverage).toEqual({ covered: 2, total: 3 });
  });
});

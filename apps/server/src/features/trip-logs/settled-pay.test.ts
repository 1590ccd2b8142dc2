/**
 * Trip entries of a settled job (DECISIONS 'PEVO pay'): once the job's pay is in an approved or paid
 * settlement, the PEVO's edit and delete of its trip entries are refused (409, the entry kept: a
 * delete queued offline shows this as a conflict, ADR 0014) and the office corrects the pay with an
 * adjustment; before that (no settlement, or a draft) they apply as ever, a repeated delete included.
 * A delete racing the approval concurrently either lands before it (and the approved pay leaves the
 * trip out) or is refused after it (and the pay counts it).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";

const SETTLED =
  "Your pay for this job is approved: its trip entries are locked (ask the office for a correction, made as an adjustment on a later statement)";

let t: TestApp;
let admin: SignedUpAdmin;
let paula: TestPevo;
let rcId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA: admin, pevo1: paula } = await t.createTwoCompanies());
  const client = await t.createClient(admin, { name: "Settled Trips Client" });
  rcId = (await t.createRateConfirmation(admin, { clientId: client.id })).id;
  // $200 a job and $1 a mile: the approved pay shows whether a trip's miles were counted.
  const plan = await t.as(admin)("POST", "/api/pay-plans/default", {
    effectiveFrom: "2025-01-01",
    kind: "per_job",
    dayRate: "200.00",
    mileRate: "1.00",
    reimbursedExpenses: ["fuel"],
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
}, 180_000);
afterAll(() => t?.close());

const completedJob = (pickupDate: string) =>
  t.insertDispatch(admin.companyId, {
    pevoId: paula.pevoId,
    pickupDate,
    status: "completed",
    rateConfirmationId: rcId,
  });

const tripOf = (dispatchId: string | null, tripDate: string) => ({
  tripDate,
  dispatchId,
  startLocation: "Amarillo, TX",
  endLocation: "Shamrock, TX",
  miles: "100",
  hours: 2,
  notes: null,
  expenses: [{ type: "fuel", amount: "40.00" }],
});

type Trip = {
  id: string;
  revision: string;
  dispatchId: string | null;
  tripDate: string;
  paySettled: boolean;
};

async function logTrip(dispatchId: string | null, tripDate: string): Promise<Trip> {
  const res = await t.as(paula)("POST", "/api/portal/trip-logs", tripOf(dispatchId, tripDate));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The PEVO's edit (more miles) as the phone's queue sends it: its key and the revision it was made on. */
const edit = (trip: Trip, key = crypto.randomUUID()) =>
  t.request("PUT", `/api/portal/trip-logs/${trip.id}`, {
    cookie: paula.cookie,
    body: { ...tripOf(trip.dispatchId, trip.tripDate), miles: "130" },
    headers: { "Idempotency-Key": key, "If-Match": `"${trip.revision}"` },
  });
/** The PEVO's delete, as the phone's queue sends it (no key: the entry's id names it). */
const remove = (id: string) => t.as(paula)("DELETE", `/api/portal/trip-logs/${id}`);
const read = (id: string) => t.as(paula)("GET", `/api/portal/trip-logs/${id}`);

/** A draft run of the period (jobs not invoiced yet included); its id. */
async function run(start: string, end: string) {
  const res = await t.as(admin)("POST", "/api/settlements", {
    periodKind: "custom",
    periodStart: start,
    periodEnd: end,
    includeUninvoiced: true,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
const approve = (id: string) => t.as(admin)("POST", `/api/settlements/${id}/approve`);
const paulasPay = async (id: string) =>
  (await t.as(admin)("GET", `/api/settlements/${id}/pevos/${paula.pevoId}`)).body.totals;

describe("trip entries of a job whose PEVO pay is approved or paid", { timeout: 120_000 }, () => {
  test("before: with no settlement and in a draft, edits and deletes apply; a repeated delete is done (204)", async () => {
    const job = await completedJob("2025-05-05");
    const edited = await logTrip(job, "2025-05-05");
    const deleted = await logTrip(job, "2025-05-05");
    expect((await edit(edited)).status).toBe(200);

    const draft = await run("2025-05-01", "2025-05-07");
    const again = await edit((await read(edited.id)).body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await remove(deleted.id);
      expect(res.status, JSON.stringify(res.body)).toBe(204);
    }
    expect((await read(deleted.id)).status).toBe(404);
    // The draft follows the trip log: $200 and the edited entry's 130 miles, its fuel reimbursed.
    expect(await paulasPay(draft)).toMatchObject({ pay: "330.00", reimbursed: "40.00" });
  });

  test("approved, then paid: the PEVO's edit and delete are refused with the reason and change nothing; the office corrects with an adjustment", async () => {
    const job = await completedJob("2025-06-03");
    const trip = await logTrip(job, "2025-06-03");
    const deletedBefore = await logTrip(job, "2025-06-03");
    expect((await remove(deletedBefore.id)).status).toBe(204);
    const editedBefore = await logTrip(job, "2025-06-03");
    const editKey = crypto.randomUUID();
    const keptEdit = await edit(editedBefore, editKey);
    expect(keptEdit.status).toBe(200);
    const unsettledJob = await completedJob("2025-06-20");
    const others = [await logTrip(unsettledJob, "2025-06-20"), await logTrip(null, "2025-06-03")];

    const settlement = await run("2025-06-01", "2025-06-07");
    expect((await approve(settlement)).status).toBe(200);
    expect(await paulasPay(settlement)).toMatchObject({ pay: "430.00", reimbursed: "80.00" });
    const before = (await read(trip.id)).body;
    const refused = async () => {
      for (const res of [await edit(trip), await remove(trip.id), await remove(editedBefore.id)]) {
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body).toEqual({ error: SETTLED });
      }
      expect((await read(trip.id)).body).toEqual(before);
      const office = await t.as(admin)("GET", `/api/dispatches/${job}/trip-logs`);
      expect(office.body.items.map((i: { id: string }) => i.id).sort()).toEqual(
        [trip.id, editedBefore.id].sort(),
      );
    };
    await refused();
    // What was done before the approval answers as it did: the delete's repeat, the edit's replay.
    expect((await remove(deletedBefore.id)).status).toBe(204);
    const replay = await edit(editedBefore, editKey);
    expect(replay.status).toBe(200);
    // The entry as the edit left it, now locked: the phone learns it with the replay's answer.
    expect(replay.body).toEqual({ ...keptEdit.body, paySettled: true });

    const paid = await t.as(admin)("POST", `/api/settlements/${settlement}/pay`, {
      date: new Date().toISOString().slice(0, 10),
      method: "ach",
      reference: "ACH-TRIPS",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await refused();
    expect(await paulasPay(settlement)).toMatchObject({ pay: "430.00", reimbursed: "80.00" });

    // Entries of a job no approved settlement pays, or of no job, stay the PEVO's to change.
    for (const other of others) {
      expect((await edit(other)).status).toBe(200);
      expect((await remove(other.id)).status).toBe(204);
    }
    // The office's correction: an adjustment in a later run.
    const later = await run("2025-06-15", "2025-06-21");
    const adjustment = await t.as(admin)("POST", `/api/settlements/${later}/adjustments`, {
      pevoId: paula.pevoId,
      kind: "deduction",
      amount: "30.00",
      note: "Trip of 06/03 logged twice",
    });
    expect(adjustment.status, JSON.stringify(adjustment.body)).toBe(201);
    expect(await paulasPay(later)).toMatchObject({ pay: "200.00", adjustments: "-30.00" });
  });

  test("the PEVO's trip log says which entries are locked: false before the approval (no settlement, a draft), true once approved or paid", async () => {
    const job = await completedJob("2025-08-05");
    const locked = await logTrip(job, "2025-08-05");
    const trips = [locked, await logTrip(job, "2025-08-06")];
    const otherJob = await completedJob("2025-08-20");
    const other = await logTrip(otherJob, "2025-08-20");
    const others = [other, await logTrip(null, "2025-08-05")];
    expect(trips.map((trip) => trip.paySettled)).toEqual([false, false]);
    /** The flag of each entry, as the portal's list, each entry's own read and the office's list give it. */
    const flags = async () => {
      const page = await t.as(paula)("GET", "/api/portal/trip-logs?tripFrom=2025-08-01&tripTo=2025-08-31");
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      const listed = new Map(page.body.items.map((i: Trip) => [i.id, i.paySettled]));
      const office = (await t.as(admin)("GET", `/api/dispatches/${job}/trip-logs`)).body.items as Trip[];
      const ofOffice = new Map(office.map((i) => [i.id, i.paySettled]));
      return Promise.all(
        [...trips, ...others].map(async ({ id }) => {
          const own = (await read(id)).body.paySettled;
          expect(listed.get(id), "the list agrees with the entry's read").toBe(own);
          if (ofOffice.has(id)) expect(ofOffice.get(id), "the office's list agrees").toBe(own);
          return own;
        }),
      );
    };
    expect(await flags()).toEqual([false, false, false, false]);

    const settlement = await run("2025-08-01", "2025-08-07");
    expect(await flags(), "a draft recomputes: nothing locked").toEqual([false, false, false, false]);

    expect((await approve(settlement)).status).toBe(200);
    expect(await flags()).toEqual([true, true, false, false]);
    // The flag tells what the server does: the locked entry is refused, the others are not.
    expect((await remove(locked.id)).status).toBe(409);
    expect((await edit(other)).status).toBe(200);
    // A trip logged for the settled job is kept (DECISIONS 'PEVO pay') and locked at once.
    expect((await logTrip(job, "2025-08-07")).paySettled).toBe(true);

    const paid = await t.as(admin)("POST", `/api/settlements/${settlement}/pay`, {
      date: new Date().toISOString().slice(0, 10),
      method: "check",
      reference: "CHK-TRIPS",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await flags()).toEqual([true, true, false, false]);
  });

  test("a delete and the approval sent concurrently: the approved pay agrees with whether the trip is gone", async () => {
    for (const day of ["2025-07-02", "2025-07-09", "2025-07-16"]) {
      const job = await completedJob(day);
      const trip = await logTrip(job, day);
      const settlement = await run(day, day);
      const [deleted, approved] = await Promise.all([remove(trip.id), approve(settlement)]);
      expect(approved.status).toBe(200);
      expect([204, 409]).toContain(deleted.status);
      const gone = deleted.status === 204;
      expect((await read(trip.id)).status).toBe(gone ? 404 : 200);
      expect(await paulasPay(settlement)).toMatchObject(
        gone ? { pay: "200.00", reimbursed: "0.00" } : { pay: "300.00", reimbursed: "40.00" },
      );
    }
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, dispatchBody, type SignedUpAdmin, type TestApp } from "../../../test/harness";

/*
 * The PEVO picker's marks (GET /api/pevos/qualification): besides the qualification check, the jobs
 * each PEVO is already booked on at the job's time (the save's double-booking rule), so the office
 * sees "Busy" before choosing; the other job's real status, here and in the save's 409.
 */

let t: TestApp;
let admin: SignedUpAdmin;
let other: SignedUpAdmin;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Busy Escorts" });
  other = await t.signUpAdmin({ companyName: "Other Escorts" });
  clientId = (await t.createClient(admin, { name: "Acme Hauling" })).id;
}, 180_000); // two companies and a database: slow on a busy machine
afterAll(() => t.close());

const marks = (query: Record<string, string>, who = admin) =>
  t.as(who)("GET", `/api/pevos/qualification?${new URLSearchParams(query)}`);

describe("busy marks", () => {
  test("a PEVO with a completed job that day is busy with it, named with its real status", async () => {
    const casey = (await t.createPevo(admin, { firstName: "Casey", lastName: "Busy" })).id;
    const free = (await t.createPevo(admin, { firstName: "Frida", lastName: "Free" })).id;
    const done = await t.createRateConfirmation(admin, {
      clientId,
      jobNumber: "DONE-1",
      startDate: "2026-11-30",
    });
    const next = await t.createRateConfirmation(admin, {
      clientId,
      jobNumber: "NEXT-1",
      startDate: "2026-11-30",
    });
    const first = await t.createDispatch(admin, {
      pevoId: casey,
      rateConfirmationId: done.id,
      pickupDate: "2026-11-30",
      status: "completed",
    });

    const res = await marks({
      pevoIds: `${casey},${free}`,
      rateConfirmationId: next.id,
      from: "2026-11-30",
      pickupDate: "2026-11-30",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [busy, idle] = res.body.results;
    expect(busy.pevoId).toBe(casey);
    expect(busy.busy).toEqual([
      {
        kind: "dispatch",
        id: first.id,
        pevoId: casey,
        pevoName: "Casey Busy",
        jobNumber: "DONE-1",
        client: "Acme Hauling",
        date: "2026-11-30",
        endDate: null,
        status: "completed",
      },
    ]);
    expect(idle).toMatchObject({ pevoId: free, busy: [] });

    // The dispatch being edited does not make its own PEVO busy.
    const editing = await marks({
      pevoIds: casey,
      rateConfirmationId: done.id,
      from: "2026-11-30",
      pickupDate: "2026-11-30",
      dispatchId: first.id,
    });
    expect(editing.body.results[0].busy).toEqual([]);

    // Saving anyway is the same answer: the 409 names the other job's real status.
    const save = await t.as(admin)(
      "POST",
      "/api/dispatches",
      dispatchBody({ pevoId: casey, rateConfirmationId: next.id, pickupDate: "2026-11-30" }),
    );
    expect(save.status).toBe(409);
    expect(save.body.conflicts).toEqual([expect.objectContaining({ id: first.id, status: "completed" })]);

    // Another company's question never sees these bookings (nor the PEVO).
    const foreign = await marks({ pevoIds: casey, from: "2026-11-30", pickupDate: "2026-11-30" }, other);
    expect(foreign.status).toBe(200);
    expect(foreign.body.results).toEqual([]);
  });

  test("a rate confirmation form's dates mark who is busy; the one being edited is not its own booking", async () => {
    const pat = (await t.createPevo(admin, { firstName: "Pat", lastName: "Planned" })).id;
    const other = await t.createDispatch(admin, { pevoId: pat, pickupDate: "2026-12-05" });
    // A new rate confirmation's form: the route and dates being typed, no saved job.
    const res = await marks({ pevoIds: pat, routeStates: "TX", from: "2026-12-04", to: "2026-12-06" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.results[0].busy).toEqual([
      expect.objectContaining({ kind: "dispatch", id: other.id, date: "2026-12-05", status: "pending" }),
    ]);
    expect(
      (await marks({ pevoIds: pat, routeStates: "TX", from: "2026-12-06" })).body.results[0].busy,
    ).toEqual([]);

    // Editing a rate confirmation that has Pat on a position: its own position is the same job, while
    // another job on those dates still makes Pat busy (what saving the form answers with its 409).
    const own = await t.createRateConfirmation(admin, {
      clientId,
      jobNumber: "OWN-1",
      startDate: "2026-12-20",
      positions: [{ positionType: "lead_car", pevoId: pat }],
    });
    const editing = await marks({
      pevoIds: pat,
      from: "2026-12-20",
      editedRateConfirmationId: own.id,
    });
    expect(editing.body.results[0].busy).toEqual([]);
    const newJob = await marks({ pevoIds: pat, from: "2026-12-20" });
    expect(newJob.body.results[0].busy).toEqual([
      expect.objectContaining({ kind: "position", id: own.id, jobNumber: "OWN-1" }),
    ]);
    const bad = await marks({ pevoIds: pat, from: "2026-12-20", editedRateConfirmationId: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("editedRateConfirmationId must be an id");
  });

  test("bad pickupDate or dispatchId: 400 with a message", async () => {
    const pat = (await t.createPevo(admin, { firstName: "Bad", lastName: "Input" })).id;
    const date = await marks({ pevoIds: pat, from: "2026-12-05", pickupDate: "2026-02-30" });
    expect(date.status).toBe(400);
    expect(date.body.error).toBe("pickupDate must be a date (YYYY-MM-DD)");
    const id = await marks({ pevoIds: pat, from: "2026-12-05", dispatchId: "nope" });
    expect(id.status).toBe(400);
    expect(id.body.error).toBe("dispatchId must be an id");
  });
});

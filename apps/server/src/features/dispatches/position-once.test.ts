import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type JsonBody as Body,
  createTestApp,
  dispatchBody,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";

/*
 * One position is covered once (DECISIONS 'One dispatch per position'): a position of a rate
 * confirmation is covered by at most one dispatch that is not canceled, in the API (409 naming the
 * dispatch that covers it) and in the database (the unique index dispatches_position_once_idx).
 */

let t: TestApp;
let admin: SignedUpAdmin;
let client: string;

const as = (method: string, path: string, body?: unknown) => t.as(admin)(method, path, body);

async function pevo(firstName: string, lastName: string) {
  return (await t.createPevo(admin, { firstName, lastName })).id;
}

/** A job with one lead car position, on its own days so its PEVOs are booked nowhere else. */
async function leadCarJob(jobNumber: string, startDate: string) {
  return t.createRateConfirmation(admin, {
    clientId: client,
    jobNumber,
    startDate,
    positions: [{ positionType: "lead_car" }],
  });
}

const leadCar = (rateConfirmationId: string, pevoId: string, pickupDate: string, more: Body = {}) =>
  dispatchBody({ rateConfirmationId, pevoId, pickupDate, positionType: "lead_car", ...more });

async function dispatchesOf(rateConfirmationId: string) {
  return (await as("GET", `/api/rate-confirmations/${rateConfirmationId}`)).body;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Once Escorts" });
  client = (await t.createClient(admin, { name: "Once Hauling" })).id;
});
afterAll(() => t.close());

describe("one position is covered once", () => {
  test("a second dispatch of a covered position: 409 naming the first (job number, PEVO, status)", async () => {
    const job = await leadCarJob("ONCE-1", "2027-03-01");
    const first = await pevo("Lena", "Lead");
    const second = await pevo("Otto", "Other");
    const ok = await as("POST", "/api/dispatches", leadCar(job.id, first, "2027-03-01"));
    expect(ok.status).toBe(201);
    const again = await as("POST", "/api/dispatches", leadCar(job.id, second, "2027-03-01"));
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(
      "Lead Car of ONCE-1 is already covered by Lena Lead's dispatch (Pending). Cancel that dispatch to dispatch the position again.",
    );
    expect(again.body.dispatchId).toBe(ok.body.id);
    // Moving another dispatch of the job onto the covered position is refused the same way.
    const chase = await as(
      "POST",
      "/api/dispatches",
      dispatchBody({ rateConfirmationId: job.id, pevoId: second, pickupDate: "2027-03-01" }),
    );
    expect(chase.status).toBe(201);
    const moved = await as("PUT", `/api/dispatches/${chase.body.id}`, leadCar(job.id, second, "2027-03-01"));
    expect(moved.status).toBe(409);
    expect(moved.body.dispatchId).toBe(ok.body.id);
    // The dispatch itself saves again on its own position.
    const edit = await as(
      "PUT",
      `/api/dispatches/${ok.body.id}`,
      leadCar(job.id, first, "2027-03-01", { notes: "Bring the flags" }),
    );
    expect(edit.status).toBe(200);
  });

  test("two concurrent requests for the same position: exactly one 201, one 409", async () => {
    const job = await leadCarJob("ONCE-RACE", "2027-03-05");
    const a = await pevo("Ada", "Racer");
    const b = await pevo("Bob", "Racer");
    const results = await Promise.all([
      as("POST", "/api/dispatches", leadCar(job.id, a, "2027-03-05")),
      as("POST", "/api/dispatches", leadCar(job.id, b, "2027-03-05")),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201);
    const loser = results.find((r) => r.status === 409);
    expect(loser?.body.dispatchId).toBe(winner?.body.id);
    const rc = await dispatchesOf(job.id);
    expect(rc.coverage).toEqual({ covered: 1, total: 1 });
    const list = await as("GET", "/api/dispatches?q=ONCE-RACE");
    expect(list.body.items).toHaveLength(1);
  });

  test("cancel frees the position: re-dispatch → 201", async () => {
    const job = await leadCarJob("ONCE-CANCEL", "2027-03-09");
    const first = await pevo("Cal", "Canceled");
    const next = await pevo("Nia", "Next");
    const ok = await as("POST", "/api/dispatches", leadCar(job.id, first, "2027-03-09"));
    expect(ok.status).toBe(201);
    const cancel = await as(
      "PUT",
      `/api/dispatches/${ok.body.id}`,
      leadCar(job.id, first, "2027-03-09", { status: "canceled" }),
    );
    expect(cancel.status).toBe(200);
    const again = await as("POST", "/api/dispatches", leadCar(job.id, next, "2027-03-09"));
    expect(again.status).toBe(201);
    // The canceled one cannot come back while the position is covered.
    const revive = await as("PUT", `/api/dispatches/${ok.body.id}`, leadCar(job.id, first, "2027-03-09"));
    expect(revive.status).toBe(409);
    expect(revive.body.dispatchId).toBe(again.body.id);
  });

  test("a batch with one covered position: 409 naming the dispatch, nothing created", async () => {
    const job = await t.createRateConfirmation(admin, {
      clientId: client,
      jobNumber: "ONCE-BATCH",
      startDate: "2027-03-12",
      positions: [{ positionType: "lead_car" }, { positionType: "high_pole_car" }],
    });
    const lead = await pevo("Lou", "Lead");
    const pole = await pevo("Pat", "Pole");
    const other = await pevo("Oli", "Other");
    const ok = await as("POST", "/api/dispatches", leadCar(job.id, lead, "2027-03-12"));
    expect(ok.status).toBe(201);
    const res = await as("POST", "/api/dispatches/batch", {
      rateConfirmationId: job.id,
      driverName: "Dale Trucker",
      driverPhone: "(555) 123-4567",
      pickupTime: "06:30",
      positions: [
        { positionType: "high_pole_car", pevoId: pole, pickupDate: "2027-03-12" },
        { positionType: "lead_car", pevoId: other, pickupDate: "2027-03-12" },
      ],
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain("Lead Car of ONCE-BATCH is already covered by Lou Lead's dispatch");
    expect(res.body.dispatchId).toBe(ok.body.id);
    const list = await as("GET", "/api/dispatches?q=ONCE-BATCH");
    expect(list.body.items.map((i: Body) => i.id)).toEqual([ok.body.id]);
  });

  test("the database refuses a second covering row even without the API's check", async () => {
    const job = await leadCarJob("ONCE-DB", "2027-03-15");
    const a = await pevo("Dee", "Bee");
    const b = await pevo("Eve", "Bee");
    const row = { rateConfirmationId: job.id, positionType: "lead_car", positionSlot: 1 } as const;
    await t.insertDispatch(admin.companyId, { ...row, pevoId: a });
    await expect(t.insertDispatch(admin.companyId, { ...row, pevoId: b })).rejects.toThrow();
    // A canceled row holds no position.
    await t.insertDispatch(admin.companyId, { ...row, pevoId: b, status: "canceled" });
  });
});

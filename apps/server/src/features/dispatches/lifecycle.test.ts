import { activityEvents, dispatchEvents, dispatches, missingRow, publicLinks, userSettings } from "@pevo/db";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Created,
  createTestApp,
  firstLink,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { nth } from "../../../test/rows";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;
let rc: Created;

const JOB = "RC-20261123-003";

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1, pevo2 } = await t.createTwoCompanies());
  const client = await t.createClient(adminA, { name: "Lifecycle Client" });
  rc = await t.createRateConfirmation(adminA, {
    clientId: client.id,
    jobNumber: JOB,
    originAddress: "Dallas, TX",
    destinationAddress: "Amarillo, TX",
  });
});
afterAll(() => t.close());

/** A fresh dispatch of company A assigned to `pevo` (pevo1 by default). */
async function assigned(pevo: TestPevo | null = pevo1, extra = {}) {
  return t.createDispatch(adminA, {
    rateConfirmationId: rc.id,
    pevoId: pevo?.pevoId ?? null,
    pickupDate: "2026-11-23",
    ...extra,
  });
}

const portal = (pevo: TestPevo, method: string, id: string, action: string, body?: unknown) =>
  t.as(pevo)(method, `/api/portal/dispatches/${id}/${action}`, body);
const step = (pevo: TestPevo, id: string, kind: string, extra = {}) =>
  portal(pevo, "POST", id, "steps", { kind, ...extra });

async function status(id: string) {
  const [row = missingRow("dispatches")] = await t.db
    .select({ status: dispatches.status, pevoId: dispatches.pevoId })
    .from(dispatches)
    .where(eq(dispatches.id, id));
  return row;
}

const kinds = async (id: string) =>
  (
    await t.db
      .select({ kind: dispatchEvents.kind })
      .from(dispatchEvents)
      .where(eq(dispatchEvents.dispatchId, id))
      .orderBy(asc(dispatchEvents.at))
  ).map((r) => r.kind);

/** The office saves the dispatch as it is, with `change` (PUT /api/dispatches/:id); the status code. */
async function officeSave(d: Created, change: Record<string, unknown>) {
  const res = await t.as(adminA)("PUT", `/api/dispatches/${d.id}`, {
    driverName: d.driverName,
    driverPhone: d.driverPhone,
    pickupDate: d.pickupDate,
    pickupTime: d.pickupTime,
    rateConfirmationId: rc.id,
    pevoId: pevo1.pevoId,
    status: "pending",
    // pevo1 has this file's other jobs on the same date (reopening a canceled one books them again).
    allowConflict: true,
    ...change,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.status;
}

/** The Accept / Decline link of the latest assignment mail to a PEVO. */
async function responseToken(pevo: TestPevo) {
  const mails = (await t.outbox(pevo.email)).filter((m) => m.subject.startsWith("New dispatch"));
  const link = firstLink(mails.at(-1)?.text ?? "");
  expect(link).toMatch(/\/respond\//);
  return nth(link.split("/respond/"), 1, "token");
}

describe("accepting and declining in the portal", () => {
  test("a new assignment awaits the PEVO's answer; accepting makes it dispatched", async () => {
    const d = await assigned();
    expect((await status(d.id)).status).toBe("pending");
    const before = await portal(pevo1, "GET", d.id, "lifecycle");
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      stage: "awaiting",
      nextStep: null,
      canDecline: true,
      tripPrefill: { tripDate: "2026-11-23", startLocation: "Dallas, TX", endLocation: "Amarillo, TX" },
      hasTripLog: false,
    });
    const res = await portal(pevo1, "POST", d.id, "accept");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stage: "accepted", nextStep: "on_my_way" });
    expect((await status(d.id)).status).toBe("dispatched");
    expect(await kinds(d.id)).toEqual(["assigned", "accepted"]);

    const again = await portal(pevo1, "POST", d.id, "accept");
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("You already accepted this job");
  });

  test("another PEVO, even of the same company, cannot see, accept, decline or move the job (404)", async () => {
    const d = await assigned();
    for (const [method, action, body] of [
      ["GET", "lifecycle", undefined],
      ["POST", "accept", undefined],
      ["POST", "decline", { reason: "Not mine" }],
      ["POST", "steps", { kind: "on_my_way" }],
    ] as const) {
      const res = await portal(pevo2, method, d.id, action, body);
      expect(res.status, action).toBe(404);
      expect(res.body.error).toBe("Dispatch not found");
    }
    expect(await kinds(d.id)).toEqual(["assigned"]);
  });

  test("the office cannot use the PEVO's routes (403), nor another company's admin the timeline (404)", async () => {
    const d = await assigned();
    expect((await t.as(adminA)("POST", `/api/portal/dispatches/${d.id}/accept`)).status).toBe(403);
    expect((await t.as(adminB)("GET", `/api/dispatches/${d.id}/timeline`)).status).toBe(404);
  });

  test("declining needs a reason; it unassigns the PEVO, puts the dispatch back to pending and tells the office", async () => {
    const d = await assigned();
    await portal(pevo1, "POST", d.id, "accept");
    const empty = await portal(pevo1, "POST", d.id, "decline", { reason: "  " });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.reason).toBe("Tell the office why you decline");

    const res = await portal(pevo1, "POST", d.id, "decline", { reason: "My truck is in the shop" });
    expect(res.status).toBe(204);
    expect(await status(d.id)).toEqual({ status: "pending", pevoId: null });
    expect(await kinds(d.id)).toEqual(["assigned", "accepted", "declined"]);
    const [activity = missingRow("activityEvents")] = await t.db
      .select()
      .from(activityEvents)
      .where(
        and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, "dispatch_declined")),
      );
    expect(activity.message).toBe(`Paula One declined — ${JOB}: My truck is in the shop`);
    const mail = (await t.outbox(adminA.email)).at(-1);
    expect(mail?.subject).toBe(`Paula One declined ${JOB}`);
    expect(mail?.text).toContain("My truck is in the shop");
    expect(mail?.text).toContain(`/dispatching/${d.id}`);

    // No longer theirs: the job is gone from their portal.
    expect((await portal(pevo1, "GET", d.id, "lifecycle")).status).toBe(404);
  });

  test("reassigning starts the answer over (the same PEVO again is asked again)", async () => {
    const d = await assigned();
    await portal(pevo1, "POST", d.id, "accept");
    await portal(pevo1, "POST", d.id, "decline", { reason: "Sick" });
    const put = await t.as(adminA)("PUT", `/api/dispatches/${d.id}`, {
      driverName: d.driverName,
      driverPhone: d.driverPhone,
      driverCompany: d.driverCompany,
      pickupDate: d.pickupDate,
      pickupTime: d.pickupTime,
      notes: d.notes,
      status: "pending",
      rateConfirmationId: rc.id,
      pevoId: pevo1.pevoId,
      // pevo1 has this file's other jobs on the same dates (the double booking check, DECISIONS 'Dispatches').
      allowConflict: true,
    });
    expect(put.status).toBe(200);
    const life = await portal(pevo1, "GET", d.id, "lifecycle");
    expect(life.body).toMatchObject({ stage: "awaiting", canDecline: true });
    expect((await portal(pevo1, "POST", d.id, "accept")).status).toBe(200);
  });
});

describe("steps from the phone", () => {
  test("forward one at a time to Completed; status follows; a problem report needs a note", async () => {
    const d = await assigned();
    const early = await step(pevo1, d.id, "on_my_way");
    expect(early.status).toBe(409);
    expect(early.body.error).toBe("Accept the job first");

    await portal(pevo1, "POST", d.id, "accept");
    const skip = await step(pevo1, d.id, "arrived_pickup");
    expect(skip.status).toBe(409);
    expect(skip.body.error).toBe('The next step of this job is "On my way"');

    expect((await step(pevo1, d.id, "on_my_way")).body).toMatchObject({
      stage: "on_my_way",
      nextStep: "arrived_pickup",
    });
    const repeat = await step(pevo1, d.id, "on_my_way");
    expect(repeat.status).toBe(409);
    expect(repeat.body.error).toBe('"On my way" is already recorded for this job');

    const noNote = await step(pevo1, d.id, "problem");
    expect(noNote.status).toBe(400);
    expect(noNote.body.fields.note).toBe("Describe the problem");
    expect((await step(pevo1, d.id, "problem", { note: "Flat tyre, 20 minutes late" })).status).toBe(200);

    expect((await step(pevo1, d.id, "arrived_pickup")).status).toBe(200);
    expect((await status(d.id)).status).toBe("dispatched");
    const declineLate = await portal(pevo1, "POST", d.id, "decline", { reason: "Too late" });
    expect(declineLate.status).toBe(409);
    expect(declineLate.body.error).toBe(
      "This job is under way and can no longer be declined. Call the office.",
    );

    const backwards = await step(pevo1, d.id, "on_my_way");
    expect(backwards.body.error).toBe('"On my way" is already recorded for this job');
    expect((await step(pevo1, d.id, "escort_started")).status).toBe(200);
    const done = await step(pevo1, d.id, "completed");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ stage: "completed", nextStep: null, canDecline: false });
    expect((await status(d.id)).status).toBe("completed");
    const after = await step(pevo1, d.id, "completed");
    expect(after.status).toBe(409);
    expect(after.body.error).toBe("This job is already completed");

    expect(await kinds(d.id)).toEqual([
      "assigned",
      "accepted",
      "on_my_way",
      "problem",
      "arrived_pickup",
      "escort_started",
      "completed",
    ]);
    const timeline = await t.as(adminA)("GET", `/api/dispatches/${d.id}/timeline`);
    expect(timeline.status).toBe(200);
    expect(timeline.body.events.map((e: { kind: string }) => e.kind)).toEqual(await kinds(d.id));
    expect(timeline.body.events[1]).toMatchObject({
      kind: "accepted",
      byName: "Paula One",
      pevoName: "Paula One",
    });
    expect(timeline.body.events[3].note).toBe("Flat tyre, 20 minutes late");
    const [arrived = missingRow("activityEvents")] = await t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.companyId, adminA.companyId), eq(activityEvents.type, "dispatch_step")))
      .orderBy(asc(activityEvents.createdAt))
      .offset(2)
      .limit(1);
    expect(arrived.message).toBe(`Paula One arrived at pickup — ${JOB}`);
  });

  test("a canceled dispatch cannot be accepted or moved; the office can still change it", async () => {
    const d = await assigned(pevo1, { status: "canceled" });
    const res = await portal(pevo1, "POST", d.id, "accept");
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("This dispatch was canceled: it cannot be accepted or moved");
    expect((await step(pevo1, d.id, "on_my_way")).status).toBe(409);
    expect((await portal(pevo1, "GET", d.id, "lifecycle")).body).toMatchObject({
      canceled: true,
      nextStep: null,
    });
  });

  test("two taps of the same step at once record it once (the other is a 409)", async () => {
    const d = await assigned();
    await portal(pevo1, "POST", d.id, "accept");
    const results = await Promise.all([step(pevo1, d.id, "on_my_way"), step(pevo1, d.id, "on_my_way")]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await kinds(d.id)).toEqual(["assigned", "accepted", "on_my_way"]);
  });

  test("a job the office marked completed reads as completed and cannot be accepted", async () => {
    const d = await assigned(pevo1, { status: "completed" });
    expect((await portal(pevo1, "GET", d.id, "lifecycle")).body).toMatchObject({
      stage: "completed",
      nextStep: null,
      canDecline: false,
    });
    const res = await portal(pevo1, "POST", d.id, "accept");
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("This job is already completed");
  });

  test("the office setting a completed job back to dispatched reopens it: the PEVO completes it again", async () => {
    const d = await assigned();
    await portal(pevo1, "POST", d.id, "accept");
    for (const kind of ["on_my_way", "arrived_pickup", "escort_started", "completed"]) {
      expect((await step(pevo1, d.id, kind)).status, kind).toBe(200);
    }
    expect(await officeSave(d, { status: "dispatched" })).toBe(200);
    expect(await status(d.id)).toEqual({ status: "dispatched", pevoId: pevo1.pevoId });
    expect((await kinds(d.id)).slice(-2)).toEqual(["completed", "reopened"]);
    // The completion is taken back: the job is under way again, its next step is Completed.
    const life = await portal(pevo1, "GET", d.id, "lifecycle");
    expect(life.body).toMatchObject({ stage: "escort_started", nextStep: "completed", canDecline: false });
    const timeline = await t.as(adminA)("GET", `/api/dispatches/${d.id}/timeline`);
    expect(timeline.body.stage).toBe("escort_started");
    expect(timeline.body.events.at(-1)).toMatchObject({
      kind: "reopened",
      byName: adminA.contactPerson,
      pevoName: "Paula One",
      note: "Set back to Dispatched",
    });
    expect((await step(pevo1, d.id, "completed")).status).toBe(200);
    expect((await status(d.id)).status).toBe("completed");

    // A save that keeps the job open records nothing; one that keeps it closed neither.
    expect(await officeSave(d, { status: "completed", notes: "Paid in cash" })).toBe(200);
    expect((await kinds(d.id)).filter((k) => k === "reopened")).toHaveLength(1);
  });

  test("a job the office closed or canceled and then reopens continues where it was", async () => {
    const d = await assigned();
    await portal(pevo1, "POST", d.id, "accept");
    await step(pevo1, d.id, "on_my_way");
    expect(await officeSave(d, { status: "canceled" })).toBe(200);
    expect(await officeSave(d, { status: "pending" })).toBe(200);
    expect((await kinds(d.id)).at(-1)).toBe("reopened");
    expect((await portal(pevo1, "GET", d.id, "lifecycle")).body).toMatchObject({
      stage: "on_my_way",
      nextStep: "arrived_pickup",
    });
    // Closed by the office before the PEVO got there: reopened, the next step is the one after theirs.
    expect(await officeSave(d, { status: "completed" })).toBe(200);
    expect((await portal(pevo1, "GET", d.id, "lifecycle")).body.stage).toBe("completed");
    expect(await officeSave(d, { status: "dispatched" })).toBe(200);
    expect((await portal(pevo1, "GET", d.id, "lifecycle")).body).toMatchObject({
      stage: "on_my_way",
      nextStep: "arrived_pickup",
    });
    expect((await step(pevo1, d.id, "arrived_pickup")).status).toBe(200);
  });

  test("coordinates are kept only when the PEVO's Location Services setting is on", async () => {
    const d = await assigned();
    await portal(pevo1, "POST", d.id, "accept");
    expect((await step(pevo1, d.id, "on_my_way", { lat: 32.7767, lng: -96.797 })).status).toBe(200);
    const bad = await step(pevo1, d.id, "arrived_pickup", { lat: 91, lng: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.lat).toBe("Latitude must be between -90 and 90");

    await t.db
      .insert(userSettings)
      .values({ userId: pevo1.userId, locationServices: true })
      .onConflictDoUpdate({ target: userSettings.userId, set: { locationServices: true } });
    expect((await step(pevo1, d.id, "arrived_pickup", { lat: 32.7767, lng: -96.797 })).status).toBe(200);
    const rows = await t.db
      .select({ kind: dispatchEvents.kind, lat: dispatchEvents.lat, lng: dispatchEvents.lng })
      .from(dispatchEvents)
      .where(eq(dispatchEvents.dispatchId, d.id))
      .orderBy(asc(dispatchEvents.at));
    expect(rows.slice(2)).toEqual([
      { kind: "on_my_way", lat: null, lng: null },
      { kind: "arrived_pickup", lat: 32.7767, lng: -96.797 },
    ]);
    await t.db
      .update(userSettings)
      .set({ locationServices: false })
      .where(eq(userSettings.userId, pevo1.userId));
  });
});

describe("the emailed Accept / Decline link", () => {
  const open = (token: string) => t.request("GET", `/api/public/dispatch-response/${token}`);

  test("opens the job without a session; accepting through it records the PEVO's answer", async () => {
    const d = await assigned();
    const token = await responseToken(pevo1);
    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.body).toMatchObject({
      state: "awaiting",
      pevoName: "Paula One",
      companyName: "Alpha Escorts",
      jobNumber: JOB,
      pickupDate: "2026-11-23",
      originAddress: "Dallas, TX",
    });
    const accepted = await t.request("POST", `/api/public/dispatch-response/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.state).toBe("accepted");
    expect((await status(d.id)).status).toBe("dispatched");
    const twice = await t.request("POST", `/api/public/dispatch-response/${token}/accept`);
    expect(twice.status).toBe(409);
    expect((await open(token)).body.state).toBe("accepted");
  });

  test("declining through it unassigns the PEVO and uses the link up", async () => {
    const d = await assigned();
    const token = await responseToken(pevo1);
    const noReason = await t.request("POST", `/api/public/dispatch-response/${token}/decline`, { body: {} });
    expect(noReason.status).toBe(400);
    const res = await t.request("POST", `/api/public/dispatch-response/${token}/decline`, {
      body: { reason: "Out of hours" },
    });
    expect(res.status).toBe(204);
    expect(await status(d.id)).toEqual({ status: "pending", pevoId: null });
    const used = await open(token);
    expect(used.status).toBe(404);
    expect(used.body.error).toMatch(/^This link was already used/);
  });

  test("a reassignment voids the first PEVO's link; unknown and expired links say so", async () => {
    const d = await assigned();
    const token = await responseToken(pevo1);
    await t.as(adminA)("PUT", `/api/dispatches/${d.id}`, {
      driverName: d.driverName,
      driverPhone: d.driverPhone,
      pickupDate: d.pickupDate,
      pickupTime: d.pickupTime,
      status: "pending",
      rateConfirmationId: rc.id,
      pevoId: pevo2.pevoId,
    });
    const old = await t.request("POST", `/api/public/dispatch-response/${token}/accept`);
    expect(old.status).toBe(404);
    expect(old.body.error).toMatch(/^This link was already used, or the job was reassigned/);
    expect((await status(d.id)).status).toBe("pending");

    const unknown = await open("x".repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe(
      "This link is not valid. Check that you copied the whole link from the email.",
    );
    expect((await open("short")).status).toBe(404);

    const token2 = await responseToken(pevo2);
    await t.db
      .update(publicLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(publicLinks.subjectId, d.id), eq(publicLinks.purpose, "dispatch_response")));
    const expired = await open(token2);
    expect(expired.status).toBe(404);
    expect(expired.body.error).toBe(
      "This link has expired. Open the job in your portal, or call the office.",
    );
  });
});

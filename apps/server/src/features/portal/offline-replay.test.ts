/**
 * The portal's writes queued offline are replayed with the phone's id as `Idempotency-Key`
 * (ADR 0014): a repeat answers as the first write did and never adds a second row.
 */
import { dispatchEvents, tripLogs } from "@pevo/db";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";

let t: TestApp;
let adminA: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, pevo1, pevo2 } = await t.createTwoCompanies());
});
afterAll(() => t.close());

const job = async (pevo = pevo1) =>
  (await t.createDispatch(adminA, { pevoId: pevo.pevoId, pickupDate: "2026-11-23" })).id;

/** The office cancels the job (PUT /api/dispatches/:id with status canceled). */
async function officeCancel(id: string) {
  const current = await t.as(adminA)("GET", `/api/dispatches/${id}`);
  const d = current.body;
  const res = await t.as(adminA)("PUT", `/api/dispatches/${id}`, {
    driverName: d.driverName,
    driverPhone: d.driverPhone,
    pickupDate: d.pickupDate,
    pickupTime: d.pickupTime,
    pevoId: d.pevoId,
    allowConflict: true,
    status: "canceled",
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A write with the phone's id as Idempotency-Key. */
const send = (pevo: TestPevo, path: string, key: string, body?: unknown) =>
  t.request("POST", path, { cookie: pevo.cookie, body, headers: { "Idempotency-Key": key } });

const events = async (id: string) =>
  (
    await t.db
      .select({ kind: dispatchEvents.kind, clientId: dispatchEvents.clientId })
      .from(dispatchEvents)
      .where(eq(dispatchEvents.dispatchId, id))
      .orderBy(asc(dispatchEvents.at))
  ).map((e) => e.kind);

describe("Idempotency-Key on the job's answers and steps", () => {
  test("accept, a step and a problem report sent twice each are recorded once, with the same answer", async () => {
    const id = await job();
    const accept = crypto.randomUUID();
    const first = await send(pevo1, `/api/portal/dispatches/${id}/accept`, accept);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await send(pevo1, `/api/portal/dispatches/${id}/accept`, accept);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);

    const onMyWay = crypto.randomUUID();
    const step = await send(pevo1, `/api/portal/dispatches/${id}/steps`, onMyWay, { kind: "on_my_way" });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
    const stepAgain = await send(pevo1, `/api/portal/dispatches/${id}/steps`, onMyWay, { kind: "on_my_way" });
    expect(stepAgain.status).toBe(200);
    expect(stepAgain.body).toEqual(step.body);

    const problem = crypto.randomUUID();
    const body = { kind: "problem", note: "Flat tyre near Waco" };
    expect((await send(pevo1, `/api/portal/dispatches/${id}/steps`, problem, body)).status).toBe(200);
    expect((await send(pevo1, `/api/portal/dispatches/${id}/steps`, problem, body)).status).toBe(200);

    expect(await events(id)).toEqual(["assigned", "accepted", "on_my_way", "problem"]);
  });

  test("the same step with a new key is still refused as a repeat (409)", async () => {
    const id = await job();
    await send(pevo1, `/api/portal/dispatches/${id}/accept`, crypto.randomUUID());
    await send(pevo1, `/api/portal/dispatches/${id}/steps`, crypto.randomUUID(), { kind: "on_my_way" });
    const res = await send(pevo1, `/api/portal/dispatches/${id}/steps`, crypto.randomUUID(), {
      kind: "on_my_way",
    });
    expect(res.status).toBe(409);
    expect(await events(id)).toEqual(["assigned", "accepted", "on_my_way"]);
  });

  test("two replays racing record one step", async () => {
    const id = await job();
    await send(pevo1, `/api/portal/dispatches/${id}/accept`, crypto.randomUUID());
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      [0, 1].map(() => send(pevo1, `/api/portal/dispatches/${id}/steps`, key, { kind: "on_my_way" })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await events(id)).toEqual(["assigned", "accepted", "on_my_way"]);
  });

  test("a write queued before the office canceled is answered 409 with the job's state kept", async () => {
    const id = await job();
    await send(pevo1, `/api/portal/dispatches/${id}/accept`, crypto.randomUUID());
    await officeCancel(id);
    const res = await send(pevo1, `/api/portal/dispatches/${id}/steps`, crypto.randomUUID(), {
      kind: "on_my_way",
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/canceled/i);
    expect(await events(id)).toEqual(["assigned", "accepted"]);
  });

  test("a key used on another job or by another PEVO is refused, nothing recorded", async () => {
    const id = await job();
    const other = await job(pevo2);
    const key = crypto.randomUUID();
    expect((await send(pevo1, `/api/portal/dispatches/${id}/accept`, key)).status).toBe(200);
    expect((await send(pevo2, `/api/portal/dispatches/${other}/accept`, key)).status).toBe(409);
    expect(await events(other)).toEqual(["assigned"]);
  });

  test("a key that is not a UUID is a 400", async () => {
    const id = await job();
    const res = await send(pevo1, `/api/portal/dispatches/${id}/accept`, "not-a-uuid");
    expect(res.status).toBe(400);
    expect(await events(id)).toEqual(["assigned"]);
  });
});

describe("Idempotency-Key on POST /api/portal/trip-logs", () => {
  const trip = {
    tripDate: "2026-11-23",
    dispatchId: null,
    startLocation: "Waco, TX",
    endLocation: "Austin, TX",
    miles: "101",
    hours: 2,
    notes: null,
    expenses: [{ type: "fuel", amount: "40" }],
  };
  const keyed = (key: string) =>
    t.db
      .select({ id: tripLogs.id })
      .from(tripLogs)
      .where(and(eq(tripLogs.clientId, key)));

  test("the same entry sent twice is one row, and the repeat answers that row", async () => {
    const key = crypto.randomUUID();
    const first = await send(pevo1, "/api/portal/trip-logs", key, trip);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await send(pevo1, "/api/portal/trip-logs", key, trip);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await keyed(key)).toEqual([{ id: first.body.id }]);
  });

  test("another PEVO's key is refused (409), without a row of theirs", async () => {
    const key = crypto.randomUUID();
    expect((await send(pevo1, "/api/portal/trip-logs", key, trip)).status).toBe(201);
    expect((await send(pevo2, "/api/portal/trip-logs", key, trip)).status).toBe(409);
    expect(await keyed(key)).toHaveLength(1);
  });

  test("without a key every POST is a new entry, as before", async () => {
    const before = (await t.db.select({ id: tripLogs.id }).from(tripLogs)).length;
    await t.as(pevo1)("POST", "/api/portal/trip-logs", trip);
    await t.as(pevo1)("POST", "/api/portal/trip-logs", trip);
    expect((await t.db.select({ id: tripLogs.id }).from(tripLogs)).length).toBe(before + 2);
  });
});

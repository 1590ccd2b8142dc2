/**
 * The portal's writes queued offline are replayed with the phone's id as `Idempotency-Key`
 * (ADR 0014): a repeat answers as the first write did and never adds a second row; an edit of a
 * trip entry applies once and is refused when the entry changed meanwhile; a photo is stored once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { dispatchEvents, documentFileDeletions, documents, tripLogs } from "@pevo/db";
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

describe("Idempotency-Key on PUT /api/portal/trip-logs/:id (an edit queued offline)", () => {
  const trip = {
    tripDate: "2026-11-23",
    dispatchId: null,
    startLocation: "Amarillo, TX",
    endLocation: "Shamrock, TX",
    miles: "95",
    hours: 1.5,
    notes: null,
    expenses: [{ type: "fuel", amount: "40" }],
  };
  const edited = {
    ...trip,
    miles: "97.5",
    notes: "Detour at exit 75",
    expenses: [{ type: "tolls", amount: "6" }],
  };
  const logged = async () => {
    const res = await t.as(pevo1)("POST", "/api/portal/trip-logs", trip);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; revision: string };
  };
  /** An edit as the phone's queue sends it: its key, and the revision it was made on. */
  const edit = (id: string, key: string, revision: string | null, body: unknown = edited, pevo = pevo1) =>
    t.request("PUT", `/api/portal/trip-logs/${id}`, {
      cookie: pevo.cookie,
      body,
      headers: { "Idempotency-Key": key, ...(revision ? { "If-Match": `"${revision}"` } : {}) },
    });
  const row = async (id: string) => {
    const [found] = await t.db.select().from(tripLogs).where(eq(tripLogs.id, id));
    return found;
  };

  test("the same edit sent twice applies once and the repeat answers the entry it left", async () => {
    const entry = await logged();
    const key = crypto.randomUUID();
    const first = await edit(entry.id, key, entry.revision);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ miles: "97.50", notes: "Detour at exit 75", revision: key });
    const updatedAt = (await row(entry.id))?.updatedAt;

    const again = await edit(entry.id, key, entry.revision);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // The same answer, the expenses not written again (new ids), the row not touched.
    expect(again.body).toEqual(first.body);
    expect((await row(entry.id))?.updatedAt).toEqual(updatedAt);
  });

  test("two replays racing apply the edit once", async () => {
    const entry = await logged();
    const key = crypto.randomUUID();
    const answers = await Promise.all([0, 1].map(() => edit(entry.id, key, entry.revision)));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
  });

  test("edits made one after another offline each name the one before and all apply", async () => {
    const entry = await logged();
    const k1 = crypto.randomUUID();
    const k2 = crypto.randomUUID();
    expect((await edit(entry.id, k1, entry.revision)).status).toBe(200);
    const second = await edit(entry.id, k2, k1, { ...edited, miles: "99" });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ miles: "99.00", revision: k2 });
  });

  test("an entry changed meanwhile is not overwritten: 409 with the reason, the other change kept", async () => {
    const entry = await logged();
    // Changed on another device (a save without the phone's headers: the last save wins, as before).
    const other = await t.as(pevo1)("PUT", `/api/portal/trip-logs/${entry.id}`, { ...trip, miles: "120" });
    expect(other.status).toBe(200);
    expect(other.body.revision).not.toBe(entry.revision);

    const res = await edit(entry.id, crypto.randomUUID(), entry.revision);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/changed on another device/);
    expect((await row(entry.id))?.miles).toBe("120.00");
  });

  test("an edit of an entry deleted meanwhile is a 404; another PEVO's entry is a 404", async () => {
    const entry = await logged();
    expect((await edit(entry.id, crypto.randomUUID(), entry.revision, edited, pevo2)).status).toBe(404);
    expect((await t.as(pevo1)("DELETE", `/api/portal/trip-logs/${entry.id}`)).status).toBe(204);
    expect((await edit(entry.id, crypto.randomUUID(), entry.revision)).status).toBe(404);
  });

  test("an If-Match that is not a revision is a 400, nothing changed", async () => {
    const entry = await logged();
    const res = await t.request("PUT", `/api/portal/trip-logs/${entry.id}`, {
      cookie: pevo1.cookie,
      body: edited,
      headers: { "If-Match": "*" },
    });
    expect(res.status).toBe(400);
    expect((await row(entry.id))?.miles).toBe("95.00");
  });
});

describe("Idempotency-Key on POST /api/portal/dispatches/:id/documents (a photo queued offline)", () => {
  const PNG = readFileSync(join(import.meta.dirname, "../../../test/fixtures/photo.png"));
  const photo = () => {
    const body = new FormData();
    body.set("file", new File([PNG], "roadside.png", { type: "image/png" }));
    body.set("category", "photo");
    return body;
  };
  const upload = (pevo: TestPevo, id: string, key?: string) =>
    t.request("POST", `/api/portal/dispatches/${id}/documents`, {
      cookie: pevo.cookie,
      body: photo(),
      headers: key ? { "Idempotency-Key": key } : {},
    });
  const stored = (id: string) =>
    t.db
      .select({ id: documents.id, clientId: documents.clientId })
      .from(documents)
      .where(eq(documents.dispatchId, id));

  test("the same photo sent twice is one document, and the repeat answers it", async () => {
    const id = await job();
    const key = crypto.randomUUID();
    const first = await upload(pevo1, id, key);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const again = await upload(pevo1, id, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await stored(id)).toEqual([{ id: first.body.id, clientId: key }]);
    // The office sees the one document.
    const office = await t.as(adminA)("GET", `/api/dispatches/${id}/documents`);
    expect(office.body).toHaveLength(1);
  });

  test("two replays racing store one document and leave no stray file queued", async () => {
    const id = await job();
    const key = crypto.randomUUID();
    const answers = await Promise.all([0, 1].map(() => upload(pevo1, id, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[1]?.body.id).toBe(answers[0]?.body.id);
    expect(await stored(id)).toHaveLength(1);
    expect(await t.db.select().from(documentFileDeletions)).toEqual([]);
  });

  test("a key used on another job or by another PEVO is refused (409), nothing stored", async () => {
    const id = await job();
    const other = await job();
    const theirs = await job(pevo2);
    const key = crypto.randomUUID();
    expect((await upload(pevo1, id, key)).status).toBe(201);
    expect((await upload(pevo1, other, key)).status).toBe(409);
    expect((await upload(pevo2, theirs, key)).status).toBe(409);
    expect(await stored(other)).toEqual([]);
    expect(await stored(theirs)).toEqual([]);
  });

  test("without a key every upload is a new document, as before; a bad key is a 400", async () => {
    const id = await job();
    expect((await upload(pevo1, id)).status).toBe(201);
    expect((await upload(pevo1, id)).status).toBe(201);
    expect(await stored(id)).toHaveLength(2);
    expect((await upload(pevo1, id, "not-a-uuid")).status).toBe(400);
    expect(await stored(id)).toHaveLength(2);
  });

  test("a photo queued before the office reassigned the job is a 404, nothing stored", async () => {
    const id = await job();
    const current = (await t.as(adminA)("GET", `/api/dispatches/${id}`)).body;
    const moved = await t.as(adminA)("PUT", `/api/dispatches/${id}`, {
      driverName: current.driverName,
      driverPhone: current.driverPhone,
      pickupDate: current.pickupDate,
      pickupTime: current.pickupTime,
      pevoId: null,
      allowConflict: true,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const res = await upload(pevo1, id, crypto.randomUUID());
    expect(res.status).toBe(404);
    expect(await stored(id)).toEqual([]);
  });
});

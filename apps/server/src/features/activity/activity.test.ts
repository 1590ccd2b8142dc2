/**
 * GET /api/activity: the company's log, newest first, in keyset pages. A walk returns every event
 * once in order; an event recorded between two reads neither repeats a row nor shifts the next page.
 */
import { activityEvents } from "@pevo/db";
import { ACTIVITY_TYPES } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";

type Event = { id: string; type: string; createdAt: Date };
type Item = { id: string; type: string; message: string; createdAt: string };

let t: TestApp;
let admin: SignedUpAdmin;
let other: SignedUpAdmin;
let pevo: TestPevo;
let events: Event[] = [];
let otherIds: Set<string>;

const get = (query: string, who: { cookie: string } = admin) => t.as(who)("GET", `/api/activity?${query}`);

/** Newest first; equal times by id, descending (the API's order). */
const newestFirst = (list: Event[]) =>
  [...list].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );

/** Every page from the first, `limit` at a time. */
async function walk(query: string, limit: number, who: { cookie: string } = admin) {
  const seen: Item[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const res = await get(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      who,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Log Escorts" });
  other = await t.signUpAdmin({ companyName: "Other Log Escorts" });
  pevo = await t.createPevoUser(admin.companyId);
  // 31 events; groups of three share the same instant (microseconds included), so the id decides.
  const base = Date.UTC(2025, 4, 1, 8);
  const inserted = await t.db
    .insert(activityEvents)
    .values(
      Array.from({ length: 31 }, (_, i) => ({
        companyId: admin.companyId,
        actorId: null,
        type: ACTIVITY_TYPES[i % ACTIVITY_TYPES.length] ?? "client_added",
        message: `Event ${i}`,
        createdAt: new Date(base + Math.floor(i / 3) * 60_000),
      })),
    )
    .returning({ id: activityEvents.id, type: activityEvents.type, createdAt: activityEvents.createdAt });
  events = inserted;
  const theirs = await t.db
    .insert(activityEvents)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        companyId: other.companyId,
        type: "client_added",
        message: `Theirs ${i}`,
        createdAt: new Date(base + i * 90_000),
      })),
    )
    .returning({ id: activityEvents.id });
  otherIds = new Set(theirs.map((r) => r.id));
});
afterAll(() => t.close());

describe("GET /api/activity", () => {
  test("a walk returns every event once, newest first (ties by id), whatever the page size", async () => {
    const expected = newestFirst(events).map((e) => e.id);
    for (const limit of [1, 7, 31, 100]) {
      const seen = await walk("x=1", limit);
      expect(
        seen.map((i) => i.id),
        `limit ${limit}`,
      ).toEqual(expected);
    }
    const first = await get("");
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]).toMatchObject({
      message: expect.stringMatching(/^Event \d+$/),
      status: "success",
      client: null,
      amount: null,
    });
    expect(first.body.items[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const all = await get("limit=31");
    expect(all.body.nextCursor).toBeNull();
  });

  test("an event recorded between two reads does not repeat a row or shift the next page", async () => {
    const ordered = newestFirst(events).map((e) => e.id);
    const page1 = await get("limit=5");
    expect(page1.body.items.map((i: Item) => i.id)).toEqual(ordered.slice(0, 5));
    // Newer than everything, and one at the very instant of page 1's last row.
    const last = newestFirst(events)[4];
    const [newer, same] = await t.db
      .insert(activityEvents)
      .values([
        { companyId: admin.companyId, type: "client_added", message: "Between reads", createdAt: new Date() },
        {
          companyId: admin.companyId,
          type: "client_added",
          message: "Same instant",
          createdAt: last?.createdAt,
        },
      ])
      .returning({ id: activityEvents.id, type: activityEvents.type, createdAt: activityEvents.createdAt });
    try {
      const page2 = await get(`limit=5&cursor=${encodeURIComponent(page1.body.nextCursor)}`);
      expect(page2.status).toBe(200);
      const ids = page2.body.items.map((i: Item) => i.id);
      // The same-instant one lands before or after the cursor by its id, never twice, never skipping ours.
      const expected = newestFirst([...events, same as Event]).map((e) => e.id);
      const from = expected.indexOf(ordered[4] ?? "") + 1;
      expect(ids).toEqual(expected.slice(from, from + 5));
      expect(ids).not.toContain(newer?.id);
      for (const id of page1.body.items.map((i: Item) => i.id)) expect(ids).not.toContain(id);
    } finally {
      events.push(newer as Event, same as Event);
    }
    const firstAgain = await get("limit=1");
    expect(firstAgain.body.items[0].id).toBe(newer?.id);
  });

  test("the type filter (several) keeps the order; an unknown type is a 400", async () => {
    const wanted = ["client_added", "rate_signed"];
    const seen = await walk("type=client_added,rate_signed", 4);
    expect(seen.map((i) => i.id)).toEqual(
      newestFirst(events.filter((e) => wanted.includes(e.type))).map((e) => e.id),
    );
    const bad = await get("type=client_added,nonsense");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("type must be one or more of");
  });

  test("a bad cursor and a limit out of bounds are a 400 with a clear message", async () => {
    const badCursor = "cursor is not valid: start again from the first page";
    for (const cursor of [
      "abc",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from('["x"]').toString("base64url"),
      Buffer.from('["not a time","00000000-0000-4000-8000-000000000000"]').toString("base64url"),
      Buffer.from('["2025-05-01 08:00:00+00","not-a-uuid"]').toString("base64url"),
      "x".repeat(501),
    ]) {
      const res = await get(`cursor=${encodeURIComponent(cursor)}`);
      expect(res.status, cursor).toBe(400);
      expect(JSON.stringify(res.body), cursor).toContain(badCursor);
    }
    for (const limit of ["0", "101", "ten", "-1", "2.5"]) {
      const res = await get(`limit=${limit}`);
      expect(res.status, limit).toBe(400);
      expect(res.body.error).toContain("limit must be a whole number from 1 to 100");
    }
    expect((await get("limit=100")).status).toBe(200);
  });

  test("another company's events never appear; theirs are theirs only; PEVOs are refused", async () => {
    const ours = await walk("x=1", 100);
    expect(ours.some((i) => otherIds.has(i.id))).toBe(false);
    const theirs = await walk("x=1", 4, other);
    expect(new Set(theirs.map((i) => i.id))).toEqual(otherIds);
    const byThem = await get("limit=100", other);
    expect(byThem.body.items.map((i: Item) => i.id).sort()).toEqual([...otherIds].sort());
    expect((await get("", pevo)).status).toBe(403);
  });
});

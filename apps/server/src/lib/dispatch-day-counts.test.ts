import { dispatchDayCounts, dispatches } from "@pevo/db";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../test/harness";

// dispatch_day_counts is kept by a trigger on dispatches (migration 0029): after any write it must
// hold what counting the dispatches directly gives, per company and pickup day.
let t: TestApp;
let a: SignedUpAdmin;
let b: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA: a, adminB: b } = await t.createTwoCompanies());
});
afterAll(() => t.close());

type Status = "pending" | "dispatched" | "completed" | "canceled";
const insertDispatch = (admin: SignedUpAdmin, pickupDate: string, status: Status) =>
  t.insertDispatch(admin.companyId, { pickupDate, status });

/** The kept rows and the same counts computed from the dispatches, both sorted. */
async function expectKeptEqualsComputed() {
  const companies = [a.companyId, b.companyId];
  const kept = await t.db
    .select({
      companyId: dispatchDayCounts.companyId,
      pickupDate: dispatchDayCounts.pickupDate,
      dispatches: dispatchDayCounts.dispatches,
      canceled: dispatchDayCounts.canceled,
      dispatched: dispatchDayCounts.dispatched,
    })
    .from(dispatchDayCounts)
    .where(inArray(dispatchDayCounts.companyId, companies))
    .orderBy(dispatchDayCounts.companyId, dispatchDayCounts.pickupDate);
  const computed = await t.db
    .select({
      companyId: dispatches.companyId,
      pickupDate: dispatches.pickupDate,
      dispatches: sql<number>`count(*)::int`,
      canceled: sql<number>`(count(*) filter (where ${dispatches.status} = 'canceled'))::int`,
      dispatched: sql<number>`(count(*) filter (where ${dispatches.status} = 'dispatched'))::int`,
    })
    .from(dispatches)
    .where(inArray(dispatches.companyId, companies))
    .groupBy(dispatches.companyId, dispatches.pickupDate)
    .orderBy(dispatches.companyId, dispatches.pickupDate);
  expect(kept).toEqual(computed);
  return kept;
}

describe("the dispatch counts per pickup day", () => {
  test("count every dispatch of the day, and its canceled and dispatched ones, per company", async () => {
    await insertDispatch(a, "2026-02-01", "pending");
    await insertDispatch(a, "2026-02-01", "dispatched");
    await insertDispatch(a, "2026-02-01", "canceled");
    await insertDispatch(a, "2026-02-02", "completed");
    await insertDispatch(b, "2026-02-01", "dispatched");
    const kept = await expectKeptEqualsComputed();
    expect(kept.filter((row) => row.companyId === a.companyId)).toEqual([
      { companyId: a.companyId, pickupDate: "2026-02-01", dispatches: 3, canceled: 1, dispatched: 1 },
      { companyId: a.companyId, pickupDate: "2026-02-02", dispatches: 1, canceled: 0, dispatched: 0 },
    ]);
  });

  test("follow status changes, moves to an earlier and a later day, and deleting", async () => {
    const id = await insertDispatch(a, "2026-03-10", "pending");
    const set = (values: Partial<typeof dispatches.$inferInsert>) =>
      t.db.update(dispatches).set(values).where(eq(dispatches.id, id));

    await set({ status: "dispatched" });
    await expectKeptEqualsComputed();
    await set({ driverName: "Another driver" }); // no count moves
    await expectKeptEqualsComputed();
    await set({ pickupDate: "2026-02-01" }); // an earlier day that has dispatches
    await expectKeptEqualsComputed();
    await set({ pickupDate: "2026-04-01", status: "canceled" }); // a later, empty day, canceled at once
    await expectKeptEqualsComputed();
    await set({ status: "completed" });
    await expectKeptEqualsComputed();
    await t.db.delete(dispatches).where(eq(dispatches.id, id));
    const kept = await expectKeptEqualsComputed();
    // A day without dispatches has no row.
    expect(kept.some((row) => row.pickupDate === "2026-04-01")).toBe(false);
  });

  test("follow a write of many dispatches at once", async () => {
    await t.db.update(dispatches).set({ status: "canceled" }).where(eq(dispatches.companyId, a.companyId));
    await expectKeptEqualsComputed();
    await t.db.delete(dispatches).where(eq(dispatches.companyId, a.companyId));
    const kept = await expectKeptEqualsComputed();
    expect(kept.filter((row) => row.companyId === a.companyId)).toEqual([]);
    expect(kept.filter((row) => row.companyId === b.companyId)).toHaveLength(1);
  });
});

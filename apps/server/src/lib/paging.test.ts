import { activityEvents } from "@pevo/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asCompanyId } from "../../test/company-id";
import { createTestApp, type TestApp } from "../../test/harness";
import { InvalidInputError } from "./domain-errors";
import { cursorPageOf, INVALID_CURSOR, keyset, likePattern } from "./paging";
import { scoped } from "./tenant";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("keyset paging", () => {
  it("reads every row once, in order, across equal timestamps and a row added between two reads", async () => {
    const admin = await t.signUpAdmin();
    const scope = { companyId: asCompanyId(admin.companyId) };
    const at = new Date("2026-01-01T00:00:00.123456Z");
    // Rows that share one timestamp (microseconds a JS Date cannot hold) and a few others.
    await t.db.insert(activityEvents).values(
      Array.from({ length: 7 }, (_, i) => ({
        companyId: admin.companyId,
        type: "test",
        message: `row ${i}`,
        createdAt: i < 5 ? at : new Date(at.getTime() + i * 1000),
      })),
    );
    await t.db.execute(
      `update activity_events set created_at = '2026-01-01 00:00:00.123456+00' where created_at = '2026-01-01 00:00:00.123+00'`,
    );
    const key = keyset([activityEvents.createdAt, activityEvents.id], "desc");
    const read = async (cursor: string | undefined) =>
      cursorPageOf(
        await t.db
          .select({ id: activityEvents.id, message: activityEvents.message, cursor: key.cursor })
          .from(activityEvents)
          .where(scoped(activityEvents, scope, key.after(cursor)))
          .orderBy(...key.orderBy)
          .limit(3 + 1),
        3,
      );
    const seen: string[] = [];
    let page = await read(undefined);
    seen.push(...page.items.map((r) => r.message));
    // A newer row arrives after the first page was read: it is before the cursor, never repeated.
    await t.db.insert(activityEvents).values({ companyId: admin.companyId, type: "test", message: "late" });
    while (page.nextCursor) {
      page = await read(page.nextCursor);
      seen.push(...page.items.map((r) => r.message));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.slice(0, 2)).toEqual(["row 6", "row 5"]);
    expect(seen).not.toContain("late");
  });

  it("refuses a cursor it did not make", () => {
    const key = keyset([activityEvents.createdAt, activityEvents.id], "desc");
    for (const bad of [
      "nope",
      Buffer.from('["a"]').toString("base64url"),
      Buffer.from("{}").toString("base64url"),
    ]) {
      expect(() => key.after(bad)).toThrow(InvalidInputError);
      expect(() => key.after(bad)).toThrow(INVALID_CURSOR);
    }
  });
});

describe("likePattern", () => {
  it("escapes LIKE's wildcards", () => {
    expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});

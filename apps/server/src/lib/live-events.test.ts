/**
 * Publishing a live event inside the change's transaction: delivered once the change commits,
 * never for a rolled-back one, and a NOTIFY that fails (a payload PostgreSQL refuses: 8000 bytes or
 * more) neither aborts nor loses the change. Run on PGlite and with TEST_DATABASE_URL on PostgreSQL.
 */
import { mailOutbox } from "@pevo/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../../test/company-id";
import { createTestApp, type TestApp, uniqueEmail } from "../../test/harness";
import { type Delivered, LiveHub, publishEvent } from "./live-events";

let t: TestApp;
let hub: LiveHub;
const companyId = asCompanyId("00000000-0000-4000-8000-000000000001");

beforeAll(async () => {
  t = await createTestApp();
  hub = new LiveHub(t.db);
  await hub.start();
});
afterAll(async () => {
  await hub?.stop();
  await t?.close();
});

/** The events this company's office hears while `fn` runs (and a moment after, for delivery). */
async function heardDuring(fn: () => Promise<unknown>) {
  const heard: Delivered[] = [];
  const { unsubscribe } = hub.subscribe(
    { companyId, pevoId: null },
    undefined,
    (e) => heard.push(e),
    () => {},
  );
  try {
    await fn().catch(() => {});
    // A marker published after `fn`: delivery is in order, so once it is heard, so is everything before.
    const marker = new Promise<void>((resolve) =>
      hub.subscribe(
        { companyId, pevoId: null },
        undefined,
        (e) => e.message.ids.marker && resolve(),
        () => {},
      ),
    );
    await publishEvent(t.db, { companyId, kind: "dispatch.deleted", ids: { marker: "end" } });
    await marker;
  } finally {
    unsubscribe();
  }
  return heard.map((e) => e.message.ids).filter((ids) => !ids.marker);
}

/** A row the change writes: a mail in the development outbox (a table with no company column). */
const insertMail = (tx: Parameters<Parameters<TestApp["db"]["transaction"]>[0]>[0], to: string) =>
  tx.insert(mailOutbox).values({ to, subject: "live event test", text: "-" });
const mailsTo = async (to: string) =>
  (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

describe("publishEvent in a transaction", () => {
  test("is delivered when the change commits", async () => {
    const to = uniqueEmail("committed");
    const heard = await heardDuring(() =>
      t.db.transaction(async (tx) => {
        await insertMail(tx, to);
        await publishEvent(tx, { companyId, kind: "dispatch.changed", ids: { dispatchId: "committed" } });
      }),
    );
    expect(heard).toEqual([{ dispatchId: "committed" }]);
    expect(await mailsTo(to)).toBe(1);
  });

  test("is never delivered for a change that rolls back", async () => {
    const to = uniqueEmail("rolled-back");
    const heard = await heardDuring(() =>
      t.db.transaction(async (tx) => {
        await insertMail(tx, to);
        await publishEvent(tx, { companyId, kind: "dispatch.changed", ids: { dispatchId: "rolled-back" } });
        throw new Error("the change fails after its event");
      }),
    );
    expect(heard).toEqual([]);
    expect(await mailsTo(to)).toBe(0);
  });

  test("a NOTIFY the database refuses is logged, and the change still commits", async () => {
    // Ids too long for a NOTIFY payload (PostgreSQL refuses 8000 bytes or more): a real failure.
    const ids = { dispatchId: "x".repeat(9000) };
    const payload = JSON.stringify({ c: companyId, i: ids });
    await expect(t.db.execute(sql`select pg_notify('pevo_live_events', ${payload})`)).rejects.toThrow();

    const to = uniqueEmail("refused-notify");
    const before = t.logs.length;
    const heard = await heardDuring(() =>
      t.db.transaction(async (tx) => {
        await insertMail(tx, `${to}.before`);
        await publishEvent(tx, { companyId, kind: "dispatch.changed", ids });
        // The transaction is not aborted: the change goes on after the failed NOTIFY, and commits.
        await insertMail(tx, to);
      }),
    );
    expect(heard).toEqual([]);
    expect(await mailsTo(`${to}.before`)).toBe(1);
    expect(await mailsTo(to)).toBe(1);
    expect(t.logs.slice(before).map((line) => line.msg)).toContain("Could not publish a live event");
  });
});

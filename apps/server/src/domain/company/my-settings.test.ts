/**
 * A login's preferences row is made by its first read: several first reads at once (two tabs) each
 * answer the same row. Run on PGlite and with TEST_DATABASE_URL on PostgreSQL (where they truly race).
 */
import { userSettings } from "@pevo/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";
import { getMySettings } from "./my-settings";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

test("first reads at once all answer the one row they made", async () => {
  const admin = await t.signUpAdmin();
  await t.db.delete(userSettings).where(eq(userSettings.userId, admin.userId));
  const scope = { db: t.db, companyId: admin.companyId, userId: admin.userId };
  const reads = await Promise.all(Array.from({ length: 8 }, () => getMySettings(scope)));
  for (const { settings } of reads) expect(settings).toEqual(reads[0]?.settings);
  expect(reads[0]?.settings).toMatchObject({ darkMode: false, emailNotifications: true });
  expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, admin.userId))).toHaveLength(1);
});

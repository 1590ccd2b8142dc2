import { missingRow, session, user } from "@pevo/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../test/harness";
import { signedCookie } from "./session-lookup";

/*
 * The API's session read (session-lookup.ts): the signed cookie Better Auth set, checked and read in
 * one query; a tampered, unsigned, expired or deleted session is nobody; a session due for Better
 * Auth's daily refresh is extended.
 */

let t: TestApp;
let admin: SignedUpAdmin;
const DAY = 24 * 60 * 60 * 1000;

const me = (cookie: string) => t.request("GET", "/api/me", { cookie });

/** The admin's session cookie with its value replaced by `value` (URL-encoded as browsers send it). */
const withValue = (value: string) => admin.cookie.replace(/=([^;]*)/, `=${encodeURIComponent(value)}`);
const cookieValue = () => decodeURIComponent(/=([^;]*)/.exec(admin.cookie)?.[1] ?? "");

async function sessionRow() {
  const [u = missingRow("user")] = await t.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, admin.email));
  const [row = missingRow("session")] = await t.db.select().from(session).where(eq(session.userId, u.id));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Lookup Escorts" });
});
afterAll(() => t.close());

describe("the API's session read", () => {
  test("the signed cookie signs in; the caller is the session's user", async () => {
    const res = await me(admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { email: admin.email } });
  });

  test("a tampered signature, a bare token or another name is nobody", async () => {
    const value = cookieValue();
    const [token, signature] = [
      value.slice(0, value.lastIndexOf(".")),
      value.slice(value.lastIndexOf(".") + 1),
    ];
    const flipped = `${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    expect((await me(withValue(`${token}.${flipped}`))).status).toBe(401);
    expect((await me(withValue(token))).status).toBe(401);
    expect((await me(withValue(`x${token}.${signature}`))).status).toBe(401);
    expect((await me(`other_cookie=${encodeURIComponent(value)}`)).status).toBe(401);
    expect((await me(withValue("%E0%A4%A"))).status).toBe(401);
  });

  test("signedCookie reads only the named cookie and only with a valid signature", () => {
    expect(signedCookie(null, "a", "s")).toBeNull();
    expect(signedCookie("b=1", "a", "s")).toBeNull();
    expect(signedCookie("a=no-signature", "a", "s")).toBeNull();
  });

  test("a session due for the daily refresh is extended; an expired one is nobody", async () => {
    const row = await sessionRow();
    // Five of its seven days left: past the one-day update age.
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 5 * DAY) })
      .where(eq(session.id, row.id));
    expect((await me(admin.cookie)).status).toBe(200);
    expect((await sessionRow()).expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);

    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.id, row.id));
    expect((await me(admin.cookie)).status).toBe(401);
  });

  test("a deleted session is signed out at once", async () => {
    const other = await t.signUpAdmin({ companyName: "Gone Escorts" });
    expect((await me(other.cookie)).status).toBe(200);
    const [u = missingRow("user")] = await t.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, other.email));
    await t.db.delete(session).where(eq(session.userId, u.id));
    expect((await me(other.cookie)).status).toBe(401);
  });
});

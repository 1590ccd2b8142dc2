import { userSettings } from "@pevo/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  firstLink,
  pathOf,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueEmail,
} from "../../../test/harness";

let t: TestApp;
let admin: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Alpha Escorts", contactPerson: "Alice Admin" });
});
afterAll(() => t.close());

const get = (cookie: string) => t.request("GET", "/api/me/settings", { cookie });
const put = (cookie: string, body: unknown) => t.request("PUT", "/api/me/settings", { cookie, body });

const PEVO_DEFAULTS = {
  emailNotifications: true,
  dispatchAlerts: true,
  pickupReminders: true,
  darkMode: true,
  locationServices: false,
};

describe("GET /api/me/settings", () => {
  test("a PEVO starts with the spec's defaults and sees their account facts", async () => {
    const pevo = await t.createPevoUser(admin.companyId, { firstName: "Paula", lastName: "One" });
    const res = await get(pevo.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      account: {
        email: pevo.email,
        companyName: "Alpha Escorts",
        contactName: "Paula One",
        role: "pevo",
      },
      settings: PEVO_DEFAULTS,
    });
    // Reading twice gives the same answer (the defaults are stored once).
    expect((await get(pevo.cookie)).body).toEqual(res.body);
    expect(await t.db.select().from(userSettings).where(eq(userSettings.userId, pevo.userId))).toHaveLength(
      1,
    );
  });

  test("an admin starts with dark mode off and sees their account facts", async () => {
    const res = await get(admin.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      account: {
        email: admin.email,
        companyName: "Alpha Escorts",
        contactName: "Alice Admin",
        role: "admin",
      },
      settings: { ...PEVO_DEFAULTS, darkMode: false },
    });
  });

  test("a PEVO added by the office (invitation) sees the company they were added to", async () => {
    const other = await t.signUpAdmin({ companyName: "Bravo Escorts" });
    const email = uniqueEmail("invited");
    const created = await t.request("POST", "/api/pevos", {
      cookie: other.cookie,
      body: { firstName: "Ivy", lastName: "Invited", email },
    });
    expect(created.status).toBe(201);
    // Set a password the way the invitation does.
    const open = await t.request("GET", pathOf(firstLink((await t.lastMail(email, /invited/i)).text)));
    const token = new URL(open.headers.get("location") ?? "", "http://localhost:3000").searchParams.get(
      "token",
    );
    expect(
      (await t.request("POST", "/api/auth/reset-password", { body: { newPassword: "ivy-password", token } }))
        .status,
    ).toBe(200);
    const cookie = await t.login(email, "ivy-password");
    const res = await get(cookie);
    expect(res.status).toBe(200);
    expect(res.body.account).toEqual({
      email,
      companyName: "Bravo Escorts",
      contactName: "Ivy Invited",
      role: "pevo",
    });
    expect(res.body.settings).toEqual(PEVO_DEFAULTS);
  });
});

describe("PUT /api/me/settings", () => {
  let pevo: TestPevo;
  beforeAll(async () => {
    pevo = await t.createPevoUser(admin.companyId, { firstName: "Sam", lastName: "Settings" });
  });

  test("saves every toggle; a new GET (a reload) returns them", async () => {
    const changed = {
      emailNotifications: false,
      dispatchAlerts: false,
      pickupReminders: false,
      darkMode: false,
      locationServices: true,
    };
    const res = await put(pevo.cookie, changed);
    expect(res.status).toBe(200);
    expect(res.body.settings).toEqual(changed);
    expect(res.body.account.role).toBe("pevo");
    expect((await get(pevo.cookie)).body.settings).toEqual(changed);
    // A new session (another device) sees the same.
    const again = await t.login(pevo.email, pevo.password);
    expect((await get(again)).body.settings).toEqual(changed);

    const back = { ...changed, dispatchAlerts: true, darkMode: true };
    expect((await put(pevo.cookie, back)).body.settings).toEqual(back);
    expect((await get(pevo.cookie)).body.settings).toEqual(back);
  });

  test("settings are per user: one user's change leaves the others alone", async () => {
    const other = await t.createPevoUser(admin.companyId);
    const before = (await get(admin.cookie)).body.settings;
    const res = await put(other.cookie, { ...PEVO_DEFAULTS, darkMode: false, pickupReminders: false });
    expect(res.status).toBe(200);
    expect((await get(admin.cookie)).body.settings).toEqual(before);
    const fresh = await t.createPevoUser(admin.companyId);
    expect((await get(fresh.cookie)).body.settings).toEqual(PEVO_DEFAULTS);
  });

  test("an admin can switch dark mode on", async () => {
    const res = await put(admin.cookie, { ...PEVO_DEFAULTS, darkMode: true });
    expect(res.status).toBe(200);
    expect((await get(admin.cookie)).body.settings.darkMode).toBe(true);
  });

  test.each([
    ["a missing toggle", { ...PEVO_DEFAULTS, locationServices: undefined }, "locationServices"],
    ["a string instead of a boolean", { ...PEVO_DEFAULTS, darkMode: "yes" }, "darkMode"],
    ["a number instead of a boolean", { ...PEVO_DEFAULTS, dispatchAlerts: 1 }, "dispatchAlerts"],
    ["null", { ...PEVO_DEFAULTS, emailNotifications: null }, "emailNotifications"],
  ])("refuses %s with 400 and changes nothing", async (_, body, field) => {
    const before = (await get(pevo.cookie)).body.settings;
    const res = await put(pevo.cookie, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.fields[field]).toBe("string");
    expect((await get(pevo.cookie)).body.settings).toEqual(before);
  });

  test("refuses an empty body and a body that is not JSON", async () => {
    const empty = await put(pevo.cookie, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(Object.keys(PEVO_DEFAULTS).sort());
    const notJson = await t.request("PUT", "/api/me/settings", {
      cookie: pevo.cookie,
      body: "darkMode=true",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: "The request body must be JSON" });
  });
});

describe("access control", () => {
  test("anonymous callers get 401 and nothing is stored", async () => {
    const read = await t.request("GET", "/api/me/settings");
    expect(read.status).toBe(401);
    expect(read.body).toEqual({ error: "You must be logged in to perform this action" });
    const write = await t.request("PUT", "/api/me/settings", { body: PEVO_DEFAULTS });
    expect(write.status).toBe(401);
  });
});

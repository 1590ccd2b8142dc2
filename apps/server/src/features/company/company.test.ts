import { account, companies, missingRow, profiles, session, user } from "@pevo/db";
import { TEAM_SORTS, type TeamSort } from "@pevo/shared";
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
import { expectedOrder, type Get, lower, readAllPages, type SortKey } from "../../../test/list-order";
import { first } from "../../../test/rows";

/** Opening a database and signing up admins is slow on a loaded machine (several PGlite files at once). */
const SETUP_TIMEOUT = 180_000;

const EMAIL_TAKEN = "This email cannot be invited; ask the person to use another email";
const WHOLE_DAYS = "Payment terms must be a whole number of days";
const MAX_DAYS = "Payment terms must be 365 days or fewer";
const TAX_RATE = "Tax rate must be between 0 and 100 with up to 2 decimals";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoA: TestPevo;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Company A Escorts", contactPerson: "Alice Admin" });
  adminB = await t.signUpAdmin({ companyName: "Company B Escorts", contactPerson: "Bob Boss" });
  pevoA = await t.createPevoUser(adminA.companyId, { firstName: "Perry", lastName: "Pilot" });
}, SETUP_TIMEOUT);
afterAll(() => t.close());

const call = (admin: { cookie: string }, method: string, path: string, body?: unknown) =>
  t.request(method, path, { cookie: admin.cookie, body });

const settings = (overrides: Record<string, unknown> = {}) => ({
  name: "Company A Escorts",
  contactPerson: "Alice Admin",
  address: "1200 Commerce St, Dallas, TX 75202",
  phone: "(214) 555-0100",
  email: "office@company-a.test",
  mcNumber: "MC-100200",
  dotNumber: "3000100",
  paymentTermsDays: 30,
  taxRate: "0",
  invoiceFooter: "Thank you for your business",
  ...overrides,
});

async function companyRow(id: string) {
  const [row = missingRow("companies")] = await t.db.select().from(companies).where(eq(companies.id, id));
  return row;
}

/** Follows an invitation's set-password link and sets the password; returns the new session. */
async function acceptInvitation(email: string, password: string) {
  const mail = await t.lastMail(email);
  const open = await t.request("GET", pathOf(firstLink(mail.text)));
  expect(open.status).toBe(302);
  const location = new URL(open.headers.get("location") ?? "", "http://localhost:3000");
  expect(location.pathname).toBe("/auth/reset");
  expect(location.searchParams.get("invite")).toBe("1");
  const token = location.searchParams.get("token");
  expect(token).toBeTruthy();
  const reset = await t.request("POST", "/api/auth/reset-password", {
    body: { newPassword: password, token },
  });
  expect(reset.status).toBe(200);
  return t.login(email, password);
}

describe("GET /api/company", () => {
  test("a new company has the signup's name and contact and the invoice defaults", async () => {
    const fresh = await t.signUpAdmin({ companyName: "Fresh Pilot Cars", contactPerson: "Fran Fresh" });
    const res = await call(fresh, "GET", "/api/company");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: "Fresh Pilot Cars",
      contactPerson: "Fran Fresh",
      address: null,
      phone: null,
      email: fresh.email,
      mcNumber: null,
      dotNumber: null,
      paymentTermsDays: 30,
      taxRate: "0.00",
      invoiceFooter: null,
      // No zone in the signup body: the default.
      timeZone: "America/Chicago",
      invoiceReminders: true,
      credentialExpiryEmails: true,
    });
  });
});

describe("PUT /api/company", () => {
  test("saves the profile and invoice defaults, and GET returns them", async () => {
    const res = await call(
      adminA,
      "PUT",
      "/api/company",
      settings({ email: " Office@Company-A.TEST ", paymentTermsDays: "45", taxRate: "8.25", phone: "" }),
    );
    expect(res.status).toBe(200);
    const expected = {
      name: "Company A Escorts",
      contactPerson: "Alice Admin",
      address: "1200 Commerce St, Dallas, TX 75202",
      phone: null,
      email: "office@company-a.test",
      mcNumber: "100200",
      dotNumber: "3000100",
      paymentTermsDays: 45,
      taxRate: "8.25",
      invoiceFooter: "Thank you for your business",
      timeZone: "America/Chicago",
      invoiceReminders: true,
      credentialExpiryEmails: true,
    };
    expect(res.body).toEqual(expected);
    expect((await call(adminA, "GET", "/api/company")).body).toEqual(expected);
    expect(await companyRow(adminA.companyId)).toMatchObject({ ...expected, isDemo: false });
    // Company B is untouched.
    const b = await call(adminB, "GET", "/api/company");
    expect(b.body).toMatchObject({ name: "Company B Escorts", paymentTermsDays: 30, taxRate: "0.00" });
  });

  test.each([
    ["0", "0.00"],
    [7, "7.00"],
    ["12.5", "12.50"],
    ["100", "100.00"],
    ["", "0.00"],
  ])("normalizes the tax rate %j to %s", async (taxRate, stored) => {
    const res = await call(adminA, "PUT", "/api/company", settings({ taxRate }));
    expect(res.status).toBe(200);
    expect(res.body.taxRate).toBe(stored);
    expect((await companyRow(adminA.companyId)).taxRate).toBe(stored);
  });

  test("accepts payment terms of 0 and 365 days", async () => {
    for (const days of [0, 365]) {
      const res = await call(adminA, "PUT", "/api/company", settings({ paymentTermsDays: days }));
      expect(res.status).toBe(200);
      expect(res.body.paymentTermsDays).toBe(days);
    }
  });

  test("the company name change reaches GET /api/me for every admin of the company", async () => {
    const renamed = await call(adminA, "PUT", "/api/company", settings({ name: "  Renamed Escorts LLC " }));
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Renamed Escorts LLC");
    const me = await call(adminA, "GET", "/api/me");
    expect(me.status).toBe(200);
    expect(me.body.company).toEqual({ id: adminA.companyId, name: "Renamed Escorts LLC" });
    expect(me.body.profile.companyName).toBe("Renamed Escorts LLC");
    // The PEVO login of the company too; company B keeps its name.
    const pevoProfile = await t.db.select().from(profiles).where(eq(profiles.id, pevoA.userId));
    expect(pevoProfile[0]?.companyName).toBe("Renamed Escorts LLC");
    const other = await call(adminB, "GET", "/api/me");
    expect(other.body.company.name).toBe("Company B Escorts");
    expect(other.body.profile.companyName).toBe("Company B Escorts");
    // Back to the original for the other tests.
    expect((await call(adminA, "PUT", "/api/company", settings())).status).toBe(200);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["a missing name", { name: undefined }, "name", "Company name must be at least 2 characters"],
    ["a 1-character name", { name: "A" }, "name", "Company name must be at least 2 characters"],
    ["a blank name", { name: "   " }, "name", "Company name must be at least 2 characters"],
    ["an invalid email", { email: "not-an-email" }, "email", "Please enter a valid email"],
    ["an email without domain", { email: "office@" }, "email", "Please enter a valid email"],
    ["negative payment terms", { paymentTermsDays: -1 }, "paymentTermsDays", WHOLE_DAYS],
    ["payment terms over 365 days", { paymentTermsDays: 366 }, "paymentTermsDays", MAX_DAYS],
    ["fractional payment terms", { paymentTermsDays: 2.5 }, "paymentTermsDays", WHOLE_DAYS],
    ["payment terms that are not a number", { paymentTermsDays: "soon" }, "paymentTermsDays", WHOLE_DAYS],
    ["missing payment terms", { paymentTermsDays: undefined }, "paymentTermsDays", WHOLE_DAYS],
    ["a tax rate over 100", { taxRate: "100.01" }, "taxRate", TAX_RATE],
    ["a tax rate of 101", { taxRate: 101 }, "taxRate", TAX_RATE],
    ["a tax rate with 3 decimals", { taxRate: "8.255" }, "taxRate", TAX_RATE],
    ["a negative tax rate", { taxRate: "-1" }, "taxRate", TAX_RATE],
    ["a tax rate that is not a number", { taxRate: "eight" }, "taxRate", TAX_RATE],
  ];
  test.each(invalid)(
    "refuses %s with 400 and its message, and changes nothing",
    async (_, change, field, message) => {
      const before = await companyRow(adminA.companyId);
      const res = await call(
        adminA,
        "PUT",
        "/api/company",
        settings({ ...change, contactPerson: "Changed Person" }),
      );
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(res.body.error).toBe(message);
      expect(await companyRow(adminA.companyId)).toEqual(before);
    },
  );

  test("a body that is not JSON is a 400", async () => {
    const res = await t.request("PUT", "/api/company", {
      cookie: adminA.cookie,
      body: "name=x",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body must be JSON" });
  });
});

describe("team", () => {
  test("GET /api/company/team lists the company's admins only (no PEVO logins, no other company)", async () => {
    const res = await call(adminA, "GET", "/api/company/team");
    expect(res.status).toBe(200);
    const emails = res.body.items.map((m: { email: string }) => m.email);
    expect(emails).toContain(adminA.email);
    expect(emails).not.toContain(pevoA.email);
    expect(emails).not.toContain(adminB.email);
    const me = res.body.items.find((m: { email: string }) => m.email === adminA.email);
    expect(me).toMatchObject({ id: adminA.userId, name: "Alice Admin", emailVerified: true });
    expect(Number.isNaN(Date.parse(me.createdAt))).toBe(false);
    expect(me).not.toHaveProperty("password");

    const b = await call(adminB, "GET", "/api/company/team");
    expect(b.body.items.map((m: { email: string }) => m.email)).toEqual([adminB.email]);
  });

  test("inviting an admin creates them in the same company; they set a password and work as its admin", async () => {
    const clientRes = await call(adminA, "POST", "/api/clients", { name: "Team Visible Client" });
    expect(clientRes.status).toBe(201);
    const bClient = await call(adminB, "POST", "/api/clients", { name: "B Only Client" });
    expect(bClient.status).toBe(201);

    const email = uniqueEmail("teammate");
    const res = await call(adminA, "POST", "/api/company/team", {
      name: "  Terry Teammate ",
      email: email.toUpperCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), email });

    const [row] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row).toMatchObject({ companyId: adminA.companyId, role: "admin", emailVerified: true });

    // Listed in A's team, not B's.
    const team = await call(adminA, "GET", "/api/company/team");
    expect(team.body.items.find((m: { email: string }) => m.email === email)).toMatchObject({
      id: res.body.id,
      name: "Terry Teammate",
      emailVerified: true,
    });
    const teamB = await call(adminB, "GET", "/api/company/team");
    expect(teamB.body.items.map((m: { email: string }) => m.email)).not.toContain(email);

    // The invitation mail; the random password it was created with is not known to anyone.
    const mails = await t.outbox(email);
    expect(mails).toHaveLength(1);
    // The invitation names the company.
    expect(mails[0]?.subject).toBe("You're invited to Company A Escorts on PEVO Back Office");
    expect(mails[0]?.text).toContain("administrator of Company A Escorts");
    expect(mails[0]?.text).toContain("Hello Terry Teammate");
    expect(mails[0]?.text).toContain("administrator");
    // Worded for an admin, not as a PEVO portal invitation.
    expect(mails[0]?.text).not.toMatch(/pilot \/ escort vehicle operator|trip log/);
    expect(firstLink(first(mails, "mail").text)).toMatch(/\/api\/auth\/reset-password\//);

    const cookie = await acceptInvitation(email, "teammate-pass-1");
    const me = await t.request("GET", "/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, role: "admin", name: "Terry Teammate" });
    expect(me.body.company.id).toBe(adminA.companyId);
    expect(me.body.profile).toMatchObject({ role: "admin", companyName: "Company A Escorts" });

    const clients = await t.request("GET", "/api/clients?pageSize=100", { cookie });
    expect(clients.status).toBe(200);
    const names = clients.body.items.map((c: { name: string }) => c.name);
    expect(names).toContain("Team Visible Client");
    expect(names).not.toContain("B Only Client");
    expect((await t.request("GET", "/api/company", { cookie })).body.name).toBe("Company A Escorts");
  });

  test("an email already used by any account is a 409 at email; nothing is created or sent", async () => {
    for (const email of [adminA.email, adminB.email.toUpperCase(), pevoA.email]) {
      const before = (await t.outbox(email)).length;
      const res = await call(adminA, "POST", "/api/company/team", { name: "Someone Else", email });
      expect(res.status, email).toBe(409);
      expect(res.body).toEqual({ error: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } });
      expect(await t.outbox(email)).toHaveLength(before);
    }
    // adminB stays in company B.
    const [b = missingRow("user")] = await t.db.select().from(user).where(eq(user.email, adminB.email));
    expect(b.companyId).toBe(adminB.companyId);
  });

  test("inviting the same new address twice: the second is a 409", async () => {
    const email = uniqueEmail("twice");
    expect((await call(adminA, "POST", "/api/company/team", { name: "First Try", email })).status).toBe(201);
    const again = await call(adminB, "POST", "/api/company/team", { name: "Second Try", email });
    expect(again.status).toBe(409);
    expect(again.body.fields).toEqual({ email: EMAIL_TAKEN });
    const [row = missingRow("user")] = await t.db.select().from(user).where(eq(user.email, email));
    expect(row.companyId).toBe(adminA.companyId);
  });

  test.each([
    ["a short name", { name: "T", email: "ok@example.test" }, "name", "Name must be at least 2 characters"],
    ["a missing name", { email: "ok@example.test" }, "name", "Name must be at least 2 characters"],
    ["a bad email", { name: "Terry", email: "terry" }, "email", "Please enter a valid email"],
    ["a missing email", { name: "Terry" }, "email", "Please enter a valid email"],
  ])("refuses %s with 400", async (_, body, field, message) => {
    const before = (await call(adminA, "GET", "/api/company/team")).body.total;
    const res = await call(adminA, "POST", "/api/company/team", body);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBe(message);
    expect((await call(adminA, "GET", "/api/company/team")).body.total).toBe(before);
  });
});

describe("team list: paging, sorting, search", () => {
  type Member = { id: string; name: string; email: string; createdAt: string };
  const KEYS: Record<TeamSort, (m: Member) => SortKey[]> = {
    name: (m) => [lower(m.name)],
    email: (m) => [lower(m.email)],
    createdAt: (m) => [m.createdAt],
  };
  let owner: SignedUpAdmin;
  let get: Get;
  let team: Member[];

  beforeAll(async () => {
    owner = await t.signUpAdmin({ contactPerson: "Quinn Owner" });
    get = (path) => call(owner, "GET", path);
    // Names of one shape (every collation orders them like JavaScript); one with an underscore.
    for (const [name, local] of [
      ["Delta Admin", "delta"],
      ["Alpha Admin", "zulu"],
      ["Gamma Admin", "mike"],
      ["Bravo Admin", "kilo"],
      ["Echo_Admin", "echo"],
    ]) {
      const res = await call(owner, "POST", "/api/company/team", {
        name,
        email: `${local}.${uniqueEmail("t")}`,
      });
      expect(res.status).toBe(201);
    }
    team = await readAllPages<Member>(get, "/api/company/team?sort=createdAt", 100);
    expect(team).toHaveLength(6);
  }, SETUP_TIMEOUT);

  for (const sort of TEAM_SORTS) {
    for (const dir of ["asc", "desc"] as const) {
      test(`sort=${sort}&dir=${dir}, two a page`, async () => {
        const rows = await readAllPages<Member>(get, `/api/company/team?sort=${sort}&dir=${dir}`, 2);
        expect(rows.map((m) => m.id)).toEqual(expectedOrder(team, KEYS[sort], dir).map((m) => m.id));
      });
    }
  }

  test("the default is the oldest first; past the last page is empty", async () => {
    const res = await get("/api/company/team");
    expect(res.body.items[0].id).toBe(owner.userId);
    expect(res.body.total).toBe(6);
    expect((await get("/api/company/team?page=2&pageSize=6")).body).toEqual({
      items: [],
      total: 6,
      totalCapped: false,
      page: 2,
      pageSize: 6,
    });
  });

  test.each([
    ["a name", "gAMMA", ["Gamma Admin"]],
    ["an email", "kilo.", ["Bravo Admin"]],
    ["an underscore, literally", "o_a", ["Echo_Admin"]],
    ["what only another company has", "Alice", []],
  ])("search by %s", async (_, q, names) => {
    const res = await get(`/api/company/team?q=${encodeURIComponent(q)}`);
    expect(res.body.items.map((m: Member) => m.name)).toEqual(names);
    expect(res.body.total).toBe(names.length);
  });

  test.each([
    ["pageSize=0", "pageSize must be a whole number from 1 to 100"],
    ["sort=role", `sort must be one of: ${TEAM_SORTS.join(", ")}`],
    ["dir=sideways", "dir must be asc or desc"],
  ])("%s is a 400", async (query, message) => {
    const res = await get(`/api/company/team?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe("roles", () => {
  const endpoints: [string, string, unknown][] = [
    ["GET", "/api/company", undefined],
    ["PUT", "/api/company", settings({ name: "Hijacked Name" })],
    ["GET", "/api/company/team", undefined],
    ["POST", "/api/company/team", { name: "Sneaky Admin", email: "sneaky@example.test" }],
  ];

  test("a PEVO user gets 403 on every /api/company endpoint, and nothing changes", async () => {
    const before = await companyRow(adminA.companyId);
    for (const [method, path, body] of endpoints) {
      const res = await t.request(method, path, { cookie: pevoA.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toEqual({ error: "You do not have access to this area" });
    }
    expect(await companyRow(adminA.companyId)).toEqual(before);
    expect(await t.db.select().from(user).where(eq(user.email, "sneaky@example.test"))).toEqual([]);
  });

  test("anonymous callers get 401 on every /api/company endpoint", async () => {
    for (const [method, path, body] of endpoints) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body, `${method} ${path}`).toEqual({
        error: "You must be logged in to perform this action",
      });
    }
    expect(await t.db.select().from(user).where(eq(user.email, "sneaky@example.test"))).toEqual([]);
  });
});

describe("DELETE /api/company/team/:userId", () => {
  const LAST_ADMIN = "The last admin of the company cannot be removed: add another admin first";
  const NOT_A_MEMBER = { error: "Team member not found" };

  /** A fresh company with a second admin who accepted the invitation (signed in). */
  async function companyWithTwoAdmins() {
    const first = await t.signUpAdmin({ companyName: "Removal Escorts" });
    const email = uniqueEmail("second-admin");
    const added = await call(first, "POST", "/api/company/team", { name: "Sam Second", email });
    expect(added.status).toBe(201);
    const cookie = await acceptInvitation(email, "second-pass-1");
    return { first, second: { id: added.body.id as string, email, cookie } };
  }

  test("removes an admin: their sessions end at once, they cannot sign in, their records stay", async () => {
    const { first, second } = await companyWithTwoAdmins();
    // Something the second admin made: created_by becomes null, the client stays.
    const client = await t.createClient({ cookie: second.cookie }, { name: "Made By Second" });
    expect((await t.request("GET", "/api/company", { cookie: second.cookie })).status).toBe(200);

    const res = await call(first, "DELETE", `/api/company/team/${second.id}`);
    expect(res.status).toBe(204);

    // The full cookie (session token and the cached session data) is refused right away.
    const after = await t.request("GET", "/api/company", { cookie: second.cookie });
    expect(after.status).toBe(401);
    expect(await t.db.select().from(session).where(eq(session.userId, second.id))).toEqual([]);
    expect(await t.db.select().from(account).where(eq(account.userId, second.id))).toEqual([]);
    expect(await t.db.select().from(user).where(eq(user.id, second.id))).toEqual([]);
    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: second.email, password: "second-pass-1" },
    });
    expect(signIn.status).toBe(401);

    const team = await call(first, "GET", "/api/company/team");
    expect(team.body.items.map((m: { id: string }) => m.id)).not.toContain(second.id);
    const kept = await call(first, "GET", `/api/clients/${client.id}`);
    expect(kept.status).toBe(200);
    // The first admin is still signed in.
    expect((await call(first, "GET", "/api/company")).status).toBe(200);
  });

  test("the last admin cannot be removed (not even by themselves); yourself while another remains", async () => {
    const { first, second } = await companyWithTwoAdmins();
    const self = await t.request("DELETE", `/api/company/team/${second.id}`, { cookie: second.cookie });
    expect(self.status).toBe(204);
    expect((await t.request("GET", "/api/company", { cookie: second.cookie })).status).toBe(401);

    const last = await call(first, "DELETE", `/api/company/team/${first.userId}`);
    expect(last.status).toBe(409);
    expect(last.body).toEqual({ error: LAST_ADMIN });
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, first.userId))).toHaveLength(1);
    expect((await call(first, "GET", "/api/company")).status).toBe(200);
  });

  test("another company's admin, a PEVO user, an unknown id: 404, nothing removed", async () => {
    const { first, second } = await companyWithTwoAdmins();
    const pevo = await t.createPevoUser(first.companyId, { firstName: "Pat", lastName: "Portal" });
    for (const id of [second.id, pevo.userId, "no-such-user"]) {
      const res = await call(adminB, "DELETE", `/api/company/team/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual(NOT_A_MEMBER);
    }
    const pevoRes = await call(first, "DELETE", `/api/company/team/${pevo.userId}`);
    expect(pevoRes.status).toBe(404);
    expect(pevoRes.body).toEqual(NOT_A_MEMBER);
    for (const id of [second.id, pevo.userId]) {
      expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, id))).toHaveLength(1);
    }
    expect((await t.request("GET", "/api/company", { cookie: second.cookie })).status).toBe(200);
    expect((await t.request("GET", "/api/me", { cookie: pevo.cookie })).status).toBe(200);
  });

  test("a PEVO may not remove anyone (403); signed out is 401", async () => {
    const { second } = await companyWithTwoAdmins();
    const pevo = await t.createPevoUser(adminA.companyId);
    expect(
      (await t.request("DELETE", `/api/company/team/${second.id}`, { cookie: pevo.cookie })).status,
    ).toBe(403);
    expect((await t.request("DELETE", `/api/company/team/${second.id}`)).status).toBe(401);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.id, second.id))).toHaveLength(1);
  });
});

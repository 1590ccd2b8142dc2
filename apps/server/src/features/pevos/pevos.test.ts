import { account, missingRow, pevos, profiles, tripLogs, user } from "@pevo/db";
import { count, eq } from "drizzle-orm";
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
import { first } from "../../../test/rows";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const EMAIL_TAKEN = "This email cannot be invited; ask the person to use another email";
const IN_USE =
  "This PEVO is assigned to dispatches or rate confirmation positions and cannot be deleted. Set them inactive instead.";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoUser: TestPevo;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Alpha Escorts" });
  adminB = await t.signUpAdmin({ companyName: "Bravo Escorts" });
  pevoUser = await t.createPevoUser(adminA.companyId);
});
afterAll(() => t.close());

const asA = (method: string, path: string, body?: unknown) => t.as(adminA)(method, path, body);

type Pevo = { id: string; firstName: string; lastName: string } & Record<string, unknown>;

async function createPevo(body: Record<string, unknown> = {}, admin = adminA): Promise<Pevo> {
  const res = await t.as(admin)("POST", "/api/pevos", { firstName: "Jamie", lastName: "Driver", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function dbRow(id: string) {
  const [row] = await t.db.select().from(pevos).where(eq(pevos.id, id));
  return row;
}

async function countRows() {
  const [[p = missingRow("pevos")], [u = missingRow("user")]] = await Promise.all([
    t.db.select({ n: count() }).from(pevos),
    t.db.select({ n: count() }).from(user),
  ]);
  return { pevos: p.n, users: u.n };
}

describe("GET /api/pevos", () => {
  test("lists the company's own PEVOs (newest first when sorted by createdAt), without foreign rows", async () => {
    const fresh = await t.signUpAdmin();
    const names = ["First", "Second", "Third"];
    for (const firstName of names) await createPevo({ firstName }, fresh);
    await createPevo({ firstName: "Foreign" }, adminB);

    const res = await t.as(fresh)("GET", "/api/pevos?sort=createdAt&dir=desc");
    expect(res.status).toBe(200);
    const items = res.body.items;
    expect(items.map((p: Pevo) => p.firstName)).toEqual(["Third", "Second", "First"]);
    const times = items.map((p: { createdAt: string }) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items[0]).toMatchObject({
      lastName: "Driver",
      email: null,
      phone: null,
      licenseNumber: null,
      certificationExpiry: null,
      status: "active",
      hasLogin: false,
    });
    // State certifications are credentials of their own: no "Certified States" on the PEVO.
    expect(items[0]).not.toHaveProperty("states");
    expect(items[0]).not.toHaveProperty("companyId");
    expect(items[0]).not.toHaveProperty("userId");
  });

  test("a new company has no PEVOs", async () => {
    const fresh = await t.signUpAdmin();
    const res = await t.as(fresh)("GET", "/api/pevos");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], total: 0, totalCapped: false, page: 1, pageSize: 25 });
  });
});

describe("GET /api/pevos?status=active (the pickers)", () => {
  test("lists only active PEVOs of the company, by last name", async () => {
    const fresh = await t.signUpAdmin();
    await createPevo({ firstName: "Zoe", lastName: "Young" }, fresh);
    await createPevo({ firstName: "Adam", lastName: "Baker" }, fresh);
    await createPevo({ firstName: "Ivan", lastName: "Inactive", status: "inactive" }, fresh);
    await createPevo({ firstName: "Mia", lastName: "Moore" }, fresh);
    await createPevo({ firstName: "Aaron", lastName: "Abbott" }, adminB);

    const res = await t.as(fresh)("GET", "/api/pevos?status=active");
    expect(res.status).toBe(200);
    expect(res.body.items.map((p: Pevo) => `${p.firstName} ${p.lastName}`)).toEqual([
      "Adam Baker",
      "Mia Moore",
      "Zoe Young",
    ]);
    for (const p of res.body.items) expect(p.status).toBe("active");
  });
});

describe("POST /api/pevos", () => {
  test("creates a PEVO without an email: no login account, no mail", async () => {
    const before = await countRows();
    const res = await asA("POST", "/api/pevos", {
      firstName: "  Nora ",
      lastName: "Nolan",
      email: "",
      phone: "(555) 010-2030",
      licenseNumber: "TX-PEVO-1234",
      certificationExpiry: "2030-06-15",
      // The retired "Certified States" ticks: an old client's field is ignored, never stored.
      states: ["TX", "OK", "TX", "AR"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      firstName: "Nora",
      lastName: "Nolan",
      email: null,
      phone: "+15550102030",
      licenseNumber: "TX-PEVO-1234",
      certificationExpiry: "2030-06-15",
      status: "active",
      hasLogin: false,
      invitationSent: false,
    });
    const row = await dbRow(res.body.id);
    expect(row).toMatchObject({ companyId: adminA.companyId, createdBy: adminA.userId, userId: null });
    const after = await countRows();
    expect(after).toEqual({ pevos: before.pevos + 1, users: before.users });
  });

  test("with an email: a confirmed pevo login in the same company, an invitation that sets a password", async () => {
    const email = uniqueEmail("invited");
    const res = await asA("POST", "/api/pevos", {
      firstName: "Ivy",
      lastName: "Invited",
      email: email.toUpperCase(),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email, hasLogin: true, invitationSent: true });
    expect(JSON.stringify(res.body).toLowerCase()).not.toContain("password");

    const row = (await dbRow(res.body.id)) ?? missingRow("pevos");
    expect(row.userId).toBeTruthy();
    const [login = missingRow("user")] = await t.db
      .select()
      .from(user)
      .where(eq(user.id, row.userId as string));
    expect(login).toMatchObject({
      email,
      role: "pevo",
      companyId: adminA.companyId,
      emailVerified: true,
      name: "Ivy Invited",
    });
    const [credential = missingRow("account")] = await t.db
      .select()
      .from(account)
      .where(eq(account.userId, login.id));
    expect(credential.providerId).toBe("credential");
    expect(credential.password).toBeTruthy();

    // No password works before the invitation is accepted.
    const early = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email, password: "the-one-i-want" },
    });
    expect(early.status).toBe(401);

    const mails = await t.outbox(email);
    expect(mails).toHaveLength(1);
    // The invitation names the company that added the PEVO.
    expect(mails[0]?.subject).toBe("You're invited to the PEVO portal of Alpha Escorts");
    expect(mails[0]?.text).toContain("Hello Ivy Invited");
    const link = firstLink(first(mails, "mail").text);
    expect(new URL(link).pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);

    const open = await t.request("GET", pathOf(link));
    expect(open.status).toBe(302);
    const location = new URL(open.headers.get("location") ?? "", "http://localhost:3000");
    expect(location.pathname).toBe("/auth/reset");
    expect(location.searchParams.get("invite")).toBe("1");
    // The page signs the PEVO in with this address once the password is set (into the portal).
    expect(location.searchParams.get("email")).toBe(email);
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    const set = await t.request("POST", "/api/auth/reset-password", {
      body: { newPassword: "the-one-i-want", token },
    });
    expect(set.status).toBe(200);

    const cookie = await t.login(email, "the-one-i-want");
    const me = await t.request("GET", "/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ email, role: "pevo" });
    expect(me.body.company.id).toBe(adminA.companyId);
    const profile = await t.request("GET", "/api/portal/profile", { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id: res.body.id, firstName: "Ivy", lastName: "Invited", email });
    // A PEVO, not an admin.
    expect((await t.request("GET", "/api/pevos", { cookie })).status).toBe(403);
  });

  const valid = { firstName: "Valid", lastName: "Person" };
  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["a missing first name", { lastName: "Person" }, "firstName", "First name must be at least 2 characters"],
    [
      "a 1-character first name",
      { ...valid, firstName: "A" },
      "firstName",
      "First name must be at least 2 characters",
    ],
    [
      "a blank first name",
      { ...valid, firstName: "   " },
      "firstName",
      "First name must be at least 2 characters",
    ],
    ["a missing last name", { firstName: "Valid" }, "lastName", "Last name must be at least 2 characters"],
    [
      "a 1-character last name",
      { ...valid, lastName: "B" },
      "lastName",
      "Last name must be at least 2 characters",
    ],
    ["an invalid email", { ...valid, email: "not-an-email" }, "email", "Please enter a valid email"],
    ["an email without domain", { ...valid, email: "someone@" }, "email", "Please enter a valid email"],
    [
      "an impossible expiry date",
      { ...valid, certificationExpiry: "2030-02-30" },
      "certificationExpiry",
      "Enter a valid date",
    ],
  ];
  test.each(invalid)(
    "refuses %s with 400 and the message, saving nothing",
    async (_, body, field, message) => {
      const before = await countRows();
      const res = await asA("POST", "/api/pevos", body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.fields[field]).toBe(message);
      expect(await countRows()).toEqual(before);
    },
  );

  test("reports both name messages at once", async () => {
    const res = await asA("POST", "/api/pevos", { firstName: "", lastName: "" });
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({
      firstName: "First name must be at least 2 characters",
      lastName: "Last name must be at least 2 characters",
    });
  });

  test("refuses an unknown status and a body that is not JSON", async () => {
    const status = await asA("POST", "/api/pevos", { ...valid, status: "retired" });
    expect(status.status).toBe(400);
    expect(status.body.fields.status).toBeTruthy();
    const notJson = await t.request("POST", "/api/pevos", {
      cookie: adminA.cookie,
      body: "{ not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual({ error: "The request body must be JSON" });
  });

  test.each([
    [
      "another PEVO's email (other case)",
      async () => (await createPevo({ email: uniqueEmail("dup") })).email,
    ],
    ["an admin's email", async () => adminB.email],
  ])("refuses %s with 409 fields.email and creates nothing", async (_, existing) => {
    const email = (await existing()) as string;
    const before = await countRows();
    const mailsBefore = (await t.outbox(email)).length;
    const res = await asA("POST", "/api/pevos", {
      firstName: "Copy",
      lastName: "Cat",
      email: email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: EMAIL_TAKEN, fields: { email: EMAIL_TAKEN } });
    expect(await countRows()).toEqual(before);
    expect(await t.outbox(email)).toHaveLength(mailsBefore);
    expect(await t.db.select().from(pevos).where(eq(pevos.lastName, "Cat"))).toEqual([]);
  });
});

describe("GET /api/pevos/:id", () => {
  test("returns the PEVO", async () => {
    const created = await createPevo({ phone: "806-555-0101", licenseNumber: "L-1" });
    const { invitationSent: _, ...expected } = created;
    const res = await asA("GET", `/api/pevos/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expected);
  });

  test.each([
    ["an unknown uuid", MISSING_ID],
    ["a non-uuid id", "not-a-uuid"],
  ])("answers 404 'PEVO not found' for %s", async (_, id) => {
    const res = await asA("GET", `/api/pevos/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "PEVO not found" });
  });
});

describe("PUT /api/pevos/:id", () => {
  test("updates the fields, ignores the email, and keeps the login's profile name in step", async () => {
    const email = uniqueEmail("update");
    const created = await createPevo({ firstName: "Old", lastName: "Name", email });
    const res = await asA("PUT", `/api/pevos/${created.id}`, {
      firstName: "New",
      lastName: "Surname",
      email: "changed@example.test",
      phone: "806-555-0199",
      licenseNumber: "LIC-9",
      certificationExpiry: "2031-01-05",
      status: "inactive",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.id,
      firstName: "New",
      lastName: "Surname",
      email,
      // Stored in E.164 (DECISIONS 'Phone numbers').
      phone: "+18065550199",
      licenseNumber: "LIC-9",
      certificationExpiry: "2031-01-05",
      status: "inactive",
      hasLogin: true,
    });
    const row = (await dbRow(created.id)) ?? missingRow("pevos");
    expect(row.email).toBe(email);
    const [login = missingRow("user")] = await t.db
      .select()
      .from(user)
      .where(eq(user.id, row.userId as string));
    expect(login.email).toBe(email);
    expect(await t.db.select().from(user).where(eq(user.email, "changed@example.test"))).toEqual([]);
    const [profile] = await t.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, row.userId as string));
    expect(profile).toMatchObject({ contactPerson: "New Surname", firstName: "New", lastName: "Surname" });
    // Optional fields can be cleared.
    const cleared = await asA("PUT", `/api/pevos/${created.id}`, {
      firstName: "New",
      lastName: "Surname",
      phone: "",
      certificationExpiry: "",
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      phone: null,
      certificationExpiry: null,
      status: "active",
    });
  });

  test("validates like create and changes nothing on bad input", async () => {
    const created = await createPevo({ firstName: "Stays" });
    const before = await dbRow(created.id);
    const res = await asA("PUT", `/api/pevos/${created.id}`, { firstName: "S", lastName: "Driver" });
    expect(res.status).toBe(400);
    expect(res.body.fields.firstName).toBe("First name must be at least 2 characters");
    const expiry = await asA("PUT", `/api/pevos/${created.id}`, {
      firstName: "Stays",
      lastName: "Driver",
      certificationExpiry: "2030-02-30",
    });
    expect(expiry.status).toBe(400);
    expect(expiry.body.fields.certificationExpiry).toBeTruthy();
    expect(await dbRow(created.id)).toEqual(before);
  });

  test("answers 404 'PEVO not found' for unknown ids", async () => {
    for (const id of [MISSING_ID, "nope"]) {
      const res = await asA("PUT", `/api/pevos/${id}`, { firstName: "Nobody", lastName: "Here" });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "PEVO not found" });
    }
  });
});

describe("DELETE /api/pevos/:id", () => {
  test("deletes a PEVO without a login (204)", async () => {
    const created = await createPevo();
    const res = await asA("DELETE", `/api/pevos/${created.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect(await dbRow(created.id)).toBeUndefined();
    expect((await asA("GET", `/api/pevos/${created.id}`)).status).toBe(404);
    expect((await asA("DELETE", `/api/pevos/${created.id}`)).status).toBe(404);
  });

  test("refuses with 409 while the PEVO is assigned to a dispatch; the row stays", async () => {
    const created = await createPevo({ firstName: "Dispatched" });
    await t.createDispatch(adminA, { pevoId: created.id });
    const res = await asA("DELETE", `/api/pevos/${created.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: IN_USE });
    expect(await dbRow(created.id)).toBeDefined();
  });

  test("refuses with 409 while the PEVO holds a rate confirmation position; the row stays", async () => {
    const created = await createPevo({ firstName: "Positioned" });
    await t.qualifyPevo(adminA.companyId, created.id);
    const client = await t.createClient(adminA);
    await t.createRateConfirmation(adminA, {
      clientId: client.id,
      positions: [{ positionType: "lead_car", pevoId: created.id }],
    });
    const res = await asA("DELETE", `/api/pevos/${created.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: IN_USE });
    expect(await dbRow(created.id)).toBeDefined();
  });

  test("refuses (409, not 500) while the PEVO has trip logs; the row stays", async () => {
    const logger = await t.createPevoUser(adminA.companyId);
    const trip = await t.request("POST", "/api/portal/trip-logs", {
      cookie: logger.cookie,
      body: {
        tripDate: "2025-04-02",
        startLocation: "Austin, TX",
        endLocation: "Waco, TX",
        miles: 102,
        hours: 2,
      },
    });
    expect(trip.status).toBe(201);
    const res = await asA("DELETE", `/api/pevos/${logger.pevoId}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "This PEVO has trip log entries and cannot be deleted. Set them inactive instead.",
    });
    expect(await dbRow(logger.pevoId)).toBeDefined();
    expect(await t.db.select().from(user).where(eq(user.id, logger.userId))).toHaveLength(1);
    expect(await t.db.select().from(tripLogs).where(eq(tripLogs.pevoId, logger.pevoId))).toHaveLength(1);
  });

  test("deleting a PEVO with a login removes the login: sign-in fails and the open session gets 401", async () => {
    const pevo = await t.createPevoUser(adminA.companyId, { firstName: "Leaving" });
    expect((await t.request("GET", "/api/portal/dashboard", { cookie: pevo.cookie })).status).toBe(200);

    const res = await asA("DELETE", `/api/pevos/${pevo.pevoId}`);
    expect(res.status).toBe(204);
    expect(await dbRow(pevo.pevoId)).toBeUndefined();
    expect(await t.db.select().from(user).where(eq(user.id, pevo.userId))).toEqual([]);

    const signIn = await t.request("POST", "/api/auth/sign-in/email", {
      body: { email: pevo.email, password: pevo.password },
    });
    expect(signIn.status).toBe(401);
    const dashboard = await t.request("GET", "/api/portal/dashboard", { cookie: pevo.cookie });
    expect(dashboard.status).toBe(401);
    expect((await t.request("GET", "/api/portal/dispatches", { cookie: pevo.cookie })).status).toBe(401);
  });
});

describe("access control", () => {
  const endpoints = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/pevos"],
    ["GET", "/api/pevos?status=active"],
    ["POST", "/api/pevos", { firstName: "Sneaky", lastName: "Addition" }],
    ["GET", `/api/pevos/${id}`],
    ["PUT", `/api/pevos/${id}`, { firstName: "Sneaky", lastName: "Rename" }],
    ["DELETE", `/api/pevos/${id}`],
  ];

  test("anonymous callers get 401 on every PEVO endpoint", async () => {
    const target = await createPevo({ firstName: "Anonymous", lastName: "Target" });
    for (const [method, path, body] of endpoints(target.id)) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: "You must be logged in to perform this action" });
    }
    expect(await dbRow(target.id)).toMatchObject({ firstName: "Anonymous", lastName: "Target" });
    expect(await t.db.select().from(pevos).where(eq(pevos.firstName, "Sneaky"))).toEqual([]);
  });

  test("a PEVO user gets 403 on every PEVO endpoint, even for their own row", async () => {
    const target = await createPevo({ firstName: "Pevo", lastName: "Target" });
    for (const id of [target.id, pevoUser.pevoId]) {
      for (const [method, path, body] of endpoints(id)) {
        const res = await t.request(method, path, { cookie: pevoUser.cookie, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(typeof res.body.error).toBe("string");
      }
    }
    expect(await dbRow(target.id)).toMatchObject({ firstName: "Pevo", lastName: "Target" });
    expect(await dbRow(pevoUser.pevoId)).toMatchObject({ firstName: "Casey", lastName: "Pevo" });
    expect(await t.db.select().from(pevos).where(eq(pevos.firstName, "Sneaky"))).toEqual([]);
  });

  test("another company's admin gets 404 on GET/PUT/DELETE, and the row is unchanged", async () => {
    const target = await createPevo({ firstName: "Secret", lastName: "Operator", phone: "806-555-0111" });
    const before = await dbRow(target.id);
    const asB = (method: string, body?: unknown) => t.as(adminB)(method, `/api/pevos/${target.id}`, body);

    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { firstName: "Hijacked", lastName: "Operator", status: "inactive" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await asB(method, body);
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ error: "PEVO not found" });
    }
    expect(await dbRow(target.id)).toEqual(before);
    const list = await t.as(adminB)("GET", "/api/pevos");
    expect(list.body.items.map((p: Pevo) => p.id)).not.toContain(target.id);
    const active = await t.as(adminB)("GET", "/api/pevos?status=active");
    expect(active.body.items.map((p: Pevo) => p.id)).not.toContain(target.id);
  });
});

import { account, companies, missingRow, profiles, session, user } from "@pevo/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  firstLink,
  mergeCookies,
  pathOf,
  pickCookies,
  SESSION_DATA_COOKIE,
  SESSION_TOKEN_COOKIE,
  type SignedUpAdmin,
  type TestApp,
  uniqueEmail,
} from "../../../test/harness";
import { first } from "../../../test/rows";

const CREATED = "Account created successfully! Please check your email for verification instructions.";
const DUPLICATE =
  "An account with this email already exists. Please use a different email or try logging in.";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signupBody = (over: Record<string, unknown> = {}) => ({
  email: uniqueEmail("signup"),
  password: "secret-pass",
  companyName: "Acme Escorts",
  contactPerson: "Alex Smith",
  ...over,
});

async function counts() {
  const [
    [users = missingRow("user")],
    [companyRows = missingRow("companies")],
    [profileRows = missingRow("profiles")],
  ] = await Promise.all([
    t.db.select({ n: count() }).from(user),
    t.db.select({ n: count() }).from(companies),
    t.db.select({ n: count() }).from(profiles),
  ]);
  return { users: users.n, companies: companyRows.n, profiles: profileRows.n };
}

const signIn = (email: string, password: string, cookie?: string) =>
  t.request("POST", "/api/auth/sign-in/email", { body: { email, password }, cookie });

describe("POST /api/signup", () => {
  test("creates a company, its admin user and profile, and mails a verification link", async () => {
    const body = signupBody({ companyName: "  Prairie Pilot Cars  ", contactPerson: "Dana Reyes" });
    const res = await t.request("POST", "/api/signup", { body });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: CREATED });

    const [row = missingRow("user")] = await t.db.select().from(user).where(eq(user.email, body.email));
    expect(row).toMatchObject({ role: "admin", emailVerified: false, name: "Dana Reyes" });
    const [company] = await t.db.select().from(companies).where(eq(companies.id, row.companyId));
    expect(company).toMatchObject({ name: "Prairie Pilot Cars", contactPerson: "Dana Reyes", isDemo: false });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, row.id));
    expect(profile).toMatchObject({
      role: "admin",
      companyName: "Prairie Pilot Cars",
      contactPerson: "Dana Reyes",
    });
    // The password is stored hashed, never as given.
    const [credential = missingRow("account")] = await t.db
      .select()
      .from(account)
      .where(eq(account.userId, row.id));
    expect(credential.providerId).toBe("credential");
    expect(credential.password).toBeTruthy();
    expect(credential.password).not.toContain(body.password);

    const mails = await t.outbox(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Verify your email address");
    const link = new URL(firstLink(first(mails, "mail").text));
    expect(link.origin).toBe("http://localhost:3000");
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(link.searchParams.get("token")).toBeTruthy();
    expect(link.searchParams.get("callbackURL")).toBe("/auth/callback");
  });

  test("stores the email in lower case and treats case variants as the same account", async () => {
    const lower = uniqueEmail("mixed");
    const mixed = lower.replace("mixed", "MiXeD").toUpperCase();
    const res = await t.request("POST", "/api/signup", { body: signupBody({ email: mixed }) });
    expect(res.status).toBe(201);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.email, lower))).toHaveLength(1);
    expect(await t.outbox(lower)).toHaveLength(1);

    const again = await t.request("POST", "/api/signup", { body: signupBody({ email: lower }) });
    expect(again.status).toBe(409);
  });

  test("works while another user is signed in, and leaves that session alone", async () => {
    const admin = await t.signUpAdmin();
    const body = signupBody();
    const res = await t.request("POST", "/api/signup", { body, cookie: admin.cookie });
    expect(res.status).toBe(201);
    expect(res.cookie).toBe("");
    const mails = await t.outbox(body.email);
    expect(mails.map((m) => m.subject)).toEqual(["Verify your email address"]);
    const me = await t.request("GET", "/api/me", { cookie: admin.cookie });
    expect(me.body.user.email).toBe(admin.email);
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["an invalid email", { email: "not-an-email" }, "email", "Please enter a valid email"],
    ["an empty email", { email: "" }, "email", "Please enter a valid email"],
    ["a missing email", { email: undefined }, "email", "Please enter a valid email"],
    [
      "a 1-character company name",
      { companyName: "A" },
      "companyName",
      "Company name must be at least 2 characters",
    ],
    [
      "a blank company name",
      { companyName: "   " },
      "companyName",
      "Company name must be at least 2 characters",
    ],
    [
      "a missing company name",
      { companyName: undefined },
      "companyName",
      "Company name must be at least 2 characters",
    ],
    [
      "a 1-character contact person",
      { contactPerson: "B" },
      "contactPerson",
      "Contact person name must be at least 2 characters",
    ],
    [
      "a missing contact person",
      { contactPerson: undefined },
      "contactPerson",
      "Contact person name must be at least 2 characters",
    ],
    ["a 5-character password", { password: "12345" }, "password", "Password must be at least 6 characters"],
    ["a missing password", { password: undefined }, "password", "Password must be at least 6 characters"],
  ];
  test.each(invalid)("refuses %s with 400 and the spec's field message", async (_, over, field, message) => {
    const before = await counts();
    const body = signupBody(over);
    const res = await t.request("POST", "/api/signup", { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.fields).toEqual({ [field]: message });
    expect(await counts()).toEqual(before);
    if (typeof body.email === "string" && body.email.includes("@"))
      expect(await t.outbox(body.email)).toEqual([]);
  });

  test("reports every invalid field at once", async () => {
    const res = await t.request("POST", "/api/signup", {
      body: { email: "x", password: "1", companyName: "", contactPerson: "" },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      email: "Please enter a valid email",
      password: "Password must be at least 6 characters",
      companyName: "Company name must be at least 2 characters",
      contactPerson: "Contact person name must be at least 2 characters",
    });
  });

  test("refuses a duplicate email with 409 and creates nothing", async () => {
    const body = signupBody();
    expect((await t.request("POST", "/api/signup", { body })).status).toBe(201);
    const before = await counts();
    const mailsBefore = (await t.outbox(body.email)).length;

    const res = await t.request("POST", "/api/signup", {
      body: { ...body, companyName: "Another Company", email: body.email.toUpperCase() },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: DUPLICATE, fields: { email: DUPLICATE } });
    expect(await counts()).toEqual(before);
    expect(await t.db.select().from(companies).where(eq(companies.name, "Another Company"))).toEqual([]);
    expect(await t.outbox(body.email)).toHaveLength(mailsBefore);
  });

  test.each([
    ["malformed JSON", "{ not json"],
    ["an empty body", ""],
  ])("answers %s with 400, not 500", async (_, raw) => {
    const res = await t.request("POST", "/api/signup", {
      body: raw,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "The request body must be JSON" });
  });

  test("answers a JSON body that is not an object with 400", async () => {
    for (const raw of ["null", "[]", '"text"', "42"]) {
      const res = await t.request("POST", "/api/signup", { body: raw });
      expect(res.status, raw).toBe(400);
      expect(typeof res.body.error, raw).toBe("string");
    }
  });
});

describe("email verification and sign-in", () => {
  test("sign-in before verification is refused with EMAIL_NOT_VERIFIED and sets no session", async () => {
    const body = signupBody();
    await t.request("POST", "/api/signup", { body });
    const res = await signIn(body.email, body.password);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(res.cookie).not.toContain(SESSION_TOKEN_COOKIE);
    // Better Auth sends a fresh verification link on such an attempt.
    expect(await t.outbox(body.email)).toHaveLength(2);
  });

  test("the verification link verifies the email, signs the user in, and then sign-in works", async () => {
    const body = signupBody();
    await t.request("POST", "/api/signup", { body });
    const [mail = missingRow("mail")] = await t.outbox(body.email);

    const verify = await t.request("GET", pathOf(firstLink(mail.text)));
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/auth/callback");
    const [row = missingRow("user")] = await t.db.select().from(user).where(eq(user.email, body.email));
    expect(row.emailVerified).toBe(true);
    expect((await t.request("GET", "/api/me", { cookie: verify.cookie })).status).toBe(200);

    const login = await signIn(body.email, body.password);
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(body.email);
    expect(login.cookie).toContain(SESSION_TOKEN_COOKIE);
    // No cookie cache: the session is only the token, checked against the session table each time.
    expect(login.cookie).not.toContain(SESSION_DATA_COOKIE);
    const sessionCookie = login.setCookies.find((c) => c.startsWith(`${SESSION_TOKEN_COOKIE}=`)) ?? "";
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    const me = await t.request("GET", "/api/me", { cookie: login.cookie });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(body.email);
  });

  test("a forged verification token redirects with an error and verifies nothing", async () => {
    const res = await t.request("GET", "/api/auth/verify-email?token=forged&callbackURL=%2Fauth%2Fcallback");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/auth\/callback\?error=/);
    expect(res.cookie).toBe("");
  });

  test("a wrong password or an unknown email answers 401 INVALID_EMAIL_OR_PASSWORD", async () => {
    const admin = await t.signUpAdmin();
    const wrong = await signIn(admin.email, "wrong-password");
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect(wrong.cookie).toBe("");
    const unknown = await signIn(uniqueEmail("nobody"), "whatever-1");
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
  });

  test("sign-in accepts the email in any case", async () => {
    const admin = await t.signUpAdmin();
    expect((await signIn(admin.email.toUpperCase(), admin.password)).status).toBe(200);
  });
});

describe("GET /api/me", () => {
  test("returns the signed-in admin with profile and company", async () => {
    const admin = await t.signUpAdmin({ companyName: "Blue Ridge Escorts", contactPerson: "Morgan Lee" });
    const res = await t.request("GET", "/api/me", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: { id: admin.userId, email: admin.email, name: "Morgan Lee", role: "admin", emailVerified: true },
      profile: {
        role: "admin",
        companyName: "Blue Ridge Escorts",
        contactPerson: "Morgan Lee",
        firstName: null,
        lastName: null,
      },
      company: { id: admin.companyId, name: "Blue Ridge Escorts" },
      demo: false,
    });
  });

  test("returns a PEVO user with role pevo", async () => {
    const admin = await t.signUpAdmin();
    const pevo = await t.createPevoUser(admin.companyId, { firstName: "Sam", lastName: "Ortiz" });
    const res = await t.request("GET", "/api/me", { cookie: pevo.cookie });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe("pevo");
    expect(res.body.profile).toMatchObject({ role: "pevo", firstName: "Sam", lastName: "Ortiz" });
    expect(res.body.company.id).toBe(admin.companyId);
  });

  test("answers 401 without a session or with a forged one", async () => {
    const anonymous = await t.request("GET", "/api/me");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: "You must be logged in to perform this action" });
    const forged = await t.request("GET", "/api/me", { cookie: `${SESSION_TOKEN_COOKIE}=forged.value` });
    expect(forged.status).toBe(401);
  });
});

describe("sign-out", () => {
  test("clears the cookies and ends the session on the server", async () => {
    const admin = await t.signUpAdmin();
    const cookie = await t.login(admin.email, admin.password);
    const sessionsOf = async () =>
      first(await t.db.select({ n: count() }).from(session).where(eq(session.userId, admin.userId))).n;
    expect(await sessionsOf()).toBe(2); // the verification link's and this login's
    const out = await t.request("POST", "/api/auth/sign-out", { cookie });
    expect(out.status).toBe(200);
    const after = mergeCookies(cookie, out);
    expect(after).not.toContain(SESSION_TOKEN_COOKIE);
    expect(after).not.toContain(SESSION_DATA_COOKIE);
    expect((await t.request("GET", "/api/me", { cookie: after })).status).toBe(401);

    // The session row is gone: the old token no longer works.
    const oldToken = pickCookies(cookie, [SESSION_TOKEN_COOKIE]);
    expect((await t.request("GET", "/api/me", { cookie: oldToken })).status).toBe(401);
    expect(await sessionsOf()).toBe(1);
    // The other session (from the verification link) is untouched.
    expect((await t.request("GET", "/api/me", { cookie: admin.cookie })).status).toBe(200);
  });
});

describe("password change", () => {
  test("ends the user's other sessions even unasked; the current one goes on", async () => {
    const admin = await t.signUpAdmin();
    const current = await t.login(admin.email, admin.password);
    const other = await t.login(admin.email, admin.password);
    const newPassword = "another-horse-43";
    const res = await t.request("POST", "/api/auth/change-password", {
      cookie: current,
      body: { currentPassword: admin.password, newPassword, revokeOtherSessions: false },
    });
    expect(res.status).toBe(200);
    // At once (no cookie cache): the other sessions are refused by our API and by Better Auth's.
    for (const cookie of [other, admin.cookie]) {
      expect((await t.request("GET", "/api/me", { cookie })).status).toBe(401);
      expect((await t.request("GET", "/api/auth/get-session", { cookie })).body).toBeNull();
    }
    // The caller is signed in on (with the session cookie of the answer) and the new password works.
    const after = mergeCookies(current, res);
    expect((await t.request("GET", "/api/me", { cookie: after })).status).toBe(200);
    expect(await t.login(admin.email, newPassword)).toContain(SESSION_TOKEN_COOKIE);
    const sessions = await t.db.select({ n: count() }).from(session).where(eq(session.userId, admin.userId));
    expect(sessions[0]?.n).toBe(2); // the caller's and that last login's
  });

  test("a wrong current password changes nothing and ends no session", async () => {
    const admin = await t.signUpAdmin();
    const other = await t.login(admin.email, admin.password);
    const res = await t.request("POST", "/api/auth/change-password", {
      cookie: admin.cookie,
      body: { currentPassword: "not-the-password", newPassword: "another-horse-43" },
    });
    expect(res.status).toBe(400);
    expect((await t.request("GET", "/api/me", { cookie: other })).status).toBe(200);
    expect(await t.login(admin.email, admin.password)).toContain(SESSION_TOKEN_COOKIE);
  });
});

describe("password reset", () => {
  test("mails a link that leads to /auth/reset; the new password works and the old one no longer does", async () => {
    const admin = await t.signUpAdmin();
    const oldSession = pickCookies(await t.login(admin.email, admin.password), [SESSION_TOKEN_COOKIE]);

    const ask = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: admin.email, redirectTo: "/auth/reset" },
    });
    expect(ask.status).toBe(200);
    const mail = await t.lastMail(admin.email, /reset/i);
    expect(mail.subject).toBe("Reset your password");
    const link = firstLink(mail.text);
    expect(new URL(link).pathname).toMatch(/^\/api\/auth\/reset-password\/[^/]+$/);

    const open = await t.request("GET", pathOf(link));
    expect(open.status).toBe(302);
    const location = new URL(open.headers.get("location") ?? "", "http://localhost:3000");
    expect(location.pathname).toBe("/auth/reset");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await t.request("POST", "/api/auth/reset-password", {
      body: { newPassword: "brand-new-pass", token },
    });
    expect(reset.status).toBe(200);

    expect((await signIn(admin.email, "brand-new-pass")).status).toBe(200);
    const old = await signIn(admin.email, admin.password);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    // Sessions opened before the reset are revoked.
    expect((await t.request("GET", "/api/me", { cookie: oldSession })).status).toBe(401);

    // The token is single-use.
    const again = await t.request("POST", "/api/auth/reset-password", {
      body: { newPassword: "third-password", token },
    });
    expect(again.status).toBe(400);
    expect((await signIn(admin.email, "third-password")).status).toBe(401);
  });

  test("a too-short new password is refused and the old one keeps working", async () => {
    const admin = await t.signUpAdmin();
    await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: admin.email, redirectTo: "/auth/reset" },
    });
    const open = await t.request("GET", pathOf(firstLink((await t.lastMail(admin.email, /reset/i)).text)));
    const token = new URL(open.headers.get("location") ?? "", "http://localhost:3000").searchParams.get(
      "token",
    );
    const reset = await t.request("POST", "/api/auth/reset-password", {
      body: { newPassword: "12345", token },
    });
    expect(reset.status).toBe(400);
    expect((await signIn(admin.email, admin.password)).status).toBe(200);
  });

  test("an unknown email gets the same answer as a known one and no mail is sent", async () => {
    const email = uniqueEmail("ghost");
    const res = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email, redirectTo: "/auth/reset" },
    });
    expect(res.status).toBe(200);
    expect(await t.outbox(email)).toEqual([]);
    const known = await t.signUpAdmin();
    const knownRes = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: known.email, redirectTo: "/auth/reset" },
    });
    expect(knownRes.status).toBe(res.status);
    expect(knownRes.body).toEqual(res.body);
  });

  test("a redirect to a foreign site is refused", async () => {
    const admin = await t.signUpAdmin();
    const before = (await t.outbox(admin.email)).length;
    const res = await t.request("POST", "/api/auth/request-password-reset", {
      body: { email: admin.email, redirectTo: "https://evil.example/steal" },
    });
    expect(res.status).toBe(403);
    expect(await t.outbox(admin.email)).toHaveLength(before);
  });
});

describe("rate limiting", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ authRateLimit: 3 });
  });
  afterAll(() => limited.close());

  test("an address's 4th sign-in attempt within a minute answers 429, even with the right password", async () => {
    const admin = await limited.signUpAdmin();
    // Three accounts, so that no account's own limit of failures (http/rate-limit.ts) comes first.
    for (let i = 0; i < 3; i++) {
      const res = await limited.request("POST", "/api/auth/sign-in/email", {
        body: { email: uniqueEmail("guess"), password: "wrong-password" },
      });
      expect(res.status).toBe(401);
    }
    const fourth = await limited.request("POST", "/api/auth/sign-in/email", {
      body: { email: admin.email, password: admin.password },
    });
    expect(fourth.status).toBe(429);
    const seconds = Number(fourth.headers.get("retry-after"));
    expect(seconds).toBeGreaterThan(0);
    expect(fourth.body).toEqual({ error: `Too many attempts. Try again in ${seconds} seconds.` });
    expect(fourth.cookie).toBe("");
    // Other endpoints are not affected.
    expect((await limited.request("GET", "/api/me", { cookie: admin.cookie })).status).toBe(200);
  });

  test("signup is limited too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      // signUpAdmin above used one signup already.
      statuses.push((await limited.request("POST", "/api/signup", { body: signupBody() })).status);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});

describe("the API surface", () => {
  let admin: SignedUpAdmin;
  beforeAll(async () => {
    admin = await t.signUpAdmin();
  });

  test.each([
    ["POST", "/api/auth/sign-up/email"],
    ["GET", "/api/auth/list-sessions"],
    ["POST", "/api/auth/delete-user"],
    ["POST", "/api/auth/update-user"],
    ["GET", "/api/auth/ok"],
  ])("Better Auth's %s %s is closed (404 JSON)", async (method, path) => {
    const res = await t.request(method, path, {
      cookie: admin.cookie,
      body: method === "POST" ? { email: uniqueEmail("x"), password: "secret-pass", name: "X" } : undefined,
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: "Not found" });
    // Still signed in: nothing was deleted or changed.
    expect((await t.request("GET", "/api/me", { cookie: admin.cookie })).status).toBe(200);
  });

  test("sign-up through Better Auth creates nothing", async () => {
    const email = uniqueEmail("direct");
    await t.request("POST", "/api/auth/sign-up/email", {
      body: { email, password: "secret-pass", name: "X" },
    });
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  test.each([
    ["GET", "/api/whatever"],
    ["POST", "/api/whatever"],
    ["DELETE", "/api/me"],
    ["GET", "/api/clientsx"],
    ["PATCH", "/api/clients"],
  ])("unknown %s %s answers JSON 404", async (method, path) => {
    const res = await t.request(method, path, {
      cookie: admin.cookie,
      body: method === "GET" ? undefined : {},
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(res.body).toEqual({ error: "Not found" });
  });

  test("sends security headers", async () => {
    const res = await t.request("GET", "/api/me");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("CSRF", () => {
  let admin: SignedUpAdmin;
  beforeAll(async () => {
    admin = await t.signUpAdmin();
  });

  test("a POST with a cookie and no Origin header is refused with 403 and does nothing", async () => {
    const out = await t.request("POST", "/api/auth/sign-out", {
      cookie: admin.cookie,
      headers: { Origin: null },
    });
    expect(out.status).toBe(403);
    expect(typeof out.body.error).toBe("string");
    expect(out.setCookies).toEqual([]);
    expect((await t.request("GET", "/api/me", { cookie: admin.cookie })).status).toBe(200);

    // Better Auth checks the Origin of its own endpoints too, whatever the content type.
    const json = await t.request("POST", "/api/auth/sign-out", {
      cookie: admin.cookie,
      body: {},
      headers: { Origin: null },
    });
    expect(json.status).toBe(403);
    expect((await t.request("GET", "/api/me", { cookie: admin.cookie })).status).toBe(200);
  });

  test.each([
    ["no Origin", null, "text/plain"],
    ["a foreign Origin", "http://evil.example", "application/x-www-form-urlencoded"],
    ["a foreign Origin", "http://evil.example", "text/plain"],
    ['Origin "null"', "null", "text/plain"],
    ["a malformed Origin", "not a url", "multipart/form-data; boundary=x"],
  ])("a form-like POST with %s (%s) is refused with 403, not 500", async (_, origin, contentType) => {
    const name = `CSRF client ${Math.random()}`;
    const res = await t.request("POST", "/api/clients", {
      cookie: admin.cookie,
      body: JSON.stringify({ name }),
      headers: { Origin: origin, "Content-Type": contentType },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const list = await t.request("GET", "/api/clients", { cookie: admin.cookie });
    expect(list.body.items.map((c: { name: string }) => c.name)).not.toContain(name);
  });

  test("the app's own origin passes", async () => {
    const res = await t.request("POST", "/api/clients", {
      cookie: admin.cookie,
      body: JSON.stringify({ name: "Same origin client" }),
      headers: { "Content-Type": "text/plain" },
    });
    expect(res.status).toBe(201);
  });
});

describe("malformed input", () => {
  test("malformed JSON answers 400 on our endpoints and on Better Auth's", async () => {
    const admin = await t.signUpAdmin();
    const clients = await t.request("POST", "/api/clients", { cookie: admin.cookie, body: "{bad json" });
    expect(clients.status).toBe(400);
    expect(clients.body).toEqual({ error: "The request body must be JSON" });
    const signin = await t.request("POST", "/api/auth/sign-in/email", { body: "{bad json" });
    expect(signin.status).toBe(400);
    const missing = await t.request("POST", "/api/auth/sign-in/email", { body: {} });
    expect(missing.status).toBe(400);
  });
});

describe("GET /api/demo-accounts", () => {
  test("lists the demo credentials while demo accounts are enabled", async () => {
    const res = await t.request("GET", "/api/demo-accounts");
    expect(res.status).toBe(200);
    expect(res.body.admin.email).toMatch(/@/);
    expect(res.body.pevo.email).toMatch(/@/);
  });

  test("answers 404 when demo accounts are disabled", async () => {
    const off = await createTestApp({ config: { demoEnabled: false } });
    try {
      const res = await off.request("GET", "/api/demo-accounts");
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("Demo accounts are disabled");
    } finally {
      await off.close();
    }
  });
});

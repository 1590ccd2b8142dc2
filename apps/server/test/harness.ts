/**
 * In-process API test harness: a fresh database per test FILE and the real Hono app on top of it.
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t.close());
 *
 * Fixtures for setting up data: `t.as(admin)` binds a caller's cookie to requests; `t.createClient`,
 * `t.createRateConfirmation` and `t.createDispatch` POST a valid default body (the overrides win;
 * `allowConflict: true` unless overridden, so fixtures may book a PEVO twice) and fail the test unless 201; `t.createTwoCompanies()` makes admins A and B with their PEVO users. Tests
 * about a POST itself (validation, the exact body) write it out instead.
 *
 * PGlite in memory by default; when TEST_DATABASE_URL is set (e.g. postgres://root@127.0.0.1:5432/test)
 * a uniquely named database is created on that server for the file and dropped afterwards.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Database,
  dispatches,
  type Executor,
  mailOutbox,
  missingRow,
  type OpenedDatabase,
  openDatabase,
  pevoInsurance,
  pevos,
} from "@pevo/db";
import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { expect, inject } from "vitest";
import { createApp } from "../src/app";
import { createUserWithAccount } from "../src/domain/company";
import type { Config } from "../src/env";
import { databaseLog } from "../src/lib/database-log";
import { setLogger } from "../src/lib/log";
import { diskStorage, type FileStorage } from "../src/lib/storage";
import type { CompanyId } from "../src/lib/tenant";
import { createMailer, type Mailer } from "../src/mail/mailer";
import { asCompanyId } from "./company-id";
import { captureLogs } from "./log-capture";
import "./provided-context";

export const APP_URL = "http://localhost:3000";
const DEFAULT_PASSWORD = "correct-horse-42";
/** The licence and insurance expiry of a test PEVO (createPevoUser, qualifyPevo). */
export const QUALIFIED_UNTIL = "2035-12-31";

export type TestAppOptions = {
  /** Sign-in / signup / reset requests per minute (default 1000, i.e. no limit in practice). */
  authRateLimit?: number;
  /** Overrides of the test configuration. */
  config?: Partial<Config>;
  mailer?: Mailer;
  /** Where uploads go (default: a temporary folder, removed by close()). */
  storage?: FileStorage;
  /** A database opened by the test (e.g. PGlite in a folder, for backups); close() closes it. */
  database?: OpenedDatabase;
};

export type RequestOptions = {
  /** JSON (an object), a raw string, or FormData (sent as multipart/form-data, e.g. an upload). */
  body?: unknown;
  /** A Cookie header value, e.g. the `cookie` of a login. */
  cookie?: string;
  /** Extra headers; `Origin: http://localhost:3000` is always sent unless set to null here. */
  headers?: Record<string, string | null>;
};

export type TestResponse = {
  status: number;
  /** Parsed JSON when the response is JSON, otherwise the text (empty string for no body). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes
  body: any;
  headers: Headers;
  /** The cookies this response set, as a Cookie header value (cleared cookies left out). */
  cookie: string;
  /** Raw Set-Cookie header values. */
  setCookies: string[];
};

export type SignedUpAdmin = {
  email: string;
  password: string;
  companyName: string;
  contactPerson: string;
  userId: string;
  companyId: CompanyId;
  cookie: string;
};

/** Who makes a request: a Cookie header value, or anything that carries one (an admin, a PEVO). */
export type Caller = string | { cookie: string };

// biome-ignore lint/suspicious/noExplicitAny: request bodies that tests build and override freely
export type JsonBody = Record<string, any>;

/** A record as POST answered it (201). */
export type Created = { id: string } & JsonBody;

export type TestPevo = {
  email: string;
  password: string;
  userId: string;
  pevoId: string;
  companyId: string;
  cookie: string;
};

/** Parses Set-Cookie values into name → value; an empty value or Max-Age=0 means "cleared" (null). */
function parseSetCookies(setCookies: string[]): Map<string, string | null> {
  const result = new Map<string, string | null>();
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const cleared =
      value === "" ||
      attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a)) ||
      attributes.some((a) => {
        const m = /^\s*expires\s*=(.*)$/i.exec(a);
        return m?.[1] ? new Date(m[1]).getTime() < Date.now() : false;
      });
    result.set(name, cleared ? null : value);
  }
  return result;
}

function parseCookieHeader(cookie: string | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (cookie ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}

function serializeJar(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** What a browser would send next: `previous` cookies updated by the response's Set-Cookie headers. */
export function mergeCookies(
  previous: string | undefined,
  response: Pick<TestResponse, "setCookies">,
): string {
  const jar = parseCookieHeader(previous);
  for (const [name, value] of parseSetCookies(response.setCookies)) {
    if (value === null) jar.delete(name);
    else jar.set(name, value);
  }
  return serializeJar(jar);
}

/** Keeps only the named cookies of a Cookie header value. */
export function pickCookies(cookie: string, names: string[]): string {
  const jar = parseCookieHeader(cookie);
  return serializeJar(new Map([...jar].filter(([name]) => names.includes(name))));
}

export const SESSION_TOKEN_COOKIE = "better-auth.session_token";
export const SESSION_DATA_COOKIE = "better-auth.session_data";

function testConfig(options: TestAppOptions = {}): Config {
  return {
    production: false,
    port: 3000,
    database: { kind: "pglite", dataDir: "/nonexistent-test-database" },
    appUrl: APP_URL,
    authSecret: "test-only-secret-0123456789-0123456789-abcdef",
    smtpUrl: undefined,
    mailFrom: "PEVO Back Office <no-reply@localhost>",
    demoEnabled: true,
    authRateLimit: options.authRateLimit ?? 1000,
    ...options.config,
  };
}

type TestDatabase = {
  opened: OpenedDatabase;
  close: () => Promise<void>;
  kind: "pglite" | "postgres";
  /** The PostgreSQL database's address (for a second app instance); none for PGlite. */
  url?: string;
};

async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A copy of the database the global setup migrated (test/database-template.ts).
    const loadDataDir = new Blob([readFileSync(inject("pgliteTemplate"))]);
    const opened = await openDatabase({ kind: "memory", loadDataDir }, databaseLog);
    return { opened, kind: "pglite", close: () => opened.close() };
  }
  const name = `pevo_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let opened: OpenedDatabase;
  try {
    opened = await openDatabase({ kind: "postgres", url: url.toString() }, databaseLog);
  } catch (error) {
    await dropDatabase(serverUrl, name);
    throw error;
  }
  return {
    opened,
    kind: "postgres",
    url: url.toString(),
    close: async () => {
      await opened.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

async function dropDatabase(serverUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // The pool's connections may take a moment to go away after pool.end(). Without FORCE, so the
    // server does not kill a connection of ours (an unhandled FATAL 57P01 in the test process).
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "55006" || attempt >= 50) throw error; // 55006: still being accessed
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}

let uniqueCounter = 0;
/** A unique, lower-case email address for this test run. */
export function uniqueEmail(prefix = "user"): string {
  uniqueCounter += 1;
  return `${prefix}-${uniqueCounter}-${randomBytes(3).toString("hex")}@example.test`;
}

/** Path plus query of an absolute link (mails carry absolute links to APP_URL). */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The first http(s) link of a text. */
export function firstLink(text: string): string {
  const match = /https?:\/\/[^\s<>"]+/.exec(text);
  if (!match) throw new Error(`No link in mail text:\n${text}`);
  return match[0];
}

/** A unique job number for this test run (not of the RC-YYYYMMDD-### form that next-job-number counts). */
export function uniqueJobNumber(prefix = "JOB"): string {
  uniqueCounter += 1;
  return `${prefix}-${uniqueCounter}-${randomBytes(3).toString("hex")}`;
}

/** The standard rates of the default rate confirmation body. */
export const DEFAULT_STANDARD_RATES = {
  minimumDailyRate: "450",
  mileageRate: "1.85",
  overnightRate: "125",
  noGoRate: "250",
  detentionRate: "65",
  detentionThreshold: 2,
} as const;

/** A valid POST /api/rate-confirmations body (a unique job number, one lead car); `overrides` win. */
export function rateConfirmationBody(overrides: { clientId: string } & JsonBody): JsonBody {
  return {
    jobNumber: uniqueJobNumber(),
    originAddress: "Houston, TX 77001",
    destinationAddress: "Denver, CO 80202",
    startDate: "2025-06-10",
    description: "Oversize transformer, 16 ft wide",
    standardRates: DEFAULT_STANDARD_RATES,
    positions: [{ positionType: "lead_car" }],
    ...overrides,
  };
}

/** A valid POST /api/dispatches body (no PEVO, no rate confirmation, default status); `overrides` win. */
export function dispatchBody(overrides: JsonBody = {}): JsonBody {
  return {
    driverName: "Dale Trucker",
    driverPhone: "(555) 123-4567",
    pickupDate: "2025-06-10",
    pickupTime: "09:00",
    ...overrides,
  };
}

/**
 * A test app whose mail goes to the outbox as usual, except while `down()` is true: then sending
 * throws "SMTP server unreachable" (a mail server that is away).
 */
export async function createTestAppWithMailOutage(down: () => boolean) {
  let real: Mailer | undefined;
  const t = await createTestApp({
    mailer: {
      mode: "outbox",
      send: async (mail, options) => {
        if (down()) throw new Error("SMTP server unreachable");
        await real?.send(mail, options);
      },
    },
  });
  real = createMailer({ db: t.db, from: t.config.mailFrom });
  return t;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const database: TestDatabase = options.database
    ? {
        opened: options.database,
        kind: options.database.kind,
        close: () => options.database?.close() ?? Promise.resolve(),
      }
    : await openTestDatabase();
  const db: Database = database.opened.db;
  const config = testConfig(options);
  // Warnings and errors are kept in `logs` (a test may check what a failure logged), not printed;
  // below that (a line per request, every mail of the outbox) nothing is written.
  const logs = captureLogs("warn");
  setLogger(logs.logger);
  // The real outbox mailer (smtpUrl is undefined).
  const mailer = options.mailer ?? createMailer({ db, from: config.mailFrom });
  const filesDir = options.storage ? undefined : mkdtempSync(join(tmpdir(), "pevo-test-files-"));
  const storage = options.storage ?? diskStorage(filesDir as string);
  const app = createApp({ db, config, mailer, storage });

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<TestResponse> {
    const headers = new Headers();
    headers.set("Origin", APP_URL);
    const form = opts.body instanceof FormData;
    if (opts.body !== undefined && !form) headers.set("Content-Type", "application/json");
    if (opts.cookie) headers.set("Cookie", opts.cookie);
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value === null) headers.delete(name);
      else headers.set(name, value);
    }
    const body =
      opts.body === undefined
        ? undefined
        : typeof opts.body === "string" || opts.body instanceof FormData
          ? opts.body
          : JSON.stringify(opts.body);
    const res = await app.request(`${APP_URL}${path}`, { method, headers, body, redirect: "manual" });
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get("content-type") ?? "").includes("json") && text !== "") {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const setCookies = res.headers.getSetCookie();
    return {
      status: res.status,
      body: parsed,
      headers: res.headers,
      cookie: mergeCookies(undefined, { setCookies }),
      setCookies,
    };
  }

  /** Mails kept in the outbox for an address (oldest first), or all of them. */
  async function outbox(to?: string) {
    return db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(asc(mailOutbox.createdAt));
  }

  /** The newest mail to an address whose subject matches; fails when there is none. */
  async function lastMail(to: string, subject?: RegExp) {
    const mails = (await outbox(to)).filter((m) => !subject || subject.test(m.subject));
    const mail = mails.at(-1);
    if (!mail) throw new Error(`No mail${subject ? ` matching ${subject}` : ""} to ${to}`);
    return mail;
  }

  /** Signs in with Better Auth; returns the session cookies (fails unless 200). */
  async function login(email: string, password: string): Promise<string> {
    const res = await request("POST", "/api/auth/sign-in/email", { body: { email, password } });
    if (res.status !== 200) {
      throw new Error(`login(${email}) answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
    return res.cookie;
  }

  /** POST /api/signup, then opens the verification link of the mail; returns the signed-in admin. */
  async function signUpAdmin(
    input: Partial<Pick<SignedUpAdmin, "email" | "password" | "companyName" | "contactPerson">> = {},
  ): Promise<SignedUpAdmin> {
    const email = (input.email ?? uniqueEmail("admin")).toLowerCase();
    const password = input.password ?? DEFAULT_PASSWORD;
    const companyName = input.companyName ?? `Company ${randomBytes(3).toString("hex")}`;
    const contactPerson = input.contactPerson ?? "Pat Admin";
    const signup = await request("POST", "/api/signup", {
      body: { email, password, companyName, contactPerson },
    });
    if (signup.status !== 201) {
      throw new Error(`signup(${email}) answered ${signup.status}: ${JSON.stringify(signup.body)}`);
    }
    const mail = await lastMail(email, /verify/i);
    const verify = await request("GET", pathOf(firstLink(mail.text)));
    if (verify.status !== 302) {
      throw new Error(`verification of ${email} answered ${verify.status}: ${JSON.stringify(verify.body)}`);
    }
    const cookie = verify.cookie.includes(SESSION_TOKEN_COOKIE)
      ? verify.cookie
      : await login(email, password);
    const me = await request("GET", "/api/me", { cookie });
    if (me.status !== 200) throw new Error(`/api/me after signup answered ${me.status}`);
    return {
      email,
      password,
      companyName,
      contactPerson,
      userId: me.body.user.id,
      companyId: asCompanyId(me.body.company.id),
      cookie,
    };
  }

  /** A PEVO with a verified login in a company (seed factory + a `pevos` row), signed in. */
  async function createPevoUser(
    companyId: string,
    input: {
      email?: string;
      password?: string;
      firstName?: string;
      lastName?: string;
      /** false: no licence expiry and no insurance (default: both, approved, so assignments pass). */
      qualified?: boolean;
    } = {},
  ): Promise<TestPevo> {
    const email = (input.email ?? uniqueEmail("pevo")).toLowerCase();
    const password = input.password ?? DEFAULT_PASSWORD;
    const firstName = input.firstName ?? "Casey";
    const lastName = input.lastName ?? "Pevo";
    const { userId, pevoId } = await db.transaction(async (tx) => {
      const created = await createUserWithAccount(tx, {
        companyId,
        email,
        password,
        role: "pevo",
        name: `${firstName} ${lastName}`,
        companyName: "PEVO company",
        contactPerson: `${firstName} ${lastName}`,
        emailVerified: true,
        firstName,
        lastName,
      });
      const [row = missingRow("pevos")] = await tx
        .insert(pevos)
        .values({ companyId, userId: created.id, firstName, lastName, email })
        .returning({ id: pevos.id });
      if (input.qualified ?? true) await qualifyPevo(companyId, row.id, { executor: tx });
      return { userId: created.id, pevoId: row.id };
    });
    const cookie = await login(email, password);
    return { email, password, userId, pevoId, companyId, cookie };
  }

  /**
   * Gives a PEVO a driver's licence expiry (unless `keepLicence`) and approved auto liability
   * insurance through QUALIFIED_UNTIL: every assignment checks both (domain/credentials/qualification.ts).
   */
  async function qualifyPevo(
    companyId: string,
    pevoId: string,
    { executor = db as Executor, keepLicence = false } = {},
  ) {
    if (!keepLicence)
      await executor
        .update(pevos)
        .set({ certificationExpiry: QUALIFIED_UNTIL })
        .where(and(eq(pevos.companyId, asCompanyId(companyId)), eq(pevos.id, pevoId)));
    await executor.insert(pevoInsurance).values({
      companyId: asCompanyId(companyId),
      pevoId,
      type: "auto_liability",
      carrier: "Test Mutual",
      policyNumber: "AL-TEST",
      expiresOn: QUALIFIED_UNTIL,
    });
  }

  /** POST /api/pevos as `admin` (fails the test unless 201); qualified (qualifyPevo) unless told not. */
  async function createPevo(admin: SignedUpAdmin, body: JsonBody, options = { qualified: true }) {
    const created = await create(admin, "/api/pevos", body);
    if (options.qualified) await qualifyPevo(admin.companyId, created.id);
    return created;
  }

  /** A request function bound to a caller's cookie: `t.as(admin)("GET", "/api/clients")`. */
  function as(caller: Caller) {
    const cookie = typeof caller === "string" ? caller : caller.cookie;
    return (method: string, path: string, body?: unknown) => request(method, path, { cookie, body });
  }

  /** POSTs a fixture record; fails the test unless 201. */
  async function create(caller: Caller, path: string, body: unknown): Promise<Created> {
    const res = await as(caller)("POST", path, body);
    expect(res.status, `POST ${path}: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  }

  /** POST /api/clients with a unique name unless `body` gives one. */
  function createClient(caller: Caller, body: JsonBody = {}): Promise<Created> {
    return create(caller, "/api/clients", { name: `Client ${randomBytes(3).toString("hex")}`, ...body });
  }

  /** POST /api/rate-confirmations with {@link rateConfirmationBody}(overrides). */
  function createRateConfirmation(caller: Caller, overrides: { clientId: string } & JsonBody) {
    // Fixture data: a PEVO booked twice is not what these set-ups test (booking-conflicts.test.ts does).
    return create(
      caller,
      "/api/rate-confirmations",
      rateConfirmationBody({ allowConflict: true, ...overrides }),
    );
  }

  /** POST /api/dispatches with {@link dispatchBody}(overrides). */
  function createDispatch(caller: Caller, overrides: JsonBody = {}) {
    return create(caller, "/api/dispatches", dispatchBody({ allowConflict: true, ...overrides }));
  }

  /**
   * A dispatch row written straight to the database (no API checks, no side effects), for tests of
   * what reads or keeps dispatch rows; `values` win over the defaults.
   */
  async function insertDispatch(companyId: string, values: Partial<typeof dispatches.$inferInsert> = {}) {
    const [row = missingRow("dispatches")] = await db
      .insert(dispatches)
      .values({
        companyId,
        driverName: "Driver",
        driverPhone: "5125550100",
        pickupDate: "2026-01-05",
        pickupTime: "09:00",
        ...values,
      })
      .returning({ id: dispatches.id });
    return row.id;
  }

  /**
   * Two companies for tenancy tests: admin A of "Alpha Escorts" with PEVO users Paula One and
   * Peter Two, and admin B of "Bravo Escorts" with PEVO user Bo Bravo (each with a licence and
   * insurance unless `qualified: false`).
   */
  async function createTwoCompanies({ qualified = true } = {}) {
    const adminA = await signUpAdmin({ companyName: "Alpha Escorts" });
    const adminB = await signUpAdmin({ companyName: "Bravo Escorts" });
    const pevo1 = await createPevoUser(adminA.companyId, { firstName: "Paula", lastName: "One", qualified });
    const pevo2 = await createPevoUser(adminA.companyId, { firstName: "Peter", lastName: "Two", qualified });
    const pevoB = await createPevoUser(adminB.companyId, { firstName: "Bo", lastName: "Bravo", qualified });
    return { adminA, adminB, pevo1, pevo2, pevoB };
  }

  return {
    app,
    db,
    config,
    mailer,
    databaseKind: database.kind,
    databaseUrl: database.url,
    request,
    /** The warnings and errors logged since the app was made (oldest first). */
    logs: logs.lines,
    outbox,
    lastMail,
    login,
    signUpAdmin,
    createPevoUser,
    qualifyPevo,
    createPevo,
    as,
    createClient,
    createRateConfirmation,
    createDispatch,
    insertDispatch,
    createTwoCompanies,
    storage,
    close: async () => {
      await database.close();
      if (filesDir) rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

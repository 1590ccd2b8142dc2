/**
 * The authorization table: every /api route, and the status each kind of caller gets.
 *
 * ADDING AN ENDPOINT? Add one row to ROUTES below:
 *   - `route` is the method and path exactly as Hono registers it (e.g. "GET /api/clients/:id");
 *     the "every route is in the table" test prints the missing ones in that form.
 *   - `path` builds the URL to call from the fixtures (ids of company A's records); leave it out when
 *     the route has no parameters. It is called once per caller, so a DELETE row can make a fresh
 *     record each time (see `newClientA`). Add a fixture below when your feature has a new record type.
 *   - `body` builds a VALID request body from the fixtures and the caller, so that the status shows
 *     the access rule, not validation.
 *   - `expect`: anonymous (no session), adminA (admin of the company that owns the records),
 *     adminB (admin of another company, calling with A's ids: must be 404 for A's records), and
 *     pevoA (a PEVO user of company A: admin routes are 403, /api/portal/* is theirs).
 *
 * Better Auth's endpoints (/api/auth/*) are a whitelist in app.ts; AUTH_OPEN below lists them and the
 * last test checks that exactly those answer and every other Better Auth endpoint is a 404.
 */
import { clients, dispatches, invoices, pevos, rateConfirmations } from "@pevo/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueEmail,
  dispatchBody as validDispatch,
  rateConfirmationBody as validRateConfirmation,
} from "../test/harness";
import { createAuth } from "./auth";

type Caller = "anonymous" | "adminA" | "adminB" | "pevoA";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Records of company A (made in beforeAll), and makers of fresh ones for rows that delete. */
type Fixtures = {
  clientA: string;
  /** A client of company B, for adminB's bodies that must be valid in B's own company. */
  clientB: string;
  newClientA: () => Promise<string>;
  /** A PEVO of company A without a login. */
  pevoRowA: string;
  newPevoRowA: () => Promise<string>;
  /** The `pevos` row of the PEVO user pevoA. */
  pevoUserRowA: string;
  rateConfirmationA: string;
  /** A dispatch of company A assigned to pevoA. */
  dispatchA: string;
  newDispatchA: () => Promise<string>;
  /** A dispatch of company B without references, for adminB's bodies. */
  dispatchB: string;
  invoiceA: string;
  newInvoiceA: () => Promise<string>;
  /** A trip log entry of pevoA. */
  tripLogA: string;
  newTripLogA: () => Promise<string>;
};

type Row = {
  route: `${Method} /api/${string}`;
  path?: (f: Fixtures) => string | Promise<string>;
  body?: (f: Fixtures, caller: Caller) => unknown;
  expect: Record<Caller, number>;
};

let sequence = 0;
const next = () => ++sequence;

const rateConfirmationBody = (f: Fixtures) =>
  validRateConfirmation({
    clientId: f.clientA,
    jobNumber: `RC-TABLE-${next()}`,
    positions: [{ positionType: "lead_car", pevoId: f.pevoRowA }],
  });

const dispatchBody = (f: Fixtures) =>
  validDispatch({
    rateConfirmationId: f.rateConfirmationA,
    pevoId: f.pevoUserRowA,
    driverName: "Table Driver",
    pickupDate: "2025-03-12",
  });

const tripLogBody = (f: Fixtures) => ({
  tripDate: "2025-03-12",
  dispatchId: f.dispatchA,
  startLocation: "Dallas, TX",
  endLocation: "Amarillo, TX",
  miles: "365.5",
  hours: "6",
  expenses: [{ type: "fuel", amount: "120.40" }],
});

const invoiceBody = (f: Fixtures) => ({
  invoiceNumber: `INV-TABLE-${next()}`,
  issueDate: "2025-03-12",
  dueDate: "2025-04-11",
  dispatchId: f.dispatchA,
  lineItems: [{ date: "2025-03-12", location: "Dallas, TX", mileage: "100", charge: "350.00" }],
});

const ROUTES: Row[] = [
  // account
  {
    route: "POST /api/signup",
    body: () => ({
      email: uniqueEmail("table"),
      password: "secret-pass",
      companyName: "Table Company",
      contactPerson: "Table Person",
    }),
    expect: { anonymous: 201, adminA: 201, adminB: 201, pevoA: 201 },
  },
  { route: "GET /api/me", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 200 } },
  { route: "GET /api/demo-accounts", expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200 } },

  // settings (every signed-in user's own)
  { route: "GET /api/me/settings", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 200 } },
  {
    route: "PUT /api/me/settings",
    body: () => ({
      emailNotifications: true,
      dispatchAlerts: false,
      pickupReminders: true,
      darkMode: false,
      locationServices: false,
    }),
    expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 200 },
  },

  // clients
  { route: "GET /api/clients", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  {
    route: "POST /api/clients",
    body: () => ({ name: "Table Client" }),
    expect: { anonymous: 401, adminA: 201, adminB: 201, pevoA: 403 },
  },
  {
    route: "GET /api/clients/:id",
    path: (f) => `/api/clients/${f.clientA}`,
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "PUT /api/clients/:id",
    path: (f) => `/api/clients/${f.clientA}`,
    body: () => ({ name: "Table Client A" }),
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "DELETE /api/clients/:id",
    path: async (f) => `/api/clients/${await f.newClientA()}`,
    expect: { anonymous: 401, adminA: 204, adminB: 404, pevoA: 403 },
  },

  // dashboard
  { route: "GET /api/dashboard", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },

  // PEVOs
  { route: "GET /api/pevos", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  { route: "GET /api/pevos/active", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  {
    route: "POST /api/pevos",
    body: () => ({ firstName: "Table", lastName: "Pevo", email: uniqueEmail("table-pevo"), states: ["TX"] }),
    expect: { anonymous: 401, adminA: 201, adminB: 201, pevoA: 403 },
  },
  {
    route: "GET /api/pevos/:id",
    path: (f) => `/api/pevos/${f.pevoRowA}`,
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "PUT /api/pevos/:id",
    path: (f) => `/api/pevos/${f.pevoRowA}`,
    body: () => ({ firstName: "Roster", lastName: "Pevo", status: "active" }),
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "DELETE /api/pevos/:id",
    path: async (f) => `/api/pevos/${await f.newPevoRowA()}`,
    expect: { anonymous: 401, adminA: 204, adminB: 404, pevoA: 403 },
  },

  // rate confirmations: adminB's POST names company A's client and PEVO, a field error (400) that
  // does not tell whether they exist; adminB's PUT is valid in B (B's client) but the id is A's: 404.
  { route: "GET /api/rate-confirmations", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  {
    route: "GET /api/rate-confirmations/next-job-number",
    path: () => "/api/rate-confirmations/next-job-number?date=2025-03-10",
    expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 },
  },
  {
    route: "POST /api/rate-confirmations",
    body: rateConfirmationBody,
    expect: { anonymous: 401, adminA: 201, adminB: 400, pevoA: 403 },
  },
  {
    route: "GET /api/rate-confirmations/:id",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}`,
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "PUT /api/rate-confirmations/:id",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}`,
    body: (f, caller) => ({
      ...rateConfirmationBody(f),
      jobNumber: "RC-TABLE-A",
      ...(caller === "adminB" ? { clientId: f.clientB, positions: [{ positionType: "lead_car" }] } : {}),
    }),
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },

  // dispatches: adminB's POST names company A's rate confirmation and PEVO: a field error (400);
  // adminB's PUT body is valid in B (no references) but the id is A's: 404.
  { route: "GET /api/dispatches", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  {
    route: "POST /api/dispatches",
    body: dispatchBody,
    expect: { anonymous: 401, adminA: 201, adminB: 400, pevoA: 403 },
  },
  {
    route: "GET /api/dispatches/:id",
    path: (f) => `/api/dispatches/${f.dispatchA}`,
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "PUT /api/dispatches/:id",
    path: (f) => `/api/dispatches/${f.dispatchA}`,
    body: (f, caller) => ({
      ...dispatchBody(f),
      ...(caller === "adminB" ? { rateConfirmationId: null, pevoId: null } : {}),
    }),
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "DELETE /api/dispatches/:id",
    path: async (f) => `/api/dispatches/${await f.newDispatchA()}`,
    expect: { anonymous: 401, adminA: 204, adminB: 404, pevoA: 403 },
  },
  {
    route: "GET /api/dispatches/:dispatchId/trip-logs",
    path: (f) => `/api/dispatches/${f.dispatchA}/trip-logs`,
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },

  // invoices: adminB's POST names company A's dispatch (400); its PUT uses B's own dispatch (404)
  { route: "GET /api/invoices", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  {
    route: "POST /api/invoices",
    body: invoiceBody,
    expect: { anonymous: 401, adminA: 201, adminB: 400, pevoA: 403 },
  },
  {
    route: "GET /api/invoices/:id",
    path: (f) => `/api/invoices/${f.invoiceA}`,
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "GET /api/invoices/:id/pdf",
    path: (f) => `/api/invoices/${f.invoiceA}/pdf`,
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "PUT /api/invoices/:id",
    path: (f) => `/api/invoices/${f.invoiceA}`,
    body: (f, caller) => ({
      ...invoiceBody(f),
      invoiceNumber: "INV-TABLE-A",
      ...(caller === "adminB" ? { dispatchId: f.dispatchB } : {}),
    }),
    expect: { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403 },
  },
  {
    route: "DELETE /api/invoices/:id",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}`,
    expect: { anonymous: 401, adminA: 204, adminB: 404, pevoA: 403 },
  },

  // company settings and team (each admin's own company)
  { route: "GET /api/company", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  {
    route: "PUT /api/company",
    body: (_, caller) => ({
      name: caller === "adminB" ? "Table Company B" : "Table Company A",
      paymentTermsDays: 30,
      taxRate: "0",
    }),
    expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 },
  },
  { route: "GET /api/company/team", expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 } },
  {
    route: "POST /api/company/team",
    body: () => ({ name: "Second Admin", email: uniqueEmail("team") }),
    expect: { anonymous: 401, adminA: 201, adminB: 201, pevoA: 403 },
  },

  // calendar
  {
    route: "GET /api/calendar",
    path: () => "/api/calendar?from=2025-03-01&to=2025-03-31",
    expect: { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403 },
  },

  // PEVO portal: the PEVO user's own things; admins are 403
  {
    route: "GET /api/portal/dashboard",
    path: () => "/api/portal/dashboard?today=2025-03-10",
    expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 },
  },
  { route: "GET /api/portal/dispatches", expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 } },
  {
    route: "GET /api/portal/dispatches/:id",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}`,
    expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 },
  },
  { route: "GET /api/portal/profile", expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 } },
  {
    route: "PUT /api/portal/profile",
    body: () => ({ firstName: "Portal", lastName: "User", phone: "5125550111" }),
    expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 },
  },
  { route: "GET /api/portal/trip-logs", expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 } },
  {
    route: "POST /api/portal/trip-logs",
    body: tripLogBody,
    expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 201 },
  },
  {
    route: "GET /api/portal/trip-logs/:id",
    path: (f) => `/api/portal/trip-logs/${f.tripLogA}`,
    expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 },
  },
  {
    route: "PUT /api/portal/trip-logs/:id",
    path: (f) => `/api/portal/trip-logs/${f.tripLogA}`,
    body: tripLogBody,
    expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200 },
  },
  {
    route: "DELETE /api/portal/trip-logs/:id",
    path: async (f) => `/api/portal/trip-logs/${await f.newTripLogA()}`,
    expect: { anonymous: 401, adminA: 403, adminB: 403, pevoA: 204 },
  },

  // the API's documentation: public (it documents, it reveals no data)
  { route: "GET /api/openapi.json", expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200 } },
  { route: "GET /api/docs", expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200 } },
  { route: "GET /api/docs/scalar.js", expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200 } },
];

/** The Better Auth endpoints app.ts lets through; every other one must answer 404. */
const AUTH_OPEN = [
  "POST /api/auth/sign-in/email",
  "POST /api/auth/sign-out",
  "GET /api/auth/get-session",
  "GET /api/auth/verify-email",
  "POST /api/auth/send-verification-email",
  "POST /api/auth/request-password-reset",
  "POST /api/auth/reset-password",
  "POST /api/auth/change-password",
  "GET /api/auth/reset-password/:token",
];

const CALLERS: Caller[] = ["anonymous", "pevoA", "adminB", "adminA"];

let t: TestApp;
let cookies: Record<Caller, string | undefined>;
let fixtures: Fixtures;

beforeAll(async () => {
  t = await createTestApp();
  const adminA: SignedUpAdmin = await t.signUpAdmin({ companyName: "Table Company A" });
  const adminB: SignedUpAdmin = await t.signUpAdmin({ companyName: "Table Company B" });
  const pevoA: TestPevo = await t.createPevoUser(adminA.companyId);
  cookies = { anonymous: undefined, adminA: adminA.cookie, adminB: adminB.cookie, pevoA: pevoA.cookie };

  /** Creates a record through the API (so it is complete) and returns its id. */
  const create = async (cookie: string, path: string, body: unknown): Promise<string> => {
    const res = await t.request("POST", path, { cookie, body });
    if (res.status !== 201)
      throw new Error(`fixture ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const newClientA = async () => {
    const [row] = await t.db
      .insert(clients)
      .values({ companyId: adminA.companyId, name: "Table Client A" })
      .returning({ id: clients.id });
    return row.id;
  };
  const newPevoRowA = async () => {
    const [row] = await t.db
      .insert(pevos)
      .values({ companyId: adminA.companyId, firstName: "Roster", lastName: "Pevo" })
      .returning({ id: pevos.id });
    return row.id;
  };
  const [clientB] = await t.db
    .insert(clients)
    .values({ companyId: adminB.companyId, name: "Table Client B" })
    .returning({ id: clients.id });
  const partial = {
    clientA: await newClientA(),
    clientB: clientB.id,
    pevoRowA: await newPevoRowA(),
    pevoUserRowA: pevoA.pevoId,
  } as Fixtures;
  partial.rateConfirmationA = await create(adminA.cookie, "/api/rate-confirmations", {
    ...rateConfirmationBody(partial),
    jobNumber: "RC-TABLE-A",
  });
  partial.newDispatchA = () => create(adminA.cookie, "/api/dispatches", dispatchBody(partial));
  partial.dispatchA = await partial.newDispatchA();
  partial.dispatchB = await create(adminB.cookie, "/api/dispatches", {
    ...dispatchBody(partial),
    rateConfirmationId: null,
    pevoId: null,
  });
  partial.newInvoiceA = () => create(adminA.cookie, "/api/invoices", invoiceBody(partial));
  partial.invoiceA = await create(adminA.cookie, "/api/invoices", {
    ...invoiceBody(partial),
    invoiceNumber: "INV-TABLE-A",
  });
  partial.newTripLogA = () => create(pevoA.cookie, "/api/portal/trip-logs", tripLogBody(partial));
  partial.tripLogA = await partial.newTripLogA();
  fixtures = { ...partial, newClientA, newPevoRowA };
});
afterAll(() => t?.close());

/** The /api routes the app really serves, as "METHOD /api/path" (Better Auth's passthrough aside). */
function servedRoutes(app: TestApp["app"]): string[] {
  const routes = app.routes
    .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL" && !r.path.startsWith("/api/auth/"))
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(routes)].sort();
}

describe("the table covers the app", () => {
  test("every /api route the app serves has a row", () => {
    const tabled = new Set(ROUTES.map((r) => r.route));
    const missing = servedRoutes(t.app).filter((route) => !tabled.has(route as Row["route"]));
    expect(missing, "add these routes to ROUTES in apps/server/src/authorization.test.ts").toEqual([]);
  });

  test("every row is a route the app serves, listed once", () => {
    const served = new Set(servedRoutes(t.app));
    expect(ROUTES.filter((r) => !served.has(r.route)).map((r) => r.route)).toEqual([]);
    const routes = ROUTES.map((r) => r.route);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });
});

describe.each(ROUTES)("$route", (row) => {
  const [method, pattern] = row.route.split(" ");
  test.each(CALLERS)("%s", async (caller) => {
    const path = row.path ? await row.path(fixtures) : pattern;
    const res = await t.request(method, path, {
      cookie: cookies[caller],
      body: row.body?.(fixtures, caller),
    });
    expect(res.status, `${caller}: ${method} ${path} → ${JSON.stringify(res.body)}`).toBe(row.expect[caller]);
    if (res.status >= 400) {
      // Refusals use the API's one error shape.
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(typeof res.body.error).toBe("string");
    }
  });
});

describe("after every caller ran every route", () => {
  test("company A's records were not changed by company B's calls", async () => {
    const [rc] = await t.db
      .select()
      .from(rateConfirmations)
      .where(eq(rateConfirmations.id, fixtures.rateConfirmationA));
    expect(rc).toMatchObject({ clientId: fixtures.clientA, jobNumber: "RC-TABLE-A" });
    const [dispatch] = await t.db.select().from(dispatches).where(eq(dispatches.id, fixtures.dispatchA));
    expect(dispatch).toMatchObject({
      rateConfirmationId: fixtures.rateConfirmationA,
      pevoId: fixtures.pevoUserRowA,
      driverName: "Table Driver",
    });
    const [pevo] = await t.db.select().from(pevos).where(eq(pevos.id, fixtures.pevoRowA));
    expect(pevo).toMatchObject({ firstName: "Roster", lastName: "Pevo" });
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, fixtures.invoiceA));
    expect(invoice).toMatchObject({ dispatchId: fixtures.dispatchA, invoiceNumber: "INV-TABLE-A" });
    const [client] = await t.db.select().from(clients).where(eq(clients.id, fixtures.clientA));
    expect(client.name).toBe("Table Client A");
  });
});

describe("Better Auth endpoints", () => {
  test("exactly the whitelisted ones are reachable; the rest answer 404", async () => {
    const auth = createAuth({ db: t.db, config: t.config, mailer: { mode: "outbox", send: async () => {} } });
    const endpoints: string[] = [];
    for (const endpoint of Object.values(auth.api) as {
      path?: string;
      options?: { method?: string | string[] };
    }[]) {
      if (!endpoint.path) continue; // server-only functions have no route
      const methods = endpoint.options?.method ?? [];
      for (const m of Array.isArray(methods) ? methods : [methods]) {
        if (m !== "*") endpoints.push(`${m} /api/auth${endpoint.path}`);
      }
    }
    // The whitelist must name real Better Auth endpoints.
    expect(AUTH_OPEN.filter((e) => !endpoints.includes(e))).toEqual([]);

    const open: string[] = [];
    for (const endpoint of endpoints) {
      const [method, pattern] = endpoint.split(" ");
      const path = pattern.replace(/:[A-Za-z]+/g, "sample-param");
      const res = await t.request(method, path, { body: method === "GET" ? undefined : {} });
      const blocked = res.status === 404 && res.body?.error === "Not found";
      if (!blocked) open.push(endpoint);
      else expect(res.headers.get("content-type")).toMatch(/application\/json/);
    }
    expect(open.sort()).toEqual([...AUTH_OPEN].sort());
  });
});

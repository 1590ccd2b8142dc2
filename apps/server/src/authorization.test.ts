/**
 * The authorization table: every /api route, the status each kind of caller gets, and what each
 * caller must never see or change.
 *
 * ADDING AN ENDPOINT? Add one row to ROUTES below:
 *   - `route` is the method and path exactly as Hono registers it (e.g. "GET /api/clients/:id");
 *     the "every route is in the table" test prints the missing ones in that form.
 *   - `path` builds the URL to call from the fixtures (ids of company A's records); leave it out when
 *     the route has no parameters. It is called once per caller, so a DELETE row can make a fresh
 *     record each time (see `newClientA`). Add a fixture below when your feature has a new record type,
 *     and register its id with `hide(...)` so that no foreign caller's response may contain it.
 *   - `body` builds a VALID request body from the fixtures and the caller, so that the status shows
 *     the access rule, not validation. JSON as an object; an upload as FormData (`uploadForm()`),
 *     which the harness sends as multipart/form-data.
 *   - `expect`: the status per caller: anonymous (no credentials), adminA (admin of the company that
 *     owns the records), adminB (admin of another company, calling with A's ids: 404 for A's records),
 *     pevoA (a PEVO user of company A: admin routes are 403, /api/portal/* is theirs) and pevoA2
 *     (pevoA's coworker in company A: pevoA's dispatch and trip log are 404 to him).
 *   - `target` (required for every route that is not a GET): the rows of company A the route could
 *     change, e.g. `(f, path) => byId(clients, clients.id, lastId(path))`. They are read from the
 *     database before and after each call of a caller not in `mayChange` (default: adminA) and must
 *     be exactly equal afterwards.
 *
 * Every response of every caller (lists, details, errors) is searched for the ids that caller may not
 * see (`hidden`: company A's ids for adminB and anonymous, the coworker's records for each PEVO, the
 * office's records for PEVOs, company B's ids for company A): a list route is covered by its row.
 *
 * ADDING A KIND OF CALLER (an API key, a public token link)? Add it to `Caller` and `CALLERS`, give
 * it its credentials (a cookie or headers) in beforeAll, say which ids it may not see (`hide`), and
 * the compiler asks for its status in every row.
 *
 * Better Auth's endpoints (/api/auth/*) are a whitelist in app.ts; AUTH_OPEN below lists them and the
 * last test checks that exactly those answer and every other Better Auth endpoint is a 404.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  clientCreditEntries,
  clients,
  companies,
  creditNotes,
  dispatchEvents,
  dispatches,
  documents,
  invoiceLineItems,
  invoices,
  jobLogEntries,
  jobs,
  missingRow,
  payments,
  payPlans,
  pevoCertifications,
  pevoInsurance,
  pevos,
  pevoTaxProfiles,
  pevoVehicles,
  positions,
  profiles,
  rateConfirmations,
  safetyChecklists,
  safetyMeetings,
  session,
  settlementAdjustments,
  settlementJobs,
  settlements,
  signatureRequests,
  standardRates,
  taxYearSettings,
  tripLogExpenses,
  tripLogs,
  user,
  userSettings,
} from "@pevo/db";
import { DEFAULT_SAFETY_ITEMS } from "@pevo/shared";
import { eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../test/company-id";
import {
  createTestApp,
  firstLink,
  pathOf,
  QUALIFIED_UNTIL,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueEmail,
  dispatchBody as validDispatch,
  rateConfirmationBody as validRateConfirmation,
} from "../test/harness";
import { splitRoute } from "../test/routes";
import { createAuth } from "./auth";
import { createPublicLink, daysFrom } from "./domain/public-links";
import { enqueueMail } from "./mail/mail-jobs";

type Caller = "anonymous" | "adminA" | "adminB" | "pevoA" | "pevoA2";
const CALLERS: Caller[] = ["anonymous", "pevoA", "pevoA2", "adminB", "adminA"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How a caller proves who it is: a session cookie today; an API key or a token would be headers. */
type Credentials = { cookie?: string; headers?: Record<string, string> };

/** Records of company A (made in beforeAll), and makers of fresh ones for rows that delete. */
type Fixtures = {
  companyA: string;
  clientA: string;
  /** A client of company B, for adminB's bodies that must be valid in B's own company. */
  clientB: string;
  newClientA: () => Promise<string>;
  /** A PEVO of company A without a login. */
  pevoRowA: string;
  newPevoRowA: () => Promise<string>;
  /** The `pevos` row of the PEVO user pevoA, and of his coworker pevoA2. */
  pevoUserRowA: string;
  pevoUserRowA2: string;
  /** The user ids of adminA, pevoA and pevoA2. */
  adminUserA: string;
  pevoUserA: string;
  pevoUserA2: string;
  rateConfirmationA: string;
  /** A fresh rate confirmation of company A (for cancel, restore and delete). */
  newRateConfirmationA: () => Promise<string>;
  /** The token of a fresh signature link of a fresh rate confirmation of company A, and its id. */
  newSigningLinkA: () => Promise<{ token: string; rateConfirmationId: string }>;
  /** A fresh second admin of company A (for removal from the team). */
  newAdminA: () => Promise<string>;
  /** A dispatch of company A assigned to pevoA. */
  dispatchA: string;
  newDispatchA: () => Promise<string>;
  /** A fresh dispatch of company A assigned to pevoA that pevoA accepted (for steps). */
  newAcceptedDispatchA: () => Promise<string>;
  /** The token of the Accept / Decline link mailed for a fresh dispatch of pevoA. */
  newResponseLinkA: () => Promise<string>;
  /** A dispatch of company A assigned to pevoA2. */
  dispatchA2: string;
  /** A completed dispatch of company A no invoice bills yet (Bill jobs). */
  completedA: string;
  /** A dispatch of company B without references, for adminB's bodies. */
  dispatchB: string;
  invoiceA: string;
  newInvoiceA: () => Promise<string>;
  /** A trip log entry of pevoA, and one of pevoA2. */
  tripLogA: string;
  newTripLogA: () => Promise<string>;
  tripLogA2: string;
  /** An office document on the roster PEVO pevoRowA, and a fresh one for delete rows. */
  documentA: string;
  newDocumentA: () => Promise<string>;
  /** pevoA's own profile document (uploaded by pevoA), and a fresh one for delete rows. */
  portalDocumentA: string;
  newPortalDocumentA: () => Promise<string>;
  /** A certification and an insurance policy of the roster PEVO pevoRowA (office), and makers. */
  certificationA: string;
  newCertificationA: () => Promise<string>;
  insuranceA: string;
  newInsuranceA: () => Promise<string>;
  /** pevoA's own certification and insurance (portal), and makers. */
  portalCertificationA: string;
  newPortalCertificationA: () => Promise<string>;
  portalInsuranceA: string;
  newPortalInsuranceA: () => Promise<string>;
};

/** Rows of one table that a call must leave alone. */
type Target = { table: PgTable; where: SQL | undefined };

type Row = {
  route: `${Method} /api/${string}`;
  path?: (f: Fixtures) => string | Promise<string>;
  body?: (f: Fixtures, caller: Caller) => unknown;
  expect: Record<Caller, number>;
  /** What the route may change in company A: snapshot before and after every other caller's call. */
  target?: (f: Fixtures, path: string) => Target | Target[];
  /** The callers whose call may change `target` (default: adminA). */
  mayChange?: Caller[];
};

/** The rows of `table` where `column` is `value`. */
const rowsWhere = (table: PgTable, column: PgColumn, value: string): Target => ({
  table,
  where: eq(column, value),
});

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** The last id in a path, e.g. the fresh record a DELETE row made. */
function lastId(path: string): string {
  const id = path.match(UUIDS)?.at(-1);
  if (!id) throw new Error(`no id in ${path}`);
  return id;
}

/** The id of `/api/<resource>/<id>/…`. */
function resourceId(path: string): string {
  const id = path.split("/")[3];
  if (!id) throw new Error(`no id in ${path}`);
  return id;
}

let sequence = 0;
const next = () => ++sequence;

const rateConfirmationBody = (f: Fixtures) =>
  validRateConfirmation({
    clientId: f.clientA,
    jobNumber: `RC-TABLE-${next()}`,
    positions: [{ positionType: "lead_car", pevoId: f.pevoRowA }],
    // The fixtures already put this PEVO on a job then: only the caller may decide the status here.
    allowConflict: true,
  });

const dispatchBody = (f: Fixtures) =>
  validDispatch({
    rateConfirmationId: f.rateConfirmationA,
    pevoId: f.pevoUserRowA,
    driverName: "Table Driver",
    pickupDate: "2025-03-12",
    // The fixtures already book this PEVO then: only the caller may decide the status here.
    allowConflict: true,
  });

/** 'Create Dispatch' per position of company A's rate confirmation, for company A's PEVO. */
const dispatchBatchBody = (f: Fixtures) => ({
  rateConfirmationId: f.rateConfirmationA,
  driverName: "Table Driver",
  driverPhone: "(555) 123-4567",
  pickupTime: "09:00",
  allowConflict: true,
  positions: [{ positionType: "lead_car", pevoId: f.pevoUserRowA, pickupDate: "2025-03-12" }],
});

/** A trip on the caller's own dispatch (pevoA2's on his), so that only the id decides the status. */
const tripLogBody = (f: Fixtures, caller?: Caller) => ({
  tripDate: "2025-03-12",
  dispatchId: caller === "pevoA2" ? f.dispatchA2 : f.dispatchA,
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
  // dispatchA already has invoiceA: the table's invoices are deliberate supplementary ones.
  allowAdditional: true,
});

/** A fresh signature link of company A, signed through the public route. */
async function signedLinkA(f: Fixtures) {
  const link = await f.newSigningLinkA();
  const res = await t.request("POST", `/api/public/sign/${link.token}/sign`, {
    body: { consent: true, signedName: "Table Signer" },
  });
  expect(res.status).toBe(200);
  return link;
}

/** The token of a fresh invoice link of a fresh invoice of company A (as a sent invoice's email has). */
async function invoiceLinkA(f: Fixtures) {
  const invoiceId = await f.newInvoiceA();
  const link = await createPublicLink(
    t.db,
    { companyId: asCompanyId(f.companyA) },
    {
      purpose: "invoice_view",
      subjectId: invoiceId,
      expiresAt: daysFrom(new Date(), 30),
    },
  );
  return link.token;
}

/** A fresh sent invoice of company A: credit notes are issued against sent invoices only. */
async function sentInvoiceA(f: Fixtures) {
  const invoiceId = await f.newInvoiceA();
  const res = await t.request("POST", `/api/invoices/${invoiceId}/send`, {
    ...credentials.adminA,
    body: { to: uniqueEmail("table-credit") },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return invoiceId;
}
const creditNoteBody = () => ({
  date: "2025-03-20",
  reason: "Table credit",
  lines: [{ description: "Table line", quantity: "1", rate: "5.00" }],
});
// PEVO pay (DECISIONS 'PEVO pay'): each fresh settlement pays one fresh completed job of pevoA on a
// day of its own (2024: no other fixture's job falls in it).
let payDay = 0;
async function completedJobA(f: Fixtures) {
  payDay += 1;
  const day = new Date(Date.UTC(2024, 0, payDay)).toISOString().slice(0, 10);
  const dispatchId = await t.insertDispatch(f.companyA, {
    pevoId: f.pevoUserRowA,
    rateConfirmationId: f.rateConfirmationA,
    pickupDate: day,
    status: "completed",
  });
  return { day, dispatchId: hide("pevoA", dispatchId) };
}
async function newSettlementA(f: Fixtures) {
  const { day, dispatchId } = await completedJobA(f);
  const res = await t.request("POST", "/api/settlements", {
    ...credentials.adminA,
    body: { periodKind: "custom", periodStart: day, periodEnd: day, includeUninvoiced: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: hide("pevoA", res.body.id as string), dispatchId };
}
async function approvedSettlementA(f: Fixtures) {
  const { id } = await newSettlementA(f);
  const res = await t.request("POST", `/api/settlements/${id}/approve`, credentials.adminA);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}
let statementOfA: string | undefined;
const statementA = async (f: Fixtures) => {
  statementOfA ??= await approvedSettlementA(f);
  return statementOfA;
};
let paidOfA: Promise<void> | undefined;
/** A settlement paying pevoA a $100 bonus on 2024-06-03: their 1099-NEC box 1 for 2024. */
const paidToPevoA = (f: Fixtures) => {
  paidOfA ??= (async () => {
    const { id } = await newSettlementA(f);
    const post = async (path: string, body?: unknown) => {
      const res = await t.request("POST", `/api/settlements/${id}${path}`, { ...credentials.adminA, body });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    };
    await post("/adjustments", { pevoId: f.pevoUserRowA, kind: "bonus", amount: "100.00", note: "Bonus" });
    await post("/approve");
    await post("/pay", { date: "2024-06-03", method: "ach", reference: "" });
  })();
  return paidOfA;
};
const settlementRows = (id: string) => [
  rowsWhere(settlements, settlements.id, id),
  rowsWhere(settlementJobs, settlementJobs.settlementId, id),
  rowsWhere(settlementAdjustments, settlementAdjustments.settlementId, id),
];
const payPlanBody = () => ({ effectiveFrom: "2024-01-01", kind: "percentage", percent: "70" });
let creditNoteOfA: string | undefined;
/** A credit note of company A (issued once, by adminA). */
async function creditNoteA(f: Fixtures) {
  if (creditNoteOfA) return creditNoteOfA;
  const invoiceId = await sentInvoiceA(f);
  const res = await t.request("POST", `/api/invoices/${invoiceId}/credit-notes`, {
    ...credentials.adminA,
    body: creditNoteBody(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  creditNoteOfA = hide("office", res.body.id as string);
  return creditNoteOfA;
}
/** The token of a fresh credit note link of company A's credit note (as its email has). */
async function creditNoteLinkA(f: Fixtures) {
  const link = await createPublicLink(
    t.db,
    { companyId: asCompanyId(f.companyA) },
    { purpose: "credit_note_view", subjectId: await creditNoteA(f), expiresAt: daysFrom(new Date(), 30) },
  );
  return link.token;
}

/** A fresh mail of company A that failed for good (the runner gave up): its job's id. */
async function failedMailA(f: Fixtures) {
  const scope = { companyId: asCompanyId(f.companyA) };
  const jobId = await enqueueMail(t.db, scope, `table:${uniqueEmail("mail")}`, {
    to: uniqueEmail("table-mail"),
    subject: "Table mail",
    text: "A mail the runner gave up on",
  });
  await t.db
    .update(jobs)
    .set({ status: "failed", attempts: 5, lastError: "refused" })
    .where(eq(jobs.id, jobId));
  return hide("companyA", jobId);
}

/** A fresh invoice of company A with one payment of 10.00 recorded by adminA: the invoice's and payment's ids. */
async function paidInvoiceA(f: Fixtures) {
  const invoiceId = await f.newInvoiceA();
  const res = await t.request("POST", `/api/invoices/${invoiceId}/payments`, {
    ...credentials.adminA,
    body: paymentBody(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { invoiceId, paymentId: res.body.payments[0].id as string };
}
const paymentBody = () => ({ date: "2025-03-20", amount: "10.00", method: "check", reference: "CHK-TABLE" });

/**
 * A client of company A with $10.00 of credit (an invoice of $350.00 overpaid by $10.00) and another
 * open invoice of it: the path of the row made it, the body of the same call reads it.
 */
let creditedA = { clientId: "", invoiceId: "" };
async function creditedClientA(f: Fixtures) {
  // The table's invoices have no client (nobody could hold credit): these two are clientA's.
  const newInvoice = async () => {
    const res = await t.request("POST", "/api/invoices", {
      ...credentials.adminA,
      body: { ...invoiceBody(f), clientId: f.clientA, customerName: "Table Client" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  const overpaid = await newInvoice();
  const pay = (invoiceId: string, amount: string) =>
    t.request("POST", `/api/invoices/${invoiceId}/payments`, {
      ...credentials.adminA,
      body: { ...paymentBody(), amount },
    });
  expect((await pay(overpaid, "360.00")).status).toBe(201);
  const open = await newInvoice();
  expect((await pay(open, "10.00")).status).toBe(201);
  creditedA = { clientId: f.clientA, invoiceId: open };
  return creditedA.clientId;
}
const creditRows = (clientId: string) => [
  rowsWhere(clientCreditEntries, clientCreditEntries.clientId, clientId),
  rowsWhere(payments, payments.invoiceId, creditedA.invoiceId),
];
const paymentRows = (invoiceId: string) => [
  ...invoiceRows(invoiceId),
  rowsWhere(payments, payments.invoiceId, invoiceId),
];

/** A valid W-9 (the TIN a made-up SSN). */
const taxProfileBody = () => ({
  legalName: "Table Tester",
  classification: "individual",
  address: "1 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
  tinType: "ssn",
  tin: "123-45-6789",
});
/** Company A's PEVO without a login, with a W-9 entered by the office (for the reveal). */
async function taxProfileA(f: Fixtures) {
  const res = await t.request("PUT", `/api/pevos/${f.pevoRowA}/tax-profile`, {
    ...credentials.adminA,
    body: taxProfileBody(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return f.pevoRowA;
}

/** A valid upload: a small real PNG (the type is sniffed from the content). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const uploadForm = () => {
  const body = new FormData();
  body.set("file", new File([PNG], "table.png", { type: "image/png" }));
  body.set("category", "photo");
  return body;
};

/** A valid logo: a 48 × 48 PNG (a logo is at least 16 pixels a side). */
const PNG_48 = readFileSync(join(import.meta.dirname, "../test/fixtures/photo.png"));
const logoForm = () => {
  const body = new FormData();
  body.set("file", new File([PNG_48], "logo.png", { type: "image/png" }));
  return body;
};

const certificationBody = () => ({
  state: "WA",
  certificateNumber: `WA-${next()}`,
  issuedOn: "2025-01-10",
  expiresOn: "2027-06-30",
});
const insuranceBody = () => ({
  type: "auto_liability",
  carrier: "Table Mutual",
  policyNumber: `AL-${next()}`,
  coverageAmount: "1000000.00",
  expiresOn: "2027-06-30",
});

/** Cancels a rate confirmation directly, so a restore has something to restore. */
async function setCanceled(id: string) {
  await t.db.update(rateConfirmations).set({ canceledAt: new Date() }).where(eq(rateConfirmations.id, id));
}

/** A rate confirmation with its rates and positions. */
const rateConfirmationRows = (id: string) => [
  rowsWhere(rateConfirmations, rateConfirmations.id, id),
  rowsWhere(standardRates, standardRates.rateConfirmationId, id),
  rowsWhere(positions, positions.rateConfirmationId, id),
];
const invoiceRows = (id: string) => [
  rowsWhere(invoices, invoices.id, id),
  rowsWhere(invoiceLineItems, invoiceLineItems.invoiceId, id),
];
const tripLogRows = (id: string) => [
  rowsWhere(tripLogs, tripLogs.id, id),
  rowsWhere(tripLogExpenses, tripLogExpenses.tripLogId, id),
];

/** A dispatch and its timeline. */
const jobRows = (id: string) => [
  rowsWhere(dispatches, dispatches.id, id),
  rowsWhere(dispatchEvents, dispatchEvents.dispatchId, id),
];

/** The smallest PNG data URL: a drawn signature's shape. */
const TINY_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

const OFFICE = { anonymous: 401, adminA: 200, adminB: 200, pevoA: 403, pevoA2: 403 };
const PORTAL = { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200, pevoA2: 200 };
/** Company A's record by id: adminB gets 404. */
const A_ONLY = { anonymous: 401, adminA: 200, adminB: 404, pevoA: 403, pevoA2: 403 };
/** pevoA's record by id: his coworker gets 404. */
const PEVO_A_ONLY = { anonymous: 401, adminA: 403, adminB: 403, pevoA: 200, pevoA2: 404 };

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
    expect: { anonymous: 201, adminA: 201, adminB: 201, pevoA: 201, pevoA2: 201 },
    // A signup makes a new company: nobody's signup may add a user to company A.
    target: (f) => rowsWhere(user, user.companyId, f.companyA),
    mayChange: [],
  },
  { route: "GET /api/me", expect: { ...OFFICE, pevoA: 200, pevoA2: 200 } },
  {
    route: "GET /api/demo-accounts",
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },

  // settings (every signed-in user's own)
  { route: "GET /api/me/settings", expect: { ...OFFICE, pevoA: 200, pevoA2: 200 } },
  {
    route: "PUT /api/me/settings",
    body: () => ({
      emailNotifications: true,
      dispatchAlerts: false,
      pickupReminders: true,
      darkMode: false,
      locationServices: false,
    }),
    expect: { ...OFFICE, pevoA: 200, pevoA2: 200 },
    target: (f) => rowsWhere(userSettings, userSettings.userId, f.adminUserA),
  },

  // clients
  { route: "GET /api/clients", expect: OFFICE },
  {
    route: "POST /api/clients",
    body: () => ({ name: "Table Client" }),
    expect: { ...OFFICE, adminA: 201, adminB: 201 },
    target: (f) => rowsWhere(clients, clients.companyId, f.companyA),
  },
  { route: "GET /api/clients/:id", path: (f) => `/api/clients/${f.clientA}`, expect: A_ONLY },
  {
    route: "PUT /api/clients/:id",
    path: (f) => `/api/clients/${f.clientA}`,
    body: (_, caller) => ({ name: `Table Client ${caller}` }),
    expect: A_ONLY,
    target: (f) => rowsWhere(clients, clients.id, f.clientA),
  },
  {
    route: "DELETE /api/clients/:id",
    path: async (f) => `/api/clients/${await f.newClientA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => rowsWhere(clients, clients.id, lastId(path)),
  },

  // dashboard and the whole activity log
  { route: "GET /api/dashboard", expect: OFFICE },
  { route: "GET /api/activity", path: () => "/api/activity?limit=100", expect: OFFICE },

  // PEVOs
  { route: "GET /api/pevos", expect: OFFICE },
  {
    route: "POST /api/pevos",
    body: () => ({ firstName: "Table", lastName: "Pevo", email: uniqueEmail("table-pevo") }),
    expect: { ...OFFICE, adminA: 201, adminB: 201 },
    target: (f) => rowsWhere(pevos, pevos.companyId, f.companyA),
  },
  {
    // Another company's job is a field error (400) like any foreign id in a filter; its PEVOs are left out.
    route: "GET /api/pevos/qualification",
    path: (f) => `/api/pevos/qualification?rateConfirmationId=${f.rateConfirmationA}&pevoIds=${f.pevoRowA}`,
    expect: { ...A_ONLY, adminB: 400 },
  },
  { route: "GET /api/pevos/:id", path: (f) => `/api/pevos/${f.pevoRowA}`, expect: A_ONLY },
  {
    route: "PUT /api/pevos/:id",
    path: (f) => `/api/pevos/${f.pevoRowA}`,
    // The licence stays: later rows assign this PEVO, and every assignment checks it.
    body: (_, caller) => ({
      firstName: "Roster",
      lastName: `Pevo ${caller}`,
      status: "active",
      certificationExpiry: QUALIFIED_UNTIL,
    }),
    expect: A_ONLY,
    target: (f) => rowsWhere(pevos, pevos.id, f.pevoRowA),
  },
  {
    route: "DELETE /api/pevos/:id",
    path: async (f) => `/api/pevos/${await f.newPevoRowA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => rowsWhere(pevos, pevos.id, lastId(path)),
  },

  // rate confirmations: adminB's POST names company A's client and PEVO, a field error (400) that
  // does not tell whether they exist; adminB's PUT is valid in B (B's client) but the id is A's: 404.
  // The list filtered by A's client: adminB gets an empty page (no id of A's in it).
  {
    route: "GET /api/rate-confirmations",
    path: (f) => `/api/rate-confirmations?includeCanceled=true&pageSize=100&clientId=${f.clientA}`,
    expect: OFFICE,
  },
  {
    route: "GET /api/rate-confirmations/next-job-number",
    path: () => "/api/rate-confirmations/next-job-number?date=2025-03-10",
    expect: OFFICE,
  },
  {
    route: "POST /api/rate-confirmations",
    body: rateConfirmationBody,
    expect: { ...OFFICE, adminA: 201, adminB: 400 },
    target: (f) => rowsWhere(rateConfirmations, rateConfirmations.companyId, f.companyA),
  },
  {
    route: "GET /api/rate-confirmations/:id",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}`,
    expect: A_ONLY,
  },
  {
    route: "PUT /api/rate-confirmations/:id",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}`,
    body: (f, caller) => ({
      ...rateConfirmationBody(f),
      jobNumber: `RC-TABLE-${caller}`,
      ...(caller === "adminB" ? { clientId: f.clientB, positions: [{ positionType: "lead_car" }] } : {}),
    }),
    expect: A_ONLY,
    target: (f) => rateConfirmationRows(f.rateConfirmationA),
  },
  {
    route: "POST /api/rate-confirmations/:id/cancel",
    path: async (f) => `/api/rate-confirmations/${await f.newRateConfirmationA()}/cancel`,
    expect: A_ONLY,
    target: (_, path) => rateConfirmationRows(lastId(path)),
  },
  {
    route: "POST /api/rate-confirmations/:id/restore",
    path: async (f) => {
      const id = await f.newRateConfirmationA();
      await setCanceled(id);
      return `/api/rate-confirmations/${id}/restore`;
    },
    expect: A_ONLY,
    target: (_, path) => rateConfirmationRows(lastId(path)),
  },
  {
    route: "POST /api/rate-confirmations/:id/duplicate",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}/duplicate`,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => [
      rowsWhere(rateConfirmations, rateConfirmations.companyId, f.companyA),
      ...rateConfirmationRows(f.rateConfirmationA),
    ],
  },
  {
    route: "DELETE /api/rate-confirmations/:id",
    path: async (f) => `/api/rate-confirmations/${await f.newRateConfirmationA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => rateConfirmationRows(lastId(path)),
  },
  {
    route: "GET /api/rate-confirmations/:id/pdf",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}/pdf`,
    expect: A_ONLY,
  },
  {
    route: "GET /api/rate-confirmations/:id/signature",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}/signature`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/rate-confirmations/:id/signature",
    path: async (f) => `/api/rate-confirmations/${await f.newRateConfirmationA()}/signature`,
    body: () => ({ signerName: "Table Signer", signerEmail: uniqueEmail("table-signer") }),
    expect: { ...A_ONLY, adminA: 201 },
    target: (_, path) => [
      ...rateConfirmationRows(lastId(path)),
      rowsWhere(signatureRequests, signatureRequests.rateConfirmationId, lastId(path)),
    ],
  },
  {
    route: "POST /api/rate-confirmations/:id/signature/cancel",
    path: async (f) =>
      `/api/rate-confirmations/${(await f.newSigningLinkA()).rateConfirmationId}/signature/cancel`,
    expect: A_ONLY,
    target: (_, path) => [
      ...rateConfirmationRows(lastId(path)),
      rowsWhere(signatureRequests, signatureRequests.rateConfirmationId, lastId(path)),
    ],
  },
  {
    route: "GET /api/rate-confirmations/:id/signature/pdf",
    path: async (f) => `/api/rate-confirmations/${(await signedLinkA(f)).rateConfirmationId}/signature/pdf`,
    expect: A_ONLY,
  },

  // public signing links: the token is the credential, whoever holds it (no session needed)
  {
    route: "GET /api/public/sign/:token",
    path: async (f) => `/api/public/sign/${(await f.newSigningLinkA()).token}`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  {
    route: "POST /api/public/sign/:token/sign",
    path: async (f) => `/api/public/sign/${(await f.newSigningLinkA()).token}/sign`,
    body: () => ({ consent: true, signedName: "Table Signer" }),
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
    // Each call signs its own fresh link; no other record of company A may change.
    target: (f) => rateConfirmationRows(f.rateConfirmationA),
    mayChange: ["anonymous", "adminA", "adminB", "pevoA", "pevoA2"],
  },
  {
    route: "POST /api/public/sign/:token/decline",
    path: async (f) => `/api/public/sign/${(await f.newSigningLinkA()).token}/decline`,
    body: () => ({ reason: "Table decline" }),
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
    target: (f) => rateConfirmationRows(f.rateConfirmationA),
    mayChange: ["anonymous", "adminA", "adminB", "pevoA", "pevoA2"],
  },
  // the Accept / Decline link of an assignment mail: the token is the credential
  {
    route: "GET /api/public/dispatch-response/:token",
    path: async (f) => `/api/public/dispatch-response/${await f.newResponseLinkA()}`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  {
    route: "POST /api/public/dispatch-response/:token/accept",
    path: async (f) => `/api/public/dispatch-response/${await f.newResponseLinkA()}/accept`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
    // Each call answers its own fresh dispatch; no other record of company A may change.
    target: (f) => jobRows(f.dispatchA),
    mayChange: ["anonymous", "adminA", "adminB", "pevoA", "pevoA2"],
  },
  {
    route: "POST /api/public/dispatch-response/:token/decline",
    path: async (f) => `/api/public/dispatch-response/${await f.newResponseLinkA()}/decline`,
    body: () => ({ reason: "Table decline" }),
    expect: { anonymous: 204, adminA: 204, adminB: 204, pevoA: 204, pevoA2: 204 },
    target: (f) => jobRows(f.dispatchA),
    mayChange: ["anonymous", "adminA", "adminB", "pevoA", "pevoA2"],
  },
  {
    route: "GET /api/public/sign/:token/pdf",
    path: async (f) => `/api/public/sign/${(await signedLinkA(f)).token}/pdf`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },

  // dispatches: adminB's POST names company A's rate confirmation and PEVO: a field error (400);
  // adminB's PUT body is valid in B (no references) but the id is A's: 404.
  { route: "GET /api/dispatches", expect: OFFICE },
  { route: "GET /api/dispatches/export.csv", expect: OFFICE },
  {
    route: "POST /api/dispatches",
    body: dispatchBody,
    expect: { ...OFFICE, adminA: 201, adminB: 400 },
    target: (f) => rowsWhere(dispatches, dispatches.companyId, f.companyA),
  },
  // adminB names company A's rate confirmation: a field error (400), nothing created in A.
  {
    route: "POST /api/dispatches/batch",
    body: dispatchBatchBody,
    expect: { ...OFFICE, adminA: 201, adminB: 400 },
    target: (f) => rowsWhere(dispatches, dispatches.companyId, f.companyA),
  },
  { route: "GET /api/dispatches/:id", path: (f) => `/api/dispatches/${f.dispatchA}`, expect: A_ONLY },
  {
    route: "PUT /api/dispatches/:id",
    path: (f) => `/api/dispatches/${f.dispatchA}`,
    body: (f, caller) => ({
      ...dispatchBody(f),
      driverName: `Table Driver ${caller}`,
      ...(caller === "adminB" ? { rateConfirmationId: null, pevoId: null } : {}),
    }),
    expect: A_ONLY,
    target: (f) => rowsWhere(dispatches, dispatches.id, f.dispatchA),
  },
  {
    route: "DELETE /api/dispatches/:id",
    path: async (f) => `/api/dispatches/${await f.newDispatchA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => rowsWhere(dispatches, dispatches.id, lastId(path)),
  },
  {
    route: "GET /api/dispatches/:dispatchId/trip-logs",
    path: (f) => `/api/dispatches/${f.dispatchA}/trip-logs`,
    expect: A_ONLY,
  },
  {
    route: "GET /api/dispatches/:id/timeline",
    path: (f) => `/api/dispatches/${f.dispatchA}/timeline`,
    expect: A_ONLY,
  },
  // a job's paperwork (DECISIONS 'Job paperwork')
  {
    route: "GET /api/dispatches/:id/paperwork",
    path: (f) => `/api/dispatches/${f.dispatchA}/paperwork`,
    expect: A_ONLY,
  },
  {
    route: "GET /api/dispatches/:id/packet.pdf",
    path: (f) => `/api/dispatches/${f.dispatchA}/packet.pdf`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/dispatches/:id/packet",
    path: (f) => `/api/dispatches/${f.dispatchA}/packet`,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(documents, documents.dispatchId, f.dispatchA),
  },

  // invoices: adminB's POST names company A's dispatch (400); its PUT uses B's own dispatch (404)
  { route: "GET /api/invoices", expect: OFFICE },
  {
    route: "GET /api/invoices/export.csv",
    path: (f) => `/api/invoices/export.csv?clientId=${f.clientA}`,
    expect: OFFICE,
  },
  {
    route: "GET /api/invoices/suggested-lines",
    path: (f) => `/api/invoices/suggested-lines?dispatchId=${f.dispatchA}`,
    expect: A_ONLY,
  },
  {
    route: "GET /api/invoices/bill-jobs/clients",
    path: (f) => `/api/invoices/bill-jobs/clients?clientId=${f.clientA}`,
    expect: OFFICE,
  },
  // adminB names company A's client: an empty page (200), nothing of A's.
  {
    route: "GET /api/invoices/bill-jobs",
    path: (f) => `/api/invoices/bill-jobs?clientId=${f.clientA}`,
    expect: OFFICE,
  },
  // adminB names company A's job: unknown (404), nothing created in A.
  {
    route: "POST /api/invoices/bill-jobs",
    body: (f) => ({ dispatchIds: [f.completedA] }),
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(invoices, invoices.companyId, f.companyA),
  },
  {
    route: "GET /api/invoices/next-number",
    path: () => "/api/invoices/next-number?date=2025-03-10",
    expect: OFFICE,
  },
  {
    route: "POST /api/invoices",
    body: invoiceBody,
    expect: { ...OFFICE, adminA: 201, adminB: 400 },
    target: (f) => rowsWhere(invoices, invoices.companyId, f.companyA),
  },
  { route: "GET /api/invoices/:id", path: (f) => `/api/invoices/${f.invoiceA}`, expect: A_ONLY },
  { route: "GET /api/invoices/:id/pdf", path: (f) => `/api/invoices/${f.invoiceA}/pdf`, expect: A_ONLY },
  {
    route: "PUT /api/invoices/:id",
    path: (f) => `/api/invoices/${f.invoiceA}`,
    body: (f, caller) => ({
      ...invoiceBody(f),
      invoiceNumber: `INV-TABLE-${caller}`,
      ...(caller === "adminB" ? { dispatchId: f.dispatchB } : {}),
    }),
    expect: A_ONLY,
    target: (f) => invoiceRows(f.invoiceA),
  },
  {
    route: "PUT /api/invoices/:id/notes",
    path: (f) => `/api/invoices/${f.invoiceA}/notes`,
    body: (_, caller) => ({ notes: `Table notes ${caller}` }),
    expect: A_ONLY,
    target: (f) => invoiceRows(f.invoiceA),
  },
  {
    route: "DELETE /api/invoices/:id",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => invoiceRows(lastId(path)),
  },
  {
    route: "POST /api/invoices/:id/send",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}/send`,
    body: () => ({ to: uniqueEmail("table-billing") }),
    expect: A_ONLY,
    target: (_, path) => invoiceRows(resourceId(path)),
  },
  {
    route: "POST /api/invoices/:id/void",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}/void`,
    body: () => ({ reason: "Issued in error" }),
    expect: A_ONLY,
    target: (_, path) => invoiceRows(resourceId(path)),
  },
  {
    route: "POST /api/invoices/:id/reissue",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}/reissue`,
    body: () => ({ reason: "Wrong mileage" }),
    expect: { ...A_ONLY, adminA: 201 },
    target: (f, path) => [
      ...invoiceRows(path.split("/")[3] ?? ""),
      rowsWhere(invoices, invoices.companyId, f.companyA),
    ],
  },
  {
    route: "GET /api/invoices/:id/payments",
    path: (f) => `/api/invoices/${f.invoiceA}/payments`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/invoices/:id/payments",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}/payments`,
    body: paymentBody,
    expect: { ...A_ONLY, adminA: 201 },
    target: (_, path) => paymentRows(resourceId(path)),
  },
  {
    route: "DELETE /api/invoices/:id/payments/:paymentId",
    path: async (f) => {
      const { invoiceId, paymentId } = await paidInvoiceA(f);
      return `/api/invoices/${invoiceId}/payments/${paymentId}`;
    },
    expect: A_ONLY,
    target: (_, path) => paymentRows(resourceId(path)),
  },

  {
    route: "POST /api/invoices/:id/factoring",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}/factoring`,
    body: () => ({ factored: false }),
    expect: A_ONLY,
    target: (_, path) => invoiceRows(resourceId(path)),
  },
  {
    // Not factored: company A's admin is told to mark it first (409), never another company's.
    route: "POST /api/invoices/:id/send-to-factor",
    path: async (f) => `/api/invoices/${await f.newInvoiceA()}/send-to-factor`,
    body: () => ({}),
    expect: { ...A_ONLY, adminA: 409 },
    target: (_, path) => invoiceRows(resourceId(path)),
  },

  // PEVO pay (DECISIONS 'PEVO pay'): pay plans, settlements; the PEVO's own statements in the portal
  { route: "GET /api/pay-plans/default", expect: OFFICE },
  {
    route: "POST /api/pay-plans/default",
    body: payPlanBody,
    expect: { ...OFFICE, adminA: 201, adminB: 201 },
    target: (f) => rowsWhere(payPlans, payPlans.companyId, f.companyA),
  },
  {
    route: "GET /api/pay-plans/pevos/:id",
    path: (f) => `/api/pay-plans/pevos/${f.pevoUserRowA}`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/pay-plans/pevos/:id",
    path: (f) => `/api/pay-plans/pevos/${f.pevoUserRowA}`,
    body: payPlanBody,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(payPlans, payPlans.companyId, f.companyA),
  },
  { route: "GET /api/settlements", expect: OFFICE },
  {
    route: "POST /api/settlements",
    body: () => ({
      periodKind: "custom",
      periodStart: "2023-06-01",
      periodEnd: "2023-06-01",
      includeUninvoiced: true,
    }),
    path: async (f) => {
      await t.insertDispatch(f.companyA, {
        pevoId: f.pevoUserRowA,
        rateConfirmationId: f.rateConfirmationA,
        pickupDate: "2023-06-01",
        status: "completed",
      });
      return "/api/settlements";
    },
    expect: { ...OFFICE, adminA: 201, adminB: 409 },
    target: (f) => rowsWhere(settlements, settlements.companyId, f.companyA),
  },
  {
    route: "GET /api/settlements/:id",
    path: async (f) => `/api/settlements/${(await newSettlementA(f)).id}`,
    expect: A_ONLY,
  },
  {
    route: "GET /api/settlements/:id/pevos",
    path: async (f) => `/api/settlements/${(await newSettlementA(f)).id}/pevos`,
    expect: A_ONLY,
  },
  {
    route: "GET /api/settlements/:id/pevos/:pevoId",
    path: async (f) => `/api/settlements/${(await newSettlementA(f)).id}/pevos/${f.pevoUserRowA}`,
    expect: A_ONLY,
  },
  {
    route: "DELETE /api/settlements/:id",
    path: async (f) => `/api/settlements/${(await newSettlementA(f)).id}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => settlementRows(lastId(path)),
  },
  {
    route: "POST /api/settlements/:id/adjustments",
    path: async (f) => `/api/settlements/${(await newSettlementA(f)).id}/adjustments`,
    body: (f) => ({ pevoId: f.pevoUserRowA, kind: "bonus", amount: "10.00", note: "Table bonus" }),
    expect: { ...A_ONLY, adminA: 201 },
    target: (_, path) => settlementRows(resourceId(path)),
  },
  {
    route: "DELETE /api/settlements/:id/adjustments/:adjustmentId",
    path: async (f) => {
      const { id } = await newSettlementA(f);
      const res = await t.request("POST", `/api/settlements/${id}/adjustments`, {
        ...credentials.adminA,
        body: { pevoId: f.pevoUserRowA, kind: "advance", amount: "10.00", note: "Table advance" },
      });
      expect(res.status).toBe(201);
      const own = await t.request(
        "GET",
        `/api/settlements/${id}/pevos/${f.pevoUserRowA}`,
        credentials.adminA,
      );
      const adjustmentId = own.body.adjustments[0].id as string;
      return `/api/settlements/${id}/adjustments/${hide("pevoA", adjustmentId)}`;
    },
    expect: A_ONLY,
    target: (_, path) => settlementRows(resourceId(path)),
  },
  {
    route: "DELETE /api/settlements/:id/jobs/:dispatchId",
    path: async (f) => {
      const { id, dispatchId } = await newSettlementA(f);
      return `/api/settlements/${id}/jobs/${dispatchId}`;
    },
    expect: A_ONLY,
    target: (_, path) => settlementRows(resourceId(path)),
  },
  {
    route: "POST /api/settlements/:id/approve",
    path: async (f) => `/api/settlements/${(await newSettlementA(f)).id}/approve`,
    expect: A_ONLY,
    target: (_, path) => settlementRows(resourceId(path)),
  },
  {
    route: "POST /api/settlements/:id/pay",
    path: async (f) => `/api/settlements/${await approvedSettlementA(f)}/pay`,
    body: () => ({ date: "2024-03-01", method: "check", reference: "1001" }),
    expect: A_ONLY,
    target: (_, path) => settlementRows(resourceId(path)),
  },
  {
    route: "GET /api/settlements/:id/statements/:pevoId/pdf",
    path: async (f) => `/api/settlements/${await statementA(f)}/statements/${f.pevoUserRowA}/pdf`,
    expect: A_ONLY,
  },
  { route: "GET /api/portal/earnings", expect: PORTAL },
  {
    route: "GET /api/portal/earnings/:id/pdf",
    path: async (f) => `/api/portal/earnings/${await statementA(f)}/pdf`,
    expect: PEVO_A_ONLY,
  },
  // credit notes: issued on company A's sent invoice; adminB with A's ids gets 404
  { route: "GET /api/credit-notes", expect: OFFICE },
  {
    route: "POST /api/invoices/:id/credit-notes",
    path: async (f) => `/api/invoices/${await sentInvoiceA(f)}/credit-notes`,
    body: creditNoteBody,
    expect: { ...A_ONLY, adminA: 201 },
    target: (_, path) => [
      ...paymentRows(resourceId(path)),
      rowsWhere(creditNotes, creditNotes.invoiceId, resourceId(path)),
    ],
  },
  {
    route: "GET /api/credit-notes/:id",
    path: async (f) => `/api/credit-notes/${await creditNoteA(f)}`,
    expect: A_ONLY,
  },
  {
    route: "GET /api/credit-notes/:id/pdf",
    path: async (f) => `/api/credit-notes/${await creditNoteA(f)}/pdf`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/credit-notes/:id/send",
    path: async (f) => `/api/credit-notes/${await creditNoteA(f)}/send`,
    body: () => ({ to: uniqueEmail("table-credit-note") }),
    expect: A_ONLY,
    target: (_, path) => rowsWhere(creditNotes, creditNotes.id, resourceId(path)),
  },
  {
    route: "GET /api/public/credit-notes/:token",
    path: async (f) => `/api/public/credit-notes/${await creditNoteLinkA(f)}`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  {
    route: "GET /api/public/credit-notes/:token/pdf",
    path: async (f) => `/api/public/credit-notes/${await creditNoteLinkA(f)}/pdf`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  // the client's credit (DECISIONS 'Client credit')
  {
    route: "GET /api/clients/:id/credit",
    path: (f) => `/api/clients/${f.clientA}/credit`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/clients/:id/credit/applications",
    path: async (f) => `/api/clients/${await creditedClientA(f)}/credit/applications`,
    body: () => ({ invoiceId: creditedA.invoiceId, date: "2025-03-21", amount: "5.00" }),
    expect: { ...A_ONLY, adminA: 201 },
    target: (_, path) => creditRows(resourceId(path)),
  },
  {
    route: "POST /api/clients/:id/credit/refunds",
    path: async (f) => `/api/clients/${await creditedClientA(f)}/credit/refunds`,
    body: () => ({ date: "2025-03-21", amount: "5.00", method: "check", reference: "REF-TABLE" }),
    expect: { ...A_ONLY, adminA: 201 },
    target: (_, path) => creditRows(resourceId(path)),
  },

  // mail: a record's email, queued again
  {
    route: "POST /api/mail/:jobId/retry",
    path: async (f) => `/api/mail/${await failedMailA(f)}/retry`,
    expect: A_ONLY,
    target: (_, path) => rowsWhere(jobs, jobs.id, resourceId(path)),
  },

  // receivables: each company's own open balances
  { route: "GET /api/receivables", expect: OFFICE },
  // margin (DECISIONS 'Margin'): the jobs report, its CSV, one job's margin, the dashboard's months
  { route: "GET /api/reports/jobs", expect: OFFICE },
  { route: "GET /api/reports/jobs/export.csv", expect: OFFICE },
  { route: "GET /api/reports/jobs/:id", path: (f) => `/api/reports/jobs/${f.dispatchA}`, expect: A_ONLY },
  { route: "GET /api/reports/monthly", expect: OFFICE },
  { route: "GET /api/receivables/payments.csv", expect: OFFICE },
  { route: "GET /api/receivables/quickbooks.csv", expect: OFFICE },
  { route: "GET /api/receivables/quickbooks-credit-memos.csv", expect: OFFICE },
  { route: "GET /api/receivables/quickbooks-payments.csv", expect: OFFICE },
  {
    route: "GET /api/receivables/clients/:id/statement.pdf",
    path: (f) => `/api/receivables/clients/${f.clientA}/statement.pdf`,
    expect: A_ONLY,
  },

  // public invoice links: the token is the credential, whoever holds it (no session needed)
  {
    route: "GET /api/public/invoices/:token",
    path: async (f) => `/api/public/invoices/${await invoiceLinkA(f)}`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  {
    route: "GET /api/public/invoices/:token/pdf",
    path: async (f) => `/api/public/invoices/${await invoiceLinkA(f)}/pdf`,
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },

  // company settings and team (each admin's own company)
  { route: "GET /api/company", expect: OFFICE },
  {
    route: "PUT /api/company",
    body: (_, caller) => ({ name: `Table Company ${caller}`, paymentTermsDays: 30, taxRate: "0" }),
    expect: OFFICE,
    target: (f) => rowsWhere(companies, companies.id, f.companyA),
  },
  { route: "GET /api/company/safety-checklist", expect: OFFICE },
  {
    route: "PUT /api/company/safety-checklist",
    // The default items: the portal's safety-meeting row below checks exactly these.
    body: () => ({ items: [...DEFAULT_SAFETY_ITEMS] }),
    expect: OFFICE,
    target: (f) => rowsWhere(safetyChecklists, safetyChecklists.companyId, f.companyA),
  },
  { route: "GET /api/company/factoring", expect: OFFICE },
  {
    route: "PUT /api/company/factoring",
    body: (_, caller) => ({ name: `Factor ${caller}`, remitTo: "PO Box 1\nDallas, TX" }),
    expect: OFFICE,
    target: (f) => rowsWhere(companies, companies.id, f.companyA),
  },
  { route: "GET /api/company/onboarding", expect: OFFICE },
  {
    route: "POST /api/company/onboarding/setup-done",
    expect: { ...OFFICE, adminA: 204, adminB: 204 },
    target: (f) => rowsWhere(companies, companies.id, f.companyA),
  },
  {
    route: "POST /api/company/onboarding/dismiss-checklist",
    expect: { ...OFFICE, adminA: 204, adminB: 204 },
    target: (f) => rowsWhere(companies, companies.id, f.companyA),
  },
  {
    route: "PUT /api/company/logo",
    body: logoForm,
    expect: OFFICE,
    target: (f) => rowsWhere(companies, companies.id, f.companyA),
  },
  {
    route: "DELETE /api/company/logo",
    expect: { ...OFFICE, adminA: 204, adminB: 204 },
    target: (f) => rowsWhere(companies, companies.id, f.companyA),
  },
  // the logo's public address (client emails): its random key is the only credential
  {
    route: "GET /api/public/logos/:key",
    path: async (f) => {
      const key = `table-logo-${next()}`.padEnd(32, "x");
      await t.db
        .update(companies)
        .set({ logo: PNG_48, logoType: "image/png", logoKey: key })
        .where(eq(companies.id, f.companyA));
      return `/api/public/logos/${key}`;
    },
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  { route: "GET /api/company/team", expect: OFFICE },
  {
    route: "POST /api/company/team",
    body: () => ({ name: "Second Admin", email: uniqueEmail("team") }),
    expect: { ...OFFICE, adminA: 201, adminB: 201 },
    target: (f) => rowsWhere(user, user.companyId, f.companyA),
  },
  {
    // adminB names an admin of company A: 404, the same as an unknown id.
    route: "DELETE /api/company/team/:userId",
    path: async (f) => `/api/company/team/${await f.newAdminA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => [
      rowsWhere(user, user.id, path.split("/").at(-1) ?? ""),
      rowsWhere(session, session.userId, path.split("/").at(-1) ?? ""),
    ],
  },

  // calendar
  { route: "GET /api/calendar", path: () => "/api/calendar?from=2025-03-01&to=2025-03-31", expect: OFFICE },
  // The live event stream: every signed-in user has one (scoped inside; see http/events.test.ts).
  { route: "GET /api/events", expect: { ...OFFICE, pevoA: 200, pevoA2: 200 } },

  // PEVO portal: the PEVO user's own things; admins are 403, the coworker's records 404
  {
    route: "GET /api/portal/dashboard",
    path: () => "/api/portal/dashboard?today=2025-03-10",
    expect: PORTAL,
  },
  { route: "GET /api/portal/dispatches", expect: PORTAL },
  {
    route: "GET /api/portal/dispatches/:id",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}`,
    expect: PEVO_A_ONLY,
  },
  // the job lifecycle: only the assigned PEVO answers and moves it (his coworker gets 404)
  {
    route: "GET /api/portal/dispatches/:id/lifecycle",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}/lifecycle`,
    expect: PEVO_A_ONLY,
  },
  {
    route: "POST /api/portal/dispatches/:id/accept",
    path: async (f) => `/api/portal/dispatches/${await f.newDispatchA()}/accept`,
    expect: PEVO_A_ONLY,
    target: (_, path) => jobRows(lastId(path)),
    mayChange: ["pevoA"],
  },
  {
    route: "POST /api/portal/dispatches/:id/decline",
    path: async (f) => `/api/portal/dispatches/${await f.newDispatchA()}/decline`,
    body: () => ({ reason: "Table decline" }),
    expect: { ...PEVO_A_ONLY, pevoA: 204 },
    target: (_, path) => jobRows(lastId(path)),
    mayChange: ["pevoA"],
  },
  {
    route: "POST /api/portal/dispatches/:id/steps",
    path: async (f) => `/api/portal/dispatches/${await f.newAcceptedDispatchA()}/steps`,
    body: () => ({ kind: "on_my_way" }),
    expect: PEVO_A_ONLY,
    target: (_, path) => jobRows(lastId(path)),
    mayChange: ["pevoA"],
  },
  // the job's paperwork: only the assigned PEVO signs and logs (his coworker gets 404)
  {
    route: "GET /api/portal/dispatches/:id/paperwork",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}/paperwork`,
    expect: PEVO_A_ONLY,
  },
  {
    route: "GET /api/portal/dispatches/:id/packet.pdf",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}/packet.pdf`,
    expect: PEVO_A_ONLY,
  },
  {
    route: "POST /api/portal/dispatches/:id/safety-meeting",
    path: async (f) => `/api/portal/dispatches/${await f.newDispatchA()}/safety-meeting`,
    body: () => ({
      id: crypto.randomUUID(),
      checked: [...DEFAULT_SAFETY_ITEMS],
      pevoName: "Table PEVO",
      pevoSignature: TINY_PNG,
      driverName: "Table Driver",
      driverSignature: TINY_PNG,
    }),
    expect: { ...PEVO_A_ONLY, pevoA: 201 },
    target: (_, path) => rowsWhere(safetyMeetings, safetyMeetings.dispatchId, lastId(path)),
    mayChange: ["pevoA"],
  },
  {
    route: "POST /api/portal/dispatches/:id/log-entries",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}/log-entries`,
    body: () => ({
      id: crypto.randomUUID(),
      kind: "stop",
      at: new Date().toISOString(),
      reason: "Table stop",
    }),
    expect: { ...PEVO_A_ONLY, pevoA: 201 },
    target: (f) => rowsWhere(jobLogEntries, jobLogEntries.dispatchId, f.dispatchA),
    mayChange: ["pevoA"],
  },
  { route: "GET /api/portal/profile", expect: PORTAL },
  {
    route: "PUT /api/portal/profile",
    body: (_, caller) => ({ firstName: "Portal", lastName: `User ${caller}`, phone: "5125550111" }),
    expect: PORTAL,
    target: (f) => [
      rowsWhere(pevos, pevos.id, f.pevoUserRowA),
      rowsWhere(profiles, profiles.id, f.pevoUserA),
    ],
    mayChange: ["pevoA"],
  },
  { route: "GET /api/portal/trip-logs", expect: PORTAL },
  {
    route: "POST /api/portal/trip-logs",
    body: tripLogBody,
    expect: { ...PORTAL, pevoA: 201, pevoA2: 201 },
    target: (f) => rowsWhere(tripLogs, tripLogs.pevoId, f.pevoUserRowA),
    mayChange: ["pevoA"],
  },
  {
    route: "GET /api/portal/trip-logs/:id",
    path: (f) => `/api/portal/trip-logs/${f.tripLogA}`,
    expect: PEVO_A_ONLY,
  },
  {
    route: "PUT /api/portal/trip-logs/:id",
    path: (f) => `/api/portal/trip-logs/${f.tripLogA}`,
    body: (f, caller) => ({ ...tripLogBody(f, caller), notes: `Table ${caller}` }),
    expect: PEVO_A_ONLY,
    target: (f) => tripLogRows(f.tripLogA),
    mayChange: ["pevoA"],
  },
  {
    route: "DELETE /api/portal/trip-logs/:id",
    path: async (f) => `/api/portal/trip-logs/${await f.newTripLogA()}`,
    expect: { ...PEVO_A_ONLY, pevoA: 204 },
    target: (_, path) => tripLogRows(lastId(path)),
    mayChange: ["pevoA"],
  },

  // documents: the office's by owner and by id; a PEVO's own profile and own dispatches' (portal)
  {
    route: "GET /api/pevos/:id/documents",
    path: (f) => `/api/pevos/${f.pevoRowA}/documents`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/pevos/:id/documents",
    path: (f) => `/api/pevos/${f.pevoRowA}/documents`,
    body: uploadForm,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(documents, documents.pevoId, f.pevoRowA),
  },
  {
    route: "GET /api/rate-confirmations/:id/documents",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}/documents`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/rate-confirmations/:id/documents",
    path: (f) => `/api/rate-confirmations/${f.rateConfirmationA}/documents`,
    body: uploadForm,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(documents, documents.rateConfirmationId, f.rateConfirmationA),
  },
  {
    route: "GET /api/dispatches/:id/documents",
    path: (f) => `/api/dispatches/${f.dispatchA}/documents`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/dispatches/:id/documents",
    path: (f) => `/api/dispatches/${f.dispatchA}/documents`,
    body: uploadForm,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(documents, documents.dispatchId, f.dispatchA),
  },
  {
    route: "GET /api/documents/:id/file",
    path: (f) => `/api/documents/${f.documentA}/file`,
    expect: A_ONLY,
  },
  {
    route: "DELETE /api/documents/:id",
    path: async (f) => `/api/documents/${await f.newDocumentA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => rowsWhere(documents, documents.id, lastId(path)),
  },
  // the W-9 on file and the 1099-NEC year end (DECISIONS 'Year end: W-9 and 1099-NEC')
  {
    route: "GET /api/pevos/:id/tax-profile",
    path: (f) => `/api/pevos/${f.pevoRowA}/tax-profile`,
    expect: A_ONLY,
  },
  {
    route: "PUT /api/pevos/:id/tax-profile",
    path: (f) => `/api/pevos/${f.pevoRowA}/tax-profile`,
    body: taxProfileBody,
    expect: A_ONLY,
    target: (f) => rowsWhere(pevoTaxProfiles, pevoTaxProfiles.pevoId, f.pevoRowA),
  },
  {
    route: "POST /api/pevos/:id/tax-profile/reveal",
    path: async (f) => `/api/pevos/${await taxProfileA(f)}/tax-profile/reveal`,
    expect: A_ONLY,
    target: (f) => rowsWhere(pevoTaxProfiles, pevoTaxProfiles.pevoId, f.pevoRowA),
  },
  { route: "GET /api/portal/tax-profile", expect: PORTAL },
  {
    route: "PUT /api/portal/tax-profile",
    body: taxProfileBody,
    expect: PORTAL,
    target: (f) => rowsWhere(pevoTaxProfiles, pevoTaxProfiles.pevoId, f.pevoUserRowA),
    mayChange: ["pevoA"],
  },
  { route: "GET /api/tax-years/:year", path: () => "/api/tax-years/2026", expect: OFFICE },
  {
    route: "GET /api/tax-years/:year/recipients",
    path: () => "/api/tax-years/2026/recipients",
    expect: OFFICE,
  },
  {
    route: "GET /api/tax-years/:year/missing-w9s",
    path: () => "/api/tax-years/2026/missing-w9s",
    expect: OFFICE,
  },
  {
    route: "PUT /api/tax-years/:year",
    path: () => "/api/tax-years/2026",
    body: () => ({ threshold: "2000.00", includeReimbursedExpenses: false, payerTin: "12-3456789" }),
    expect: OFFICE,
    target: (f) => rowsWhere(taxYearSettings, taxYearSettings.companyId, f.companyA),
  },
  {
    route: "GET /api/tax-years/:year/1099-nec.csv",
    path: () => "/api/tax-years/2026/1099-nec.csv",
    expect: OFFICE,
  },
  {
    route: "GET /api/tax-years/:year/1099-nec/:pevoId/copy-b.pdf",
    path: async (f) => {
      await paidToPevoA(f);
      return `/api/tax-years/2024/1099-nec/${f.pevoUserRowA}/copy-b.pdf`;
    },
    expect: A_ONLY,
  },
  { route: "GET /api/portal/documents", expect: PORTAL },
  {
    route: "POST /api/portal/documents",
    body: uploadForm,
    expect: { ...PORTAL, pevoA: 201, pevoA2: 201 },
    target: (f) => rowsWhere(documents, documents.pevoId, f.pevoUserRowA),
    mayChange: ["pevoA"],
  },
  {
    route: "GET /api/portal/dispatches/:id/documents",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}/documents`,
    expect: PEVO_A_ONLY,
  },
  {
    route: "POST /api/portal/dispatches/:id/documents",
    path: (f) => `/api/portal/dispatches/${f.dispatchA}/documents`,
    body: uploadForm,
    expect: { ...PEVO_A_ONLY, pevoA: 201 },
    target: (f) => rowsWhere(documents, documents.dispatchId, f.dispatchA),
    mayChange: ["pevoA"],
  },
  {
    route: "GET /api/portal/documents/:id/file",
    path: (f) => `/api/portal/documents/${f.portalDocumentA}/file`,
    expect: PEVO_A_ONLY,
  },
  {
    route: "DELETE /api/portal/documents/:id",
    path: async (f) => `/api/portal/documents/${await f.newPortalDocumentA()}`,
    expect: { ...PEVO_A_ONLY, pevoA: 204 },
    target: (_, path) => rowsWhere(documents, documents.id, lastId(path)),
    mayChange: ["pevoA"],
  },

  // credentials: the office's under a PEVO, the company's expiring ones; a PEVO's own (portal)
  {
    route: "GET /api/pevos/:id/credentials",
    path: (f) => `/api/pevos/${f.pevoRowA}/credentials`,
    expect: A_ONLY,
  },
  {
    route: "POST /api/pevos/:id/credentials/certifications",
    path: (f) => `/api/pevos/${f.pevoRowA}/credentials/certifications`,
    body: certificationBody,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(pevoCertifications, pevoCertifications.pevoId, f.pevoRowA),
  },
  {
    route: "PUT /api/pevos/:id/credentials/certifications/:itemId",
    path: (f) => `/api/pevos/${f.pevoRowA}/credentials/certifications/${f.certificationA}`,
    body: certificationBody,
    expect: A_ONLY,
    target: (f) => rowsWhere(pevoCertifications, pevoCertifications.id, f.certificationA),
  },
  {
    route: "DELETE /api/pevos/:id/credentials/certifications/:itemId",
    path: async (f) => `/api/pevos/${f.pevoRowA}/credentials/certifications/${await f.newCertificationA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => rowsWhere(pevoCertifications, pevoCertifications.id, lastId(path)),
  },
  {
    route: "POST /api/pevos/:id/credentials/insurance",
    path: (f) => `/api/pevos/${f.pevoRowA}/credentials/insurance`,
    body: insuranceBody,
    expect: { ...A_ONLY, adminA: 201 },
    target: (f) => rowsWhere(pevoInsurance, pevoInsurance.pevoId, f.pevoRowA),
  },
  {
    route: "PUT /api/pevos/:id/credentials/insurance/:itemId",
    path: (f) => `/api/pevos/${f.pevoRowA}/credentials/insurance/${f.insuranceA}`,
    body: insuranceBody,
    expect: A_ONLY,
    target: (f) => rowsWhere(pevoInsurance, pevoInsurance.id, f.insuranceA),
  },
  {
    route: "DELETE /api/pevos/:id/credentials/insurance/:itemId",
    path: async (f) => `/api/pevos/${f.pevoRowA}/credentials/insurance/${await f.newInsuranceA()}`,
    expect: { ...A_ONLY, adminA: 204 },
    target: (_, path) => rowsWhere(pevoInsurance, pevoInsurance.id, lastId(path)),
  },
  {
    route: "PUT /api/pevos/:id/credentials/vehicle",
    path: (f) => `/api/pevos/${f.pevoRowA}/credentials/vehicle`,
    body: () => ({ make: "Ford", equipment: { flags: { has: true } } }),
    expect: A_ONLY,
    target: (f) => rowsWhere(pevoVehicles, pevoVehicles.pevoId, f.pevoRowA),
  },
  {
    route: "POST /api/pevos/:id/credentials/:kind/:itemId/review",
    path: (f) => `/api/pevos/${f.pevoUserRowA}/credentials/certifications/${f.portalCertificationA}/review`,
    body: () => ({ decision: "rejected", note: "Blurred" }),
    expect: A_ONLY,
    target: (f) => rowsWhere(pevoCertifications, pevoCertifications.id, f.portalCertificationA),
  },
  {
    route: "POST /api/pevos/:id/credentials/licence/review",
    path: (f) => `/api/pevos/${f.pevoUserRowA}/credentials/licence/review`,
    // Approved: later rows assign this PEVO.
    body: () => ({ decision: "approved" }),
    expect: A_ONLY,
    target: (f) => rowsWhere(pevos, pevos.id, f.pevoUserRowA),
  },
  { route: "GET /api/credentials/expiring", expect: OFFICE },
  { route: "GET /api/credentials/to-review", expect: OFFICE },
  { route: "GET /api/portal/credentials", expect: PORTAL },
  {
    route: "POST /api/portal/credentials/certifications",
    body: certificationBody,
    expect: { ...PORTAL, pevoA: 201, pevoA2: 201 },
    target: (f) => rowsWhere(pevoCertifications, pevoCertifications.pevoId, f.pevoUserRowA),
    mayChange: ["pevoA"],
  },
  {
    route: "PUT /api/portal/credentials/certifications/:itemId",
    path: (f) => `/api/portal/credentials/certifications/${f.portalCertificationA}`,
    body: certificationBody,
    expect: PEVO_A_ONLY,
    target: (f) => rowsWhere(pevoCertifications, pevoCertifications.id, f.portalCertificationA),
    mayChange: ["pevoA"],
  },
  {
    route: "DELETE /api/portal/credentials/certifications/:itemId",
    path: async (f) => `/api/portal/credentials/certifications/${await f.newPortalCertificationA()}`,
    expect: { ...PEVO_A_ONLY, pevoA: 204 },
    target: (_, path) => rowsWhere(pevoCertifications, pevoCertifications.id, lastId(path)),
    mayChange: ["pevoA"],
  },
  {
    route: "POST /api/portal/credentials/insurance",
    body: insuranceBody,
    expect: { ...PORTAL, pevoA: 201, pevoA2: 201 },
    target: (f) => rowsWhere(pevoInsurance, pevoInsurance.pevoId, f.pevoUserRowA),
    mayChange: ["pevoA"],
  },
  {
    route: "PUT /api/portal/credentials/insurance/:itemId",
    path: (f) => `/api/portal/credentials/insurance/${f.portalInsuranceA}`,
    body: insuranceBody,
    expect: PEVO_A_ONLY,
    target: (f) => rowsWhere(pevoInsurance, pevoInsurance.id, f.portalInsuranceA),
    mayChange: ["pevoA"],
  },
  {
    route: "DELETE /api/portal/credentials/insurance/:itemId",
    path: async (f) => `/api/portal/credentials/insurance/${await f.newPortalInsuranceA()}`,
    expect: { ...PEVO_A_ONLY, pevoA: 204 },
    target: (_, path) => rowsWhere(pevoInsurance, pevoInsurance.id, lastId(path)),
    mayChange: ["pevoA"],
  },
  {
    route: "PUT /api/portal/credentials/vehicle",
    body: () => ({ make: "Chevy" }),
    expect: PORTAL,
    target: (f) => rowsWhere(pevoVehicles, pevoVehicles.pevoId, f.pevoUserRowA),
    mayChange: ["pevoA"],
  },

  // the API's documentation: public (it documents, it reveals no data)
  {
    route: "GET /api/openapi.json",
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  { route: "GET /api/docs", expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 } },
  {
    route: "GET /api/docs/reference.js",
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
  {
    route: "GET /api/docs/reference.css",
    expect: { anonymous: 200, adminA: 200, adminB: 200, pevoA: 200, pevoA2: 200 },
  },
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

let t: TestApp;
let credentials: Record<Caller, Credentials>;
let fixtures: Fixtures;
/** Ids each caller may not see in any response. */
const hidden: Record<Caller, Set<string>> = {
  anonymous: new Set(),
  adminA: new Set(),
  adminB: new Set(),
  pevoA: new Set(),
  pevoA2: new Set(),
};
/** Whose record an id is, which decides who may not see it. */
type Owner = "companyA" | "office" | "pevoA" | "pevoA2" | "companyB";
const HIDDEN_FROM: Record<Owner, Caller[]> = {
  /** Company A's identity (its id, its users): only company A's users may see them. */
  companyA: ["anonymous", "adminB"],
  /** The office's records (clients, rate confirmations, invoices, roster PEVOs): not for PEVOs. */
  office: ["anonymous", "adminB", "pevoA", "pevoA2"],
  pevoA: ["anonymous", "adminB", "pevoA2"],
  pevoA2: ["anonymous", "adminB", "pevoA"],
  companyB: ["anonymous", "adminA", "pevoA", "pevoA2"],
};
function hide(owner: Owner, id: string): string {
  for (const caller of HIDDEN_FROM[owner]) hidden[caller].add(id);
  return id;
}

async function call(caller: Caller, method: string, path: string, body: unknown) {
  const { cookie, headers } = credentials[caller];
  if (method === "GET" && path === "/api/events") return openStreamBriefly(cookie, headers);
  return t.request(method, path, { cookie, headers, body });
}

/** The event stream never ends: read it up to its `ready` message (or its error), then cancel it. */
async function openStreamBriefly(cookie?: string, extra?: Record<string, string>) {
  const headers = new Headers({ Origin: "http://localhost:3000", ...extra });
  if (cookie) headers.set("Cookie", cookie);
  const res = await t.app.request("http://localhost:3000/api/events", { headers });
  if (!res.headers.get("content-type")?.includes("text/event-stream")) {
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : text };
  }
  const reader = (res.body as ReadableStream<Uint8Array>).pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("event: ready")) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += chunk.value;
  }
  await reader.cancel();
  return { status: res.status, headers: res.headers, body: text };
}

/** The rows of the targets, in a stable order. */
async function snapshot(targets: Target[]) {
  const result: unknown[][] = [];
  for (const { table, where } of targets) {
    const rows: unknown[] = await t.db.select().from(table).where(where);
    result.push(rows.map((r) => JSON.stringify(r)).sort());
  }
  return result;
}

beforeAll(async () => {
  t = await createTestApp();
  const adminA: SignedUpAdmin = await t.signUpAdmin({ companyName: "Table Company A" });
  const adminB: SignedUpAdmin = await t.signUpAdmin({ companyName: "Table Company B" });
  const pevoA: TestPevo = await t.createPevoUser(adminA.companyId, { firstName: "Paula", lastName: "A" });
  const pevoA2: TestPevo = await t.createPevoUser(adminA.companyId, { firstName: "Peter", lastName: "A2" });
  credentials = {
    anonymous: {},
    adminA: { cookie: adminA.cookie },
    adminB: { cookie: adminB.cookie },
    pevoA: { cookie: pevoA.cookie },
    pevoA2: { cookie: pevoA2.cookie },
  };

  /** Creates a record through the API (so it is complete) and returns its id. */
  const create = async (cookie: string, path: string, body: unknown): Promise<string> => {
    const res = await t.request("POST", path, { cookie, body });
    if (res.status !== 201)
      throw new Error(`fixture ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body.id;
  };
  const newClientA = async () => {
    const [row = missingRow("clients")] = await t.db
      .insert(clients)
      .values({ companyId: adminA.companyId, name: "Table Client A" })
      .returning({ id: clients.id });
    return hide("office", row.id);
  };
  const newPevoRowA = async () => {
    const [row = missingRow("pevos")] = await t.db
      .insert(pevos)
      .values({ companyId: adminA.companyId, firstName: "Roster", lastName: "Pevo" })
      .returning({ id: pevos.id });
    // Assignable: every assignment checks insurance and the licence.
    await t.qualifyPevo(adminA.companyId, row.id);
    return hide("office", row.id);
  };
  const [clientB = missingRow("clients")] = await t.db
    .insert(clients)
    .values({ companyId: adminB.companyId, name: "Table Client B" })
    .returning({ id: clients.id });
  hide("companyB", adminB.companyId);
  hide("companyB", adminB.userId);
  const partial = {
    companyA: hide("companyA", adminA.companyId),
    adminUserA: hide("companyA", adminA.userId),
    pevoUserA: hide("pevoA", pevoA.userId),
    pevoUserA2: hide("pevoA2", pevoA2.userId),
    clientA: await newClientA(),
    clientB: hide("companyB", clientB.id),
    pevoRowA: await newPevoRowA(),
    pevoUserRowA: hide("pevoA", pevoA.pevoId),
    pevoUserRowA2: hide("pevoA2", pevoA2.pevoId),
  } as Fixtures;
  partial.rateConfirmationA = hide(
    "office",
    await create(adminA.cookie, "/api/rate-confirmations", {
      ...rateConfirmationBody(partial),
      jobNumber: "RC-TABLE-A",
    }),
  );
  partial.newRateConfirmationA = async () =>
    hide(
      "office",
      await create(adminA.cookie, "/api/rate-confirmations", {
        ...rateConfirmationBody(partial),
        jobNumber: `RC-TABLE-FRESH-${next()}`,
      }),
    );
  partial.newSigningLinkA = async () => {
    const rateConfirmationId = await partial.newRateConfirmationA();
    const signerEmail = uniqueEmail("table-signer");
    const res = await t.request("POST", `/api/rate-confirmations/${rateConfirmationId}/signature`, {
      cookie: adminA.cookie,
      body: { signerName: "Table Signer", signerEmail },
    });
    expect(res.status).toBe(201);
    const mail = await t.lastMail(signerEmail);
    return { token: pathOf(firstLink(mail.text)).slice("/sign/".length), rateConfirmationId };
  };
  partial.newAdminA = async () =>
    hide(
      "companyA",
      await create(adminA.cookie, "/api/company/team", {
        name: "Removable Admin",
        email: uniqueEmail("removable"),
      }),
    );
  partial.newDispatchA = async () =>
    hide("pevoA", await create(adminA.cookie, "/api/dispatches", dispatchBody(partial)));
  partial.dispatchA = await partial.newDispatchA();
  partial.completedA = await create(adminA.cookie, "/api/dispatches", {
    ...dispatchBody(partial),
    pevoId: null,
    status: "completed",
  });
  partial.newAcceptedDispatchA = async () => {
    const id = await partial.newDispatchA();
    const res = await t.request("POST", `/api/portal/dispatches/${id}/accept`, { cookie: pevoA.cookie });
    expect(res.status).toBe(200);
    return id;
  };
  partial.newResponseLinkA = async () => {
    // Another row may have turned pevoA's mails off: the link comes with the assignment mail.
    await t.db
      .update(userSettings)
      .set({ emailNotifications: true, dispatchAlerts: true })
      .where(eq(userSettings.userId, pevoA.userId));
    await partial.newDispatchA();
    const mail = await t.lastMail(pevoA.email);
    return pathOf(firstLink(mail.text)).slice("/respond/".length);
  };
  partial.dispatchA2 = hide(
    "pevoA2",
    await create(adminA.cookie, "/api/dispatches", {
      ...dispatchBody(partial),
      pevoId: pevoA2.pevoId,
      driverName: "Coworker Driver",
    }),
  );
  partial.dispatchB = hide(
    "companyB",
    await create(adminB.cookie, "/api/dispatches", {
      ...dispatchBody(partial),
      rateConfirmationId: null,
      pevoId: null,
    }),
  );
  partial.newInvoiceA = async () =>
    hide("office", await create(adminA.cookie, "/api/invoices", invoiceBody(partial)));
  partial.invoiceA = await partial.newInvoiceA();
  partial.newTripLogA = async () =>
    hide("pevoA", await create(pevoA.cookie, "/api/portal/trip-logs", tripLogBody(partial, "pevoA")));
  partial.tripLogA = await partial.newTripLogA();
  partial.tripLogA2 = hide(
    "pevoA2",
    await create(pevoA2.cookie, "/api/portal/trip-logs", tripLogBody(partial, "pevoA2")),
  );
  partial.newDocumentA = async () =>
    hide("office", await create(adminA.cookie, `/api/pevos/${partial.pevoRowA}/documents`, uploadForm()));
  partial.documentA = await partial.newDocumentA();
  partial.newPortalDocumentA = async () =>
    hide("pevoA", await create(pevoA.cookie, "/api/portal/documents", uploadForm()));
  partial.portalDocumentA = await partial.newPortalDocumentA();
  const officeCredential = (kind: string, body: () => unknown) => async () =>
    hide("office", await create(adminA.cookie, `/api/pevos/${partial.pevoRowA}/credentials/${kind}`, body()));
  const ownCredential = (kind: string, body: () => unknown) => async () =>
    hide("pevoA", await create(pevoA.cookie, `/api/portal/credentials/${kind}`, body()));
  partial.newCertificationA = officeCredential("certifications", certificationBody);
  partial.certificationA = await partial.newCertificationA();
  partial.newInsuranceA = officeCredential("insurance", insuranceBody);
  partial.insuranceA = await partial.newInsuranceA();
  partial.newPortalCertificationA = ownCredential("certifications", certificationBody);
  partial.portalCertificationA = await partial.newPortalCertificationA();
  partial.newPortalInsuranceA = ownCredential("insurance", insuranceBody);
  partial.portalInsuranceA = await partial.newPortalInsuranceA();
  // A photo of pevoA's on his dispatch: his coworker must never see it in a list.
  hide(
    "pevoA",
    await create(pevoA.cookie, `/api/portal/dispatches/${partial.dispatchA}/documents`, uploadForm()),
  );
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

  test("every row that writes names the records of company A it must leave alone (`target`)", () => {
    expect(ROUTES.filter((r) => !r.route.startsWith("GET ") && !r.target).map((r) => r.route)).toEqual([]);
  });

  test("the fixtures give every caller something it may not see", () => {
    for (const caller of CALLERS) expect(hidden[caller].size, caller).toBeGreaterThan(0);
  });
});

describe.each(ROUTES)("$route", (row) => {
  const [method, pattern] = splitRoute(row.route);
  test.each(CALLERS)("%s", async (caller) => {
    const path = row.path ? await row.path(fixtures) : pattern;
    const guarded = row.target && !(row.mayChange ?? ["adminA"]).includes(caller);
    const targets = guarded && row.target ? [row.target(fixtures, path)].flat() : [];
    const before = await snapshot(targets);

    const res = await call(caller, method, path, row.body?.(fixtures, caller));
    const what = `${caller}: ${method} ${path}`;
    expect(res.status, `${what} → ${JSON.stringify(res.body)}`).toBe(row.expect[caller]);
    if (res.status >= 400) {
      // Refusals use the API's one error shape.
      expect(res.headers.get("content-type")).toMatch(/application\/json/);
      expect(typeof res.body.error).toBe("string");
    }
    // Nothing the caller may not see, anywhere in the response (a list, a detail, an error).
    const text = typeof res.body === "string" ? res.body : JSON.stringify(res.body);
    const leaked = [...hidden[caller]].filter((id) => text.includes(id));
    expect(leaked, `${what} answered ids it must not see`).toEqual([]);
    // Company A's records are exactly as they were before a caller who may not change them.
    expect(await snapshot(targets), `${what} changed records of company A`).toEqual(before);
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
      const [method, pattern] = splitRoute(endpoint);
      const path = pattern.replace(/:[A-Za-z]+/g, "sample-param");
      const res = await t.request(method, path, { body: method === "GET" ? undefined : {} });
      const blocked = res.status === 404 && res.body?.error === "Not found";
      if (!blocked) open.push(endpoint);
      else expect(res.headers.get("content-type")).toMatch(/application\/json/);
    }
    expect(open.sort()).toEqual([...AUTH_OPEN].sort());
  });
});

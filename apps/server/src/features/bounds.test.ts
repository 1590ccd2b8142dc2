/**
 * Every field's bounds through the API, from the same table as the shared schema test
 * (packages/shared/src/schemas/bounds.cases.ts): just outside a bound is a 400 with the field's
 * message and nothing saved; just inside is saved as the schema normalizes it.
 */
import {
  clients,
  companies,
  dispatches,
  invoices,
  missingRow,
  pevos,
  profiles,
  rateConfirmations,
  tripLogs,
  user,
} from "@pevo/db";
import {
  BOUND_CASES,
  BOUNDS_FORMS,
  type BoundCase,
  type BoundsForm,
  caseBody,
  caseTitle,
  valueAt,
} from "@pevo/shared/bounds-cases";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  type JsonBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueEmail,
  uniqueJobNumber,
} from "../../test/harness";
import { first } from "../../test/rows";

const SETUP_TIMEOUT = 180_000;

let t: TestApp;
let admin: SignedUpAdmin;
let pevo: TestPevo;
let clientId: string;
let dispatchId: string;

type Endpoint = {
  method: "POST" | "PUT";
  path: string;
  /** Who calls it (default the admin; null: nobody signed in). */
  caller?: () => { cookie: string } | null;
  /** The form's valid body with this run's fixtures (unique numbers and addresses, real ids). */
  body: () => JsonBody;
  /** What "nothing saved" compares: a row count or the stored record. */
  snapshot: () => Promise<unknown>;
  /** The stored record after a 2xx answer. */
  read: (response: JsonBody, sent: JsonBody) => Promise<unknown>;
};

/** The company's rows of a business table. */
async function rows(
  table:
    | typeof clients
    | typeof pevos
    | typeof rateConfirmations
    | typeof dispatches
    | typeof invoices
    | typeof tripLogs,
) {
  const [row = missingRow("table")] = await t.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.companyId, admin.companyId));
  return row.n;
}

const get = async (path: string, caller: { cookie: string } = admin) => {
  const res = await t.as(caller)("GET", path);
  expect(res.status, `GET ${path}`).toBe(200);
  return res.body;
};

/** Signed-up accounts by email (signup and team invitations write users, profiles and companies). */
async function account(email: string) {
  const [row = missingRow("user")] = await t.db
    .select({
      email: user.email,
      name: user.name,
      companyName: companies.name,
      contactPerson: profiles.contactPerson,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .innerJoin(companies, eq(companies.id, user.companyId))
    .where(eq(user.email, email.toLowerCase()));
  return row;
}

const allUsers = async () => first(await t.db.select({ n: count() }).from(user)).n;

const ENDPOINTS: Partial<Record<BoundsForm, Endpoint>> = {
  signup: {
    method: "POST",
    path: "/api/signup",
    caller: () => null,
    body: () => ({ ...BOUNDS_FORMS.signup.valid(), email: uniqueEmail("bounds") }),
    snapshot: allUsers,
    read: (_res, sent) => account(String(sent.email)),
  },
  client: {
    method: "POST",
    path: "/api/clients",
    body: () => BOUNDS_FORMS.client.valid(),
    snapshot: () => rows(clients),
    read: (res) => get(`/api/clients/${res.id}`),
  },
  pevo: {
    method: "POST",
    path: "/api/pevos",
    body: () => BOUNDS_FORMS.pevo.valid(),
    snapshot: () => rows(pevos),
    read: (res) => get(`/api/pevos/${res.id}`),
  },
  pevoProfile: {
    method: "PUT",
    path: "/api/portal/profile",
    caller: () => pevo,
    body: () => BOUNDS_FORMS.pevoProfile.valid(),
    snapshot: () => get("/api/portal/profile", pevo),
    read: () => get("/api/portal/profile", pevo),
  },
  rateConfirmation: {
    method: "POST",
    path: "/api/rate-confirmations",
    body: () => ({ ...BOUNDS_FORMS.rateConfirmation.valid(), clientId, jobNumber: uniqueJobNumber("B") }),
    snapshot: () => rows(rateConfirmations),
    read: (res) => get(`/api/rate-confirmations/${res.id}`),
  },
  dispatch: {
    method: "POST",
    path: "/api/dispatches",
    body: () => BOUNDS_FORMS.dispatch.valid(),
    snapshot: () => rows(dispatches),
    read: (res) => get(`/api/dispatches/${res.id}`),
  },
  invoice: {
    method: "POST",
    path: "/api/invoices",
    // Every case bills the same dispatch: deliberate supplementary invoices.
    body: () => ({
      ...BOUNDS_FORMS.invoice.valid(),
      dispatchId,
      invoiceNumber: uniqueJobNumber("INV"),
      allowAdditional: true,
    }),
    snapshot: () => rows(invoices),
    read: (res) => get(`/api/invoices/${res.id}`),
  },
  tripLog: {
    method: "POST",
    path: "/api/portal/trip-logs",
    caller: () => pevo,
    body: () => BOUNDS_FORMS.tripLog.valid(),
    snapshot: () => rows(tripLogs),
    read: (res) => get(`/api/portal/trip-logs/${res.id}`, pevo),
  },
  companySettings: {
    method: "PUT",
    path: "/api/company",
    body: () => BOUNDS_FORMS.companySettings.valid(),
    snapshot: () => get("/api/company"),
    read: () => get("/api/company"),
  },
  inviteAdmin: {
    method: "POST",
    path: "/api/company/team",
    body: () => ({ ...BOUNDS_FORMS.inviteAdmin.valid(), email: uniqueEmail("invite") }),
    snapshot: allUsers,
    read: async (_res, sent) => {
      return account(String(sent.email));
    },
  },
};

/** Forms that only the browser validates (Better Auth's own endpoints take these bodies). */
const BROWSER_ONLY: BoundsForm[] = ["login", "signupForm", "resetPassword"];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Bounds Escorts" });
  pevo = await t.createPevoUser(admin.companyId, { firstName: "Bo", lastName: "Bounds" });
  clientId = (await t.createClient(admin)).id;
  dispatchId = (await t.createDispatch(admin)).id;
}, SETUP_TIMEOUT);

afterAll(() => t?.close());

describe("every field's bounds through the API (bounds.cases.ts)", () => {
  test("every form of the table is reached through an endpoint or is browser-only", () => {
    for (const form of Object.keys(BOUNDS_FORMS) as BoundsForm[]) {
      expect(Boolean(ENDPOINTS[form]) || BROWSER_ONLY.includes(form), form).toBe(true);
    }
  });

  const apiCases = BOUND_CASES.filter((c) => ENDPOINTS[c.form]);
  test.each(apiCases.map((c) => [caseTitle(c), c] as const))("%s", async (_title, c: BoundCase) => {
    const endpoint = ENDPOINTS[c.form] as Endpoint;
    const body = caseBody(c, endpoint.body());
    const caller = endpoint.caller ? endpoint.caller() : admin;
    const before = await endpoint.snapshot();
    const res = await t.request(endpoint.method, endpoint.path, { body, cookie: caller?.cookie });
    if (c.error) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.fields?.[c.field]).toBe(c.error);
      expect(await endpoint.snapshot()).toEqual(before);
    } else {
      expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
      if (endpoint.method === "POST") expect(await endpoint.snapshot()).toBe((before as number) + 1);
      const stored = await endpoint.read(res.body, body);
      const expected = c.saved ?? c.value;
      // Passwords are never readable; everything else is read back as stored.
      if (!/password/i.test(c.field)) {
        const lowerCased = typeof expected === "string" && /email/i.test(c.field);
        expect(valueAt(stored, c.field)).toEqual(lowerCased ? expected.toLowerCase() : expected);
      }
    }
  });
});

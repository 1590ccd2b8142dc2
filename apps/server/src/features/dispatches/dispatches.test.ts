import { activityEvents, dispatches, invoices, missingRow } from "@pevo/db";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type JsonBody as Body,
  type Created,
  createTestApp,
  DEFAULT_STANDARD_RATES,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { first } from "../../../test/rows";

const MISSING_ID = "00000000-0000-4000-8000-000000000000";
const NOT_FOUND = { error: "Dispatch not found" };
const HAS_INVOICES = "This dispatch has invoices and cannot be deleted. Delete its invoices first.";
const CHOOSE_RC = "Choose a rate confirmation from the list";
const CHOOSE_PEVO = "Choose an active PEVO from the list";
const ASSIGNED_MAIL = /^New dispatch:/;

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;
let rcA: Created;
let rcB: string;
let pevoB: string;

const asA = (method: string, path: string, body?: unknown) => t.as(adminA)(method, path, body);

async function createRc(admin: SignedUpAdmin, jobNumber: string, pevoId?: string) {
  const client = await t.createClient(admin, { name: `${jobNumber} Client` });
  return t.createRateConfirmation(admin, {
    clientId: client.id,
    jobNumber,
    standardRates: { ...DEFAULT_STANDARD_RATES, detentionRate: "65.5", detentionThreshold: 3 },
    positions: [{ positionType: "lead_car", pevoId }, { positionType: "high_pole_car" }],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Alpha Escorts" });
  adminB = await t.signUpAdmin({ companyName: "Bravo Escorts" });
  pevo1 = await t.createPevoUser(adminA.companyId, { firstName: "Paula", lastName: "One" });
  pevo2 = await t.createPevoUser(adminA.companyId, { firstName: "Peter", lastName: "Two" });
  rcA = await createRc(adminA, "RC-20250610-001", pevo1.pevoId);
  rcB = (await createRc(adminB, "RC-20250610-001")).id;
  pevoB = (await t.as(adminB)("POST", "/api/pevos", { firstName: "Bo", lastName: "Bravo" })).body.id;
});
afterAll(() => t.close());

function validBody(overrides: Body = {}): Body {
  return {
    driverName: "Dale Trucker",
    driverPhone: "(555) 123-4567",
    driverCompany: "Big Rig LLC",
    pickupDate: "2025-06-12",
    pickupTime: "09:00",
    notes: "Meet at the north gate",
    ...overrides,
  };
}

const createDispatch = (overrides: Body = {}, admin = adminA) =>
  t.createDispatch(admin, validBody(overrides));

async function dbRow(id: string) {
  const [row] = await t.db.select().from(dispatches).where(eq(dispatches.id, id));
  return row;
}

async function dispatchCount() {
  const [row = missingRow("dispatches")] = await t.db.select({ n: count() }).from(dispatches);
  return row.n;
}

const assignedMails = async (email: string) =>
  (await t.outbox(email)).filter((m) => ASSIGNED_MAIL.test(m.subject));

async function dispatchedEvents(pevoId: string) {
  return t.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.pevoId, pevoId), eq(activityEvents.type, "pevo_dispatched")));
}

async function insertInvoice(dispatchId: string, invoiceNumber: string) {
  await t.db.insert(invoices).values({
    companyId: adminA.companyId,
    createdBy: adminA.userId,
    dispatchId,
    invoiceNumber,
    issueDate: "2025-06-20",
    dueDate: "2025-07-20",
  });
}

describe("POST /api/dispatches", () => {
  test("creates a dispatch with defaults (status pending) and the rate confirmation summary", async () => {
    const res = await asA("POST", "/api/dispatches", {
      rateConfirmationId: rcA.id,
      pevoId: pevo1.pevoId,
      driverName: "  Dale Trucker ",
      driverPhone: "555-123-4567",
      driverCompany: "",
      pickupDate: "2025-06-12",
      pickupTime: "07:30",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      rateConfirmationId: rcA.id,
      pevoId: pevo1.pevoId,
      pevoName: "Paula One",
      driverName: "Dale Trucker",
      driverPhone: "+15551234567", // stored in E.164 (DECISIONS 'Phone numbers')
      driverCompany: null,
      pickupDate: "2025-06-12",
      pickupTime: "07:30",
      notes: null,
      status: "pending",
      hasInvoices: false,
      rateConfirmation: {
        id: rcA.id,
        jobNumber: "RC-20250610-001",
        clientName: "RC-20250610-001 Client",
        originAddress: "Houston, TX 77001",
        destinationAddress: "Denver, CO 80202",
        startDate: "2025-06-10",
        description: "Oversize transformer, 16 ft wide",
        standardRates: {
          minimumDailyRate: "450.00",
          mileageRate: "1.85",
          overnightRate: "125.00",
          noGoRate: "250.00",
          detentionRate: "65.50",
          detentionThreshold: 3,
        },
        positions: [
          { positionType: "lead_car", customName: null, pevoId: pevo1.pevoId },
          { positionType: "high_pole_car", customName: null, pevoId: null },
        ],
      },
    });
    const row = await dbRow(res.body.id);
    expect(row).toMatchObject({ companyId: adminA.companyId, createdBy: adminA.userId, status: "pending" });
    expect((await asA("GET", `/api/dispatches/${res.body.id}`)).body).toEqual(res.body);
  });

  test("PEVO and rate confirmation are optional (Unassigned)", async () => {
    const res = await asA(
      "POST",
      "/api/dispatches",
      validBody({ pevoId: "", rateConfirmationId: null, status: "dispatched" }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      pevoId: null,
      pevoName: null,
      rateConfirmationId: null,
      rateConfirmation: null,
      status: "dispatched",
      driverCompany: "Big Rig LLC",
      notes: "Meet at the north gate",
    });
  });

  const invalid: [string, Body, string, string][] = [
    ["a missing driver name", { driverName: undefined }, "driverName", "Driver name is required"],
    ["a blank driver name", { driverName: "  " }, "driverName", "Driver name is required"],
    ["a 9-character phone", { driverPhone: "555-12345" }, "driverPhone", "Valid phone number is required"],
    ["a missing phone", { driverPhone: undefined }, "driverPhone", "Valid phone number is required"],
    ["a missing pickup date", { pickupDate: undefined }, "pickupDate", "Pickup date is required"],
    ["an empty pickup date", { pickupDate: "" }, "pickupDate", "Pickup date is required"],
    [
      "a pickup date before 1900-01-01",
      { pickupDate: "1899-12-31" },
      "pickupDate",
      "Pickup date is required",
    ],
    ["an impossible pickup date", { pickupDate: "2025-02-30" }, "pickupDate", "Pickup date is required"],
    ["a missing pickup time", { pickupTime: undefined }, "pickupTime", "Pickup time is required"],
    ["an empty pickup time", { pickupTime: "" }, "pickupTime", "Pickup time is required"],
    ["an impossible pickup time", { pickupTime: "25:00" }, "pickupTime", "Pickup time is required"],
    ["a non-uuid PEVO", { pevoId: "pevo-1" }, "pevoId", "Choose a PEVO from the list"],
    ["a non-uuid rate confirmation", { rateConfirmationId: "rc-1" }, "rateConfirmationId", CHOOSE_RC],
  ];
  test.each(invalid)(
    "refuses %s with 400 at the field, saving nothing",
    async (_, overrides, field, message) => {
      const before = await dispatchCount();
      const res = await asA("POST", "/api/dispatches", validBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
      expect(await dispatchCount()).toBe(before);
    },
  );

  test("1900-01-01 itself is accepted", async () => {
    const d = await createDispatch({ pickupDate: "1900-01-01" });
    expect(d.pickupDate).toBe("1900-01-01");
  });

  test("refuses an unknown status", async () => {
    const res = await asA("POST", "/api/dispatches", validBody({ status: "active" }));
    expect(res.status).toBe(400);
    expect(res.body.fields.status).toBeTruthy();
  });

  test("another company's (or an unknown) rate confirmation or PEVO is a field error; nothing is saved", async () => {
    const before = await dispatchCount();
    for (const rateConfirmationId of [rcB, MISSING_ID]) {
      const res = await asA("POST", "/api/dispatches", validBody({ rateConfirmationId }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: CHOOSE_RC, fields: { rateConfirmationId: CHOOSE_RC } });
    }
    for (const pevoId of [pevoB, MISSING_ID]) {
      const res = await asA("POST", "/api/dispatches", validBody({ pevoId }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: CHOOSE_PEVO, fields: { pevoId: CHOOSE_PEVO } });
    }
    expect(await dispatchCount()).toBe(before);
  });

  test("an inactive PEVO cannot be newly assigned, but keeps a dispatch they already have", async () => {
    const pevo = (await asA("POST", "/api/pevos", { firstName: "Ina", lastName: "Active" })).body;
    const kept = await createDispatch({ pevoId: pevo.id });
    const off = await asA("PUT", `/api/pevos/${pevo.id}`, {
      firstName: "Ina",
      lastName: "Active",
      status: "inactive",
    });
    expect(off.status).toBe(200);

    const before = await dispatchCount();
    const create = await asA("POST", "/api/dispatches", validBody({ pevoId: pevo.id }));
    expect(create.status).toBe(400);
    expect(create.body.fields).toEqual({ pevoId: CHOOSE_PEVO });
    expect(await dispatchCount()).toBe(before);

    const other = await createDispatch({ pevoId: pevo2.pevoId });
    const reassign = await asA("PUT", `/api/dispatches/${other.id}`, validBody({ pevoId: pevo.id }));
    expect(reassign.status).toBe(400);
    expect(reassign.body.fields).toEqual({ pevoId: CHOOSE_PEVO });
    expect((await dbRow(other.id))?.pevoId).toBe(pevo2.pevoId);

    const keep = await asA(
      "PUT",
      `/api/dispatches/${kept.id}`,
      validBody({ pevoId: pevo.id, notes: "Still theirs" }),
    );
    expect(keep.status).toBe(200);
    expect(keep.body).toMatchObject({ pevoId: pevo.id, notes: "Still theirs" });
  });
});

describe("GET /api/dispatches", () => {
  test("lists the company's dispatches, latest pickup first, with PEVO name and job number", async () => {
    const fresh = await t.signUpAdmin();
    const rc = await createRc(fresh, "RC-20250701-001");
    const pevo = (await t.as(fresh)("POST", "/api/pevos", { firstName: "Fay", lastName: "Fresh" })).body;
    const first = await createDispatch({ driverName: "First Driver", rateConfirmationId: rc.id }, fresh);
    const second = await createDispatch(
      { driverName: "Second Driver", pevoId: pevo.id, status: "completed" },
      fresh,
    );
    const third = await createDispatch({ driverName: "Third Driver", pickupDate: "2024-01-01" }, fresh);
    await createDispatch({ driverName: "Foreign Driver" }, adminB);

    const res = await t.as(fresh)("GET", "/api/dispatches");
    expect(res.status).toBe(200);
    // Same pickup date and time: the id breaks the tie (descending).
    const [later, earlier] = [first.id, second.id].sort().reverse();
    expect(res.body.items.map((d: Body) => d.id)).toEqual([later, earlier, third.id]);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    const items: Body[] = res.body.items;
    expect(items.find((d) => d.id === second.id)).toMatchObject({
      driverName: "Second Driver",
      pickupDate: "2025-06-12",
      pickupTime: "09:00",
      status: "completed",
      pevoId: pevo.id,
      pevoName: "Fay Fresh",
      rateConfirmationId: null,
      jobNumber: null,
    });
    expect(items.find((d) => d.id === first.id)).toMatchObject({
      pevoName: null,
      jobNumber: "RC-20250701-001",
      rateConfirmationId: rc.id,
    });
    expect(items[0]).not.toHaveProperty("companyId");
  });
});

describe("GET /api/dispatches/:id", () => {
  test.each([
    ["an unknown uuid", MISSING_ID],
    ["a non-uuid id", "not-a-uuid"],
  ])("answers 404 'Dispatch not found' for %s", async (_, id) => {
    const res = await asA("GET", `/api/dispatches/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });
});

describe("PUT /api/dispatches/:id", () => {
  test("updates every field", async () => {
    const d = await createDispatch();
    const res = await asA("PUT", `/api/dispatches/${d.id}`, {
      rateConfirmationId: rcA.id,
      pevoId: pevo2.pevoId,
      driverName: "New Driver",
      driverPhone: "555-999-0000",
      driverCompany: "",
      pickupDate: "2025-07-01",
      pickupTime: "18:45",
      notes: "",
      status: "completed",
      // Other tests here book Peter Two on these dates (booking-conflicts.test.ts covers the check).
      allowConflict: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: d.id,
      rateConfirmationId: rcA.id,
      pevoId: pevo2.pevoId,
      pevoName: "Peter Two",
      driverName: "New Driver",
      driverPhone: "+15559990000", // stored in E.164 (DECISIONS 'Phone numbers')
      driverCompany: null,
      pickupDate: "2025-07-01",
      pickupTime: "18:45",
      notes: null,
      status: "completed",
    });
    expect(res.body.rateConfirmation.jobNumber).toBe("RC-20250610-001");
    expect(await dbRow(d.id)).toMatchObject({
      driverName: "New Driver",
      status: "completed",
      pevoId: pevo2.pevoId,
    });
  });

  test("validates like create and changes nothing on bad input", async () => {
    const d = await createDispatch();
    const before = await dbRow(d.id);
    for (const [overrides, field, message] of [
      [{ driverName: "" }, "driverName", "Driver name is required"],
      [{ driverPhone: "123" }, "driverPhone", "Valid phone number is required"],
      [{ pickupDate: "1800-01-01" }, "pickupDate", "Pickup date is required"],
      [{ pickupTime: "" }, "pickupTime", "Pickup time is required"],
      [{ rateConfirmationId: rcB }, "rateConfirmationId", CHOOSE_RC],
      [{ pevoId: pevoB }, "pevoId", CHOOSE_PEVO],
    ] as [Body, string, string][]) {
      const res = await asA("PUT", `/api/dispatches/${d.id}`, validBody(overrides));
      expect(res.status).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
    expect(await dbRow(d.id)).toEqual(before);
  });

  test("answers 404 for unknown and non-uuid ids", async () => {
    for (const id of [MISSING_ID, "nope"]) {
      const res = await asA("PUT", `/api/dispatches/${id}`, validBody());
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });
});

describe("DELETE /api/dispatches/:id", () => {
  test("deletes the dispatch (204, empty body)", async () => {
    const d = await createDispatch();
    const res = await asA("DELETE", `/api/dispatches/${d.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
    expect(await dbRow(d.id)).toBeUndefined();
    expect((await asA("GET", `/api/dispatches/${d.id}`)).status).toBe(404);
    expect((await asA("DELETE", `/api/dispatches/${d.id}`)).status).toBe(404);
  });

  test("refuses with 409 when the dispatch has an invoice, and keeps it", async () => {
    const d = await createDispatch();
    await insertInvoice(d.id, `INV-${d.id.slice(0, 8)}`);
    expect((await asA("GET", `/api/dispatches/${d.id}`)).body.hasInvoices).toBe(true);
    const res = await asA("DELETE", `/api/dispatches/${d.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: HAS_INVOICES });
    expect(await dbRow(d.id)).toBeDefined();
  });

  test("refuses (409, not 500) when a PEVO logged a trip on it, and keeps it", async () => {
    const d = await createDispatch({ pevoId: pevo1.pevoId });
    const trip = await t.request("POST", "/api/portal/trip-logs", {
      cookie: pevo1.cookie,
      body: {
        tripDate: "2025-06-12",
        dispatchId: d.id,
        startLocation: "Houston",
        endLocation: "Dallas",
        miles: 240,
        hours: 4,
      },
    });
    expect(trip.status).toBe(201);
    const res = await asA("DELETE", `/api/dispatches/${d.id}`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        "This dispatch has trip log entries from its PEVO and cannot be deleted. Set its status to canceled instead.",
    });
    expect(await dbRow(d.id)).toBeDefined();
  });

  test("answers 404 for unknown and non-uuid ids", async () => {
    expect((await asA("DELETE", `/api/dispatches/${MISSING_ID}`)).body).toEqual(NOT_FOUND);
    expect((await asA("DELETE", "/api/dispatches/nope")).status).toBe(404);
  });
});

describe("assigning a PEVO", () => {
  test("mails the PEVO exactly once per assignment and records a pevo_dispatched event", async () => {
    const a = await t.createPevoUser(adminA.companyId, { firstName: "Alma", lastName: "Assigned" });
    const b = await t.createPevoUser(adminA.companyId, { firstName: "Bert", lastName: "Backup" });

    const d = await createDispatch({
      pevoId: a.pevoId,
      rateConfirmationId: rcA.id,
      pickupDate: "2025-06-12",
      pickupTime: "06:15",
    });
    const mails = await assignedMails(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("New dispatch: RC-20250610-001 on Jun 12, 2025");
    expect(mails[0]?.text).toContain("Hello Alma Assigned");
    expect(mails[0]?.text).toContain("Jun 12, 2025 at 06:15");
    expect(mails[0]?.text).toContain("http://localhost:3000/pevo/dispatches");
    const events = await dispatchedEvents(a.pevoId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      companyId: adminA.companyId,
      actorId: adminA.userId,
      pevo: "Alma Assigned",
      job: "RC-20250610-001",
      client: "RC-20250610-001 Client",
      status: "success",
      message: "Alma Assigned dispatched on RC-20250610-001 for Jun 12, 2025",
    });

    // Saving without changing the PEVO is not a new assignment.
    const same = await asA(
      "PUT",
      `/api/dispatches/${d.id}`,
      validBody({ pevoId: a.pevoId, rateConfirmationId: rcA.id, status: "dispatched" }),
    );
    expect(same.status).toBe(200);
    expect(await assignedMails(a.email)).toHaveLength(1);
    expect(await dispatchedEvents(a.pevoId)).toHaveLength(1);

    // Reassigning tells the new PEVO, once.
    const moved = await asA("PUT", `/api/dispatches/${d.id}`, validBody({ pevoId: b.pevoId }));
    expect(moved.status).toBe(200);
    expect(await assignedMails(b.email)).toHaveLength(1);
    expect((await assignedMails(b.email))[0]?.subject).toBe("New dispatch: pickup on Jun 12, 2025");
    expect(await dispatchedEvents(b.pevoId)).toHaveLength(1);
    expect(await assignedMails(a.email)).toHaveLength(1);

    // Unassigning tells nobody; assigning back is a new assignment.
    expect((await asA("PUT", `/api/dispatches/${d.id}`, validBody({ pevoId: null }))).status).toBe(200);
    expect(await assignedMails(a.email)).toHaveLength(1);
    expect(await assignedMails(b.email)).toHaveLength(1);
    expect((await asA("PUT", `/api/dispatches/${d.id}`, validBody({ pevoId: a.pevoId }))).status).toBe(200);
    expect(await assignedMails(a.email)).toHaveLength(2);
    expect(await dispatchedEvents(a.pevoId)).toHaveLength(2);

    // A dispatch without a PEVO mails nobody and records no event.
    const eventsBefore = first(
      await t.db
        .select({ n: count() })
        .from(activityEvents)
        .where(eq(activityEvents.type, "pevo_dispatched")),
    ).n;
    await createDispatch({ pevoId: null });
    const eventsAfter = first(
      await t.db
        .select({ n: count() })
        .from(activityEvents)
        .where(eq(activityEvents.type, "pevo_dispatched")),
    ).n;
    expect(eventsAfter).toBe(eventsBefore);

    // The event shows in the company's recent activity, not in another company's.
    const dashboard = await asA("GET", "/api/dashboard");
    expect(dashboard.body.activity.map((e: Body) => e.type)).toContain("pevo_dispatched");
    const other = await t.as(adminB)("GET", "/api/dashboard");
    expect(other.body.activity.map((e: Body) => e.pevo)).not.toContain("Alma Assigned");
  });

  test("no mail when the PEVO turned dispatch alerts off; the event is still recorded", async () => {
    const quiet = await t.createPevoUser(adminA.companyId, { firstName: "Quinn", lastName: "Quiet" });
    const off = await t.request("PUT", "/api/me/settings", {
      cookie: quiet.cookie,
      body: {
        emailNotifications: true,
        dispatchAlerts: false,
        pickupReminders: true,
        darkMode: true,
        locationServices: false,
      },
    });
    expect(off.status).toBe(200);
    const d = await createDispatch({ pevoId: quiet.pevoId });
    expect(await assignedMails(quiet.email)).toEqual([]);
    expect(await dispatchedEvents(quiet.pevoId)).toHaveLength(1);

    // Turned back on, the next assignment is mailed.
    await t.request("PUT", "/api/me/settings", {
      cookie: quiet.cookie,
      body: {
        emailNotifications: true,
        dispatchAlerts: true,
        pickupReminders: true,
        darkMode: true,
        locationServices: false,
      },
    });
    await asA("PUT", `/api/dispatches/${d.id}`, validBody({ pevoId: null }));
    await asA("PUT", `/api/dispatches/${d.id}`, validBody({ pevoId: quiet.pevoId }));
    expect(await assignedMails(quiet.email)).toHaveLength(1);
  });

  test("a PEVO without an email gets no mail but the assignment is recorded", async () => {
    const pevo = (await asA("POST", "/api/pevos", { firstName: "Noel", lastName: "Nomail" })).body;
    const before = (await t.outbox()).length;
    await createDispatch({ pevoId: pevo.id });
    expect(await t.outbox()).toHaveLength(before);
    expect(await dispatchedEvents(pevo.id)).toHaveLength(1);
  });
});

describe("access control", () => {
  const endpoints = (id: string): [string, string, unknown?][] => [
    ["GET", "/api/dispatches"],
    ["POST", "/api/dispatches", validBody({ driverName: "Sneaky Driver" })],
    ["GET", `/api/dispatches/${id}`],
    ["PUT", `/api/dispatches/${id}`, validBody({ driverName: "Sneaky Driver" })],
    ["DELETE", `/api/dispatches/${id}`],
    ["GET", `/api/dispatches/${id}/trip-logs`],
  ];

  test("anonymous callers get 401 on every dispatch endpoint", async () => {
    const d = await createDispatch();
    for (const [method, path, body] of endpoints(d.id)) {
      const res = await t.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: "You must be logged in to perform this action" });
    }
    expect(await dbRow(d.id)).toMatchObject({ driverName: "Dale Trucker" });
    expect(await t.db.select().from(dispatches).where(eq(dispatches.driverName, "Sneaky Driver"))).toEqual(
      [],
    );
  });

  test("a PEVO user gets 403 on every dispatch endpoint, even their own dispatch", async () => {
    const d = await createDispatch({ pevoId: pevo1.pevoId });
    for (const [method, path, body] of endpoints(d.id)) {
      const res = await t.request(method, path, { cookie: pevo1.cookie, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(typeof res.body.error).toBe("string");
    }
    expect(await dbRow(d.id)).toMatchObject({ driverName: "Dale Trucker", pevoId: pevo1.pevoId });
    expect(await t.db.select().from(dispatches).where(eq(dispatches.driverName, "Sneaky Driver"))).toEqual(
      [],
    );
  });

  test("another company's admin gets 404 on GET/PUT/DELETE, and the dispatch is unchanged", async () => {
    const d = await createDispatch({ pevoId: pevo1.pevoId, rateConfirmationId: rcA.id });
    const before = await dbRow(d.id);
    const mailsBefore = (await assignedMails(pevo1.email)).length;
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", validBody({ driverName: "Hijacked", rateConfirmationId: rcB, pevoId: pevoB })],
      ["PUT", validBody({ driverName: "Hijacked" })],
      ["DELETE", undefined],
      ["GET", "trip-logs"],
    ] as const) {
      const path = body === "trip-logs" ? `/api/dispatches/${d.id}/trip-logs` : `/api/dispatches/${d.id}`;
      const res = await t.as(adminB)(method, path, body === "trip-logs" ? undefined : body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await dbRow(d.id)).toEqual(before);
    expect(await assignedMails(pevo1.email)).toHaveLength(mailsBefore);
    const list = await t.as(adminB)("GET", "/api/dispatches?pageSize=100");
    expect(list.body.items.map((x: Body) => x.id)).not.toContain(d.id);
  });
});

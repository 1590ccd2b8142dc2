import { clients, invoices, missingRow, pevos, rateConfirmations } from "@pevo/db";
import { DEFAULT_TIME_ZONE } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";
import { entry } from "../../../test/rows";
import { addDaysIso } from "../../lib/dates";
import { zonedDate } from "../../lib/zoned-time";

const TODAY = "2025-03-10"; // the 7-day window is 2025-03-10 .. 2025-03-16

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevoA: TestPevo;
const ids: Record<string, string> = {};

type DispatchSeed = {
  key: string;
  pickupDate: string;
  pickupTime?: string;
  status: "pending" | "dispatched" | "completed" | "canceled";
  pevoId?: string;
  rateConfirmationId?: string;
};

async function insertDispatches(admin: SignedUpAdmin, seeds: DispatchSeed[]) {
  for (const seed of seeds) {
    ids[seed.key] = await t.insertDispatch(admin.companyId, {
      createdBy: admin.userId,
      driverName: `Driver ${seed.key}`,
      pickupDate: seed.pickupDate,
      pickupTime: seed.pickupTime ?? "09:00",
      status: seed.status,
      pevoId: seed.pevoId ?? null,
      rateConfirmationId: seed.rateConfirmationId ?? null,
    });
  }
}

async function insertRateConfirmation(
  admin: SignedUpAdmin,
  clientId: string,
  jobNumber: string,
  signatureStatus: "not_sent" | "awaiting_signature" | "signed",
) {
  const [row = missingRow("rateConfirmations")] = await t.db
    .insert(rateConfirmations)
    .values({
      companyId: admin.companyId,
      createdBy: admin.userId,
      clientId,
      jobNumber,
      originAddress: `Origin of ${jobNumber}, Houston, TX`,
      destinationAddress: `Destination of ${jobNumber}, Denver, CO`,
      startDate: TODAY,
      description: "Oversize load escorted across three states",
      signatureStatus,
      // An open request's link is valid for 30 days (an expired one is not pending).
      signatureExpiresAt: signatureStatus === "awaiting_signature" ? new Date(Date.now() + 86_400_000) : null,
    })
    .returning({ id: rateConfirmations.id });
  return row.id;
}

const dashboard = (admin: { cookie: string }, today: string | null = TODAY) =>
  t.request("GET", `/api/dashboard${today === null ? "" : `?today=${encodeURIComponent(today)}`}`, {
    cookie: admin.cookie,
  });

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Dashboard Co A" });
  adminB = await t.signUpAdmin({ companyName: "Dashboard Co B" });
});
afterAll(() => t.close());

describe("GET /api/dashboard", () => {
  test("a new company starts at zero", async () => {
    const fresh = await t.signUpAdmin();
    const res = await dashboard(fresh);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      cards: {
        activeJobs: 0,
        pevos: 0,
        pendingSignatures: 0,
        upcomingJobs: 0,
        uncoveredJobs: 0,
        outstanding: "0.00",
        overdue: "0.00",
      },
      upcomingJobs: [],
      activity: [],
    });
  });

  describe("with data", () => {
    beforeAll(async () => {
      // Company A: the PEVO login's own row (active) + 2 more active + 1 inactive = 3 active PEVOs.
      pevoA = await t.createPevoUser(adminA.companyId, { firstName: "Paula", lastName: "Portal" });
      const pevoRows = await t.db
        .insert(pevos)
        .values([
          { companyId: adminA.companyId, firstName: "Alex", lastName: "Active", status: "active" },
          { companyId: adminA.companyId, firstName: "Blair", lastName: "Busy", status: "active" },
          { companyId: adminA.companyId, firstName: "Ivy", lastName: "Inactive", status: "inactive" },
        ])
        .returning({ id: pevos.id });
      const [alex, blair] = pevoRows.map((r) => r.id);

      const [client = missingRow("clients")] = await t.db
        .insert(clients)
        .values({ companyId: adminA.companyId, name: "Acme Heavy Haul" })
        .returning({ id: clients.id });
      const rc1 = await insertRateConfirmation(adminA, client.id, "RC-20250310-001", "awaiting_signature");
      await insertRateConfirmation(adminA, client.id, "RC-20250310-002", "awaiting_signature");
      const rc3 = await insertRateConfirmation(adminA, client.id, "RC-20250310-003", "signed");
      await insertRateConfirmation(adminA, client.id, "RC-20250310-004", "not_sent");

      await insertDispatches(adminA, [
        {
          key: "a-today-9",
          pickupDate: "2025-03-10",
          pickupTime: "09:00",
          status: "dispatched",
          pevoId: alex,
          rateConfirmationId: rc1,
        },
        { key: "a-last-day", pickupDate: "2025-03-16", pickupTime: "07:30", status: "pending" },
        {
          key: "a-wed",
          pickupDate: "2025-03-12",
          pickupTime: "06:00",
          status: "dispatched",
          pevoId: blair,
          rateConfirmationId: rc3,
        },
        { key: "a-today-8", pickupDate: "2025-03-10", pickupTime: "08:00", status: "pending" },
        { key: "a-day-7", pickupDate: "2025-03-17", status: "dispatched" },
        { key: "a-yesterday", pickupDate: "2025-03-09", status: "completed" },
        { key: "a-last-week", pickupDate: "2025-03-01", status: "dispatched" },
        { key: "a-next-month", pickupDate: "2025-04-10", status: "pending" },
      ]);

      // Invoices: Outstanding and Overdue use the company's real today (not ?today).
      const companyToday = zonedDate(DEFAULT_TIME_ZONE);
      const invoice = (
        n: number,
        dueIn: number,
        status: "sent" | "partially_paid" | "void" | "draft" | "paid",
        total: string,
        amountPaid = "0",
      ) => ({
        companyId: adminA.companyId,
        createdBy: adminA.userId,
        dispatchId: entry(ids, "a-today-9"),
        invoiceNumber: `INV-DASH-${n}`,
        issueDate: addDaysIso(companyToday, -40),
        dueDate: addDaysIso(companyToday, dueIn),
        subtotal: total,
        total,
        status,
        amountPaid,
      });
      await t.db.insert(invoices).values([
        invoice(1, 5, "sent", "100.00"), // outstanding, not yet due
        invoice(2, -10, "partially_paid", "300.00", "50.25"), // 249.75 overdue
        invoice(3, -10, "void", "999.99"), // nothing owed
        invoice(4, -10, "draft", "888.88"), // not sent: nothing owed yet
        invoice(5, -10, "paid", "777.77", "777.77"),
      ]);

      // Company B: data that must never show up in A's numbers.
      const [bPevo = missingRow("pevos")] = await t.db
        .insert(pevos)
        .values({ companyId: adminB.companyId, firstName: "Other", lastName: "Company", status: "active" })
        .returning({ id: pevos.id });
      const [bClient = missingRow("clients")] = await t.db
        .insert(clients)
        .values({ companyId: adminB.companyId, name: "B Client" })
        .returning({ id: clients.id });
      const bRc = await insertRateConfirmation(adminB, bClient.id, "RC-20250310-001", "awaiting_signature");
      await insertDispatches(adminB, [
        {
          key: "b-today",
          pickupDate: "2025-03-10",
          status: "dispatched",
          pevoId: bPevo.id,
          rateConfirmationId: bRc,
        },
        { key: "b-tomorrow", pickupDate: "2025-03-11", status: "pending" },
      ]);
    });

    test("counts the company's active jobs, active PEVOs, pending signatures and this week's jobs", async () => {
      const res = await dashboard(adminA);
      expect(res.status).toBe(200);
      expect(res.body.cards).toEqual({
        activeJobs: 4, // status dispatched, whatever the date
        pevos: 3, // status active
        pendingSignatures: 2, // awaiting_signature
        upcomingJobs: 4, // pickup in [today, today + 7)
        uncoveredJobs: 0, // these rate confirmations have no positions (booking-conflicts.test.ts counts some)
        outstanding: "349.75", // 100.00 + (300.00 - 50.25); void, draft and paid owe nothing
        overdue: "249.75", // the partially paid one, due 10 days ago
      });
    });

    test("lists the upcoming jobs by pickup date and time, with job, client, PEVO and route", async () => {
      const res = await dashboard(adminA);
      expect(res.body.upcomingJobs.map((j: { id: string }) => j.id)).toEqual([
        ids["a-today-8"],
        ids["a-today-9"],
        ids["a-wed"],
        ids["a-last-day"],
      ]);
      expect(res.body.upcomingJobs[1]).toEqual({
        id: ids["a-today-9"],
        jobNumber: "RC-20250310-001",
        client: "Acme Heavy Haul",
        date: "2025-03-10",
        status: "dispatched",
        pevo: "Alex Active",
        origin: "Origin of RC-20250310-001, Houston, TX",
        destination: "Destination of RC-20250310-001, Denver, CO",
      });
      // Without a PEVO or a rate confirmation.
      expect(res.body.upcomingJobs[3]).toMatchObject({
        id: ids["a-last-day"],
        date: "2025-03-16",
        status: "pending",
        pevo: null,
        jobNumber: null,
        client: null,
        origin: null,
        destination: null,
      });
    });

    test("the window follows ?today", async () => {
      const later = await dashboard(adminA, "2025-03-17");
      expect(later.body.cards.upcomingJobs).toBe(1);
      expect(later.body.upcomingJobs.map((j: { id: string }) => j.id)).toEqual([ids["a-day-7"]]);

      const earlier = await dashboard(adminA, "2025-03-03"); // window 03-03 .. 03-09
      expect(earlier.body.cards.upcomingJobs).toBe(1);
      expect(earlier.body.upcomingJobs[0].id).toBe(ids["a-yesterday"]);

      const month = await dashboard(adminA, "2025-04-04"); // window 04-04 .. 04-10
      expect(month.body.upcomingJobs.map((j: { id: string }) => j.id)).toEqual([ids["a-next-month"]]);
      // The other cards do not depend on the day.
      expect(month.body.cards).toMatchObject({ activeJobs: 4, pevos: 3, pendingSignatures: 2 });
    });

    test("another company's data is never counted", async () => {
      const res = await dashboard(adminB);
      expect(res.status).toBe(200);
      expect(res.body.cards).toEqual({
        activeJobs: 1,
        pevos: 1,
        pendingSignatures: 1,
        upcomingJobs: 2,
        uncoveredJobs: 0,
        outstanding: "0.00",
        overdue: "0.00",
      });
      expect(res.body.upcomingJobs.map((j: { id: string }) => j.id)).toEqual([
        ids["b-today"],
        ids["b-tomorrow"],
      ]);
      expect(res.body.upcomingJobs[0]).toMatchObject({ client: "B Client", pevo: "Other Company" });
    });

    test("a PEVO user gets 403", async () => {
      const res = await dashboard(pevoA);
      expect(res.status).toBe(403);
      expect(typeof res.body.error).toBe("string");
      expect(res.body).not.toHaveProperty("cards");
    });
  });

  test("without ?today the server's date is used", async () => {
    const res = await dashboard(adminA, null);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.cards).sort()).toEqual([
      "activeJobs",
      "outstanding",
      "overdue",
      "pendingSignatures",
      "pevos",
      "uncoveredJobs",
      "upcomingJobs",
    ]);
  });

  test.each(["2025-3-10", "yesterday", "2025-02-30", "2025-13-01", "2025-03-10T00:00:00Z", "20250310", ""])(
    "?today=%s answers 400",
    async (today) => {
      const res = await dashboard(adminA, today);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: "today must be a date (YYYY-MM-DD)" });
    },
  );

  test("anonymous callers get 401", async () => {
    const res = await t.request("GET", `/api/dashboard?today=${TODAY}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "You must be logged in to perform this action" });
  });
});

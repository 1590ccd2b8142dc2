/**
 * The admin dashboard after a scripted sequence of changes made through the API (?today fixed).
 * The steps run in order and build on each other.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, dispatchBody, type SignedUpAdmin, type TestApp } from "../../../test/harness";

/** Opening a database and signing up admins is slow on a loaded machine (several PGlite files at once). */
const SETUP_TIMEOUT = 180_000;

const TODAY = "2025-08-04"; // upcoming window: 2025-08-04 .. 2025-08-10
const IN_3_DAYS = "2025-08-07";
const IN_6_DAYS = "2025-08-09";
const IN_10_DAYS = "2025-08-14";

type Cards = { activeJobs: number; pevos: number; pendingSignatures: number; upcomingJobs: number };

let t: TestApp;
let admin: SignedUpAdmin;
let other: SignedUpAdmin;
const ids: Record<string, string> = {};

async function dashboard(who: { cookie: string } = admin) {
  const res = await t.as(who)("GET", `/api/dashboard?today=${TODAY}`);
  expect(res.status).toBe(200);
  return res.body as {
    cards: Cards;
    upcomingJobs: Record<string, unknown>[];
    activity: { type: string; message: string; createdAt: string }[];
  };
}

async function expectCards(expected: Cards, who: { cookie: string } = admin) {
  const body = await dashboard(who);
  // Uncovered positions (DECISIONS 'One dispatch per position') have their own sequence in booking-conflicts.test.ts. This
  // sequence never sends an invoice (a new one is a draft), so nothing is outstanding or overdue;
  // dashboard.test.ts covers those sums.
  const {
    uncoveredJobs: _uncovered,
    outstanding,
    overdue,
    ...cards
  } = body.cards as Cards & {
    uncoveredJobs: number;
    outstanding: string;
    overdue: string;
  };
  expect(cards).toEqual(expected);
  expect({ outstanding, overdue }).toEqual({ outstanding: "0.00", overdue: "0.00" });
  return body;
}

async function post(who: { cookie: string }, path: string, body: unknown) {
  const res = await t.as(who)("POST", path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body;
}

const createRateConfirmation = (who: { cookie: string }, clientId: string, jobNumber: string) =>
  t.createRateConfirmation(who, {
    clientId,
    jobNumber,
    originAddress: "Port of Beaumont, Beaumont, TX",
    destinationAddress: "Substation 7, Odessa, TX",
    startDate: IN_3_DAYS,
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Sequence Escorts" });
  other = await t.signUpAdmin({ companyName: "Other Escorts" });
}, SETUP_TIMEOUT);
afterAll(() => t.close());

describe("dashboard after a scripted sequence of changes", () => {
  test("1. a new company: every card is 0, no upcoming jobs, no activity", async () => {
    const body = await expectCards({ activeJobs: 0, pevos: 0, pendingSignatures: 0, upcomingJobs: 0 });
    expect(body.upcomingJobs).toEqual([]);
    expect(body.activity).toEqual([]);
  });

  test("2. an active and an inactive PEVO: PEVOs 1", async () => {
    ids.activePevo = (
      await t.createPevo(admin, { firstName: "Alex", lastName: "Active", status: "active" })
    ).id;
    ids.inactivePevo = (
      await post(admin, "/api/pevos", { firstName: "Ivy", lastName: "Inactive", status: "inactive" })
    ).id;
    await expectCards({ activeJobs: 0, pevos: 1, pendingSignatures: 0, upcomingJobs: 0 });
  });

  test("3. a dispatched job with pickup in 3 days: Active Jobs 1, Upcoming Jobs 1, listed with its details", async () => {
    ids.client = (await t.createClient(admin, { name: "Gulf Coast Heavy" })).id;
    ids.rc = (await createRateConfirmation(admin, ids.client, "SEQ-001")).id;
    ids.first = (
      await t.createDispatch(admin, {
        rateConfirmationId: ids.rc,
        pevoId: ids.activePevo,
        pickupDate: IN_3_DAYS,
        status: "dispatched",
      })
    ).id;
    const body = await expectCards({ activeJobs: 1, pevos: 1, pendingSignatures: 0, upcomingJobs: 1 });
    expect(body.upcomingJobs).toEqual([
      {
        id: ids.first,
        jobNumber: "SEQ-001",
        client: "Gulf Coast Heavy",
        date: IN_3_DAYS,
        status: "dispatched",
        pevo: "Alex Active",
        origin: "Port of Beaumont, Beaumont, TX",
        destination: "Substation 7, Odessa, TX",
      },
    ]);
    expect(body.activity.map((a) => a.type)).toEqual(["pevo_dispatched", "client_added"]);
    expect(body.activity[0]).toMatchObject({
      type: "pevo_dispatched",
      status: "success",
      pevo: "Alex Active",
      job: "SEQ-001",
      client: "Gulf Coast Heavy",
      message: "Alex Active dispatched on SEQ-001 for Aug 07, 2025",
    });
    expect(body.activity[1]).toMatchObject({
      client: "Gulf Coast Heavy",
      message: "Client Gulf Coast Heavy added",
    });
  });

  test("4. a dispatch 10 days out: Upcoming Jobs stays 1", async () => {
    ids.far = (await t.createDispatch(admin, { rateConfirmationId: ids.rc, pickupDate: IN_10_DAYS })).id;
    const body = await expectCards({ activeJobs: 1, pevos: 1, pendingSignatures: 0, upcomingJobs: 1 });
    expect(body.upcomingJobs.map((j) => j.id)).toEqual([ids.first]);
    // Seen with a later "today", it is upcoming.
    const later = await t.as(admin)("GET", "/api/dashboard?today=2025-08-12");
    expect(later.body.upcomingJobs.map((j: { id: string }) => j.id)).toEqual([ids.far]);
  });

  test("5. a pending job in 6 days without PEVO or rate confirmation: Upcoming Jobs 2, listed with nulls", async () => {
    ids.bare = (await t.createDispatch(admin, { pickupDate: IN_6_DAYS, pickupTime: "05:00" })).id;
    const body = await expectCards({ activeJobs: 1, pevos: 1, pendingSignatures: 0, upcomingJobs: 2 });
    expect(body.upcomingJobs.map((j) => j.id)).toEqual([ids.first, ids.bare]);
    expect(body.upcomingJobs[1]).toEqual({
      id: ids.bare,
      jobNumber: null,
      client: null,
      date: IN_6_DAYS,
      status: "pending",
      pevo: null,
      origin: null,
      destination: null,
    });
  });

  test("6. completing the first dispatch: Active Jobs 0 (still upcoming by date)", async () => {
    const res = await t.as(admin)(
      "PUT",
      `/api/dispatches/${ids.first}`,
      dispatchBody({
        rateConfirmationId: ids.rc,
        pevoId: ids.activePevo,
        pickupDate: IN_3_DAYS,
        status: "completed",
      }),
    );
    expect(res.status).toBe(200);
    const body = await expectCards({ activeJobs: 0, pevos: 1, pendingSignatures: 0, upcomingJobs: 2 });
    expect(body.upcomingJobs[0]).toMatchObject({ id: ids.first, status: "completed" });
    // The PEVO did not change: no second pevo_dispatched event.
    expect(body.activity.map((a) => a.type)).toEqual(["pevo_dispatched", "client_added"]);
  });

  test("7. an invoice for the completed job: invoice_generated is the newest activity", async () => {
    const invoice = await post(admin, "/api/invoices", {
      invoiceNumber: "INV-SEQ-1",
      issueDate: TODAY,
      dueDate: "2025-09-03",
      dispatchId: ids.first,
      clientId: ids.client,
      lineItems: [
        { date: IN_3_DAYS, location: "Port of Beaumont, Beaumont, TX", mileage: "0", charge: "450.00" },
      ],
    });
    expect(invoice.total).toBe("450.00");
    const body = await expectCards({ activeJobs: 0, pevos: 1, pendingSignatures: 0, upcomingJobs: 2 });
    expect(body.activity.map((a) => a.type)).toEqual([
      "invoice_generated",
      "pevo_dispatched",
      "client_added",
    ]);
    expect(body.activity[0]).toMatchObject({
      type: "invoice_generated",
      job: "SEQ-001",
      client: "Gulf Coast Heavy",
      amount: "450.00",
      message: "Invoice INV-SEQ-1 generated for SEQ-001",
    });
    const times = body.activity.map((a) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("8. dispatching the far job and reassigning it: Active Jobs 1, a new pevo_dispatched", async () => {
    const res = await t.as(admin)(
      "PUT",
      `/api/dispatches/${ids.far}`,
      dispatchBody({
        rateConfirmationId: ids.rc,
        pevoId: ids.activePevo,
        pickupDate: IN_10_DAYS,
        status: "dispatched",
      }),
    );
    expect(res.status).toBe(200);
    const body = await expectCards({ activeJobs: 1, pevos: 1, pendingSignatures: 0, upcomingJobs: 2 });
    expect(body.activity.map((a) => a.type)).toEqual([
      "pevo_dispatched",
      "invoice_generated",
      "pevo_dispatched",
      "client_added",
    ]);
    expect(body.activity[0]?.message).toBe("Alex Active dispatched on SEQ-001 for Aug 14, 2025");
  });

  test("9. another company's changes never change these numbers", async () => {
    const before = await dashboard();
    const bPevo = (await t.createPevo(other, { firstName: "Bea", lastName: "Other" })).id;
    await post(other, "/api/pevos", { firstName: "Ben", lastName: "Other" });
    const bClient = (await t.createClient(other, { name: "Other Client" })).id;
    const bRc = (await createRateConfirmation(other, bClient, "SEQ-001")).id;
    const bDispatch = (
      await t.createDispatch(other, {
        rateConfirmationId: bRc,
        pevoId: bPevo,
        pickupDate: IN_3_DAYS,
        status: "dispatched",
      })
    ).id;
    await t.createDispatch(other, { pickupDate: TODAY, status: "dispatched" });
    await post(other, "/api/invoices", {
      invoiceNumber: "INV-SEQ-1",
      issueDate: TODAY,
      dueDate: TODAY,
      dispatchId: bDispatch,
      lineItems: [{ date: TODAY, location: "Elsewhere, TX", charge: "99.00" }],
    });

    const after = await dashboard();
    expect(after).toEqual(before);
    expect(after.cards).toMatchObject({ activeJobs: 1, pevos: 1, pendingSignatures: 0, upcomingJobs: 2 });
    // And the other company sees only its own.
    const theirs = await expectCards(
      { activeJobs: 2, pevos: 2, pendingSignatures: 0, upcomingJobs: 2 },
      other,
    );
    expect(theirs.activity.map((a) => a.type)).toEqual([
      "invoice_generated",
      "pevo_dispatched",
      "client_added",
    ]);
    expect(theirs.upcomingJobs.map((j) => j.id)).not.toContain(ids.first);
  });

  test("10. deactivating the PEVO: PEVOs 0; Pending Signatures stays 0 (nothing here is sent for signature)", async () => {
    const res = await t.as(admin)("PUT", `/api/pevos/${ids.activePevo}`, {
      firstName: "Alex",
      lastName: "Active",
      status: "inactive",
    });
    expect(res.status).toBe(200);
    await expectCards({ activeJobs: 1, pevos: 0, pendingSignatures: 0, upcomingJobs: 2 });
  });

  test("11. deleting the bare dispatch: Upcoming Jobs 1", async () => {
    expect((await t.as(admin)("DELETE", `/api/dispatches/${ids.bare}`)).status).toBe(204);
    const body = await expectCards({ activeJobs: 1, pevos: 0, pendingSignatures: 0, upcomingJobs: 1 });
    expect(body.upcomingJobs.map((j) => j.id)).toEqual([ids.first]);
  });
});

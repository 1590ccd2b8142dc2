import { activityEvents, dispatches, missingRow } from "@pevo/db";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type JsonBody as Body,
  createTestApp,
  dispatchBody,
  rateConfirmationBody,
  type SignedUpAdmin,
  type TestApp,
} from "../../../test/harness";

/*
 * The check when a PEVO is assigned (DECISIONS 'Every assignment is checked'): a dispatch (single and batch) and a rate
 * confirmation's positions refuse a PEVO who holds no certificate valid in a route state on the job's
 * dates, unless an admin overrides with a reason (Recent Activity); the picker's marks endpoint.
 */

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let clientA: string;
let casey: string;

const asA = (method: string, path: string, body?: unknown) => t.as(adminA)(method, path, body);
const NOT_QUALIFIED = "Casey Whitfield is not qualified for this route";

/** A PEVO with a licence, auto liability insurance and the given certificates (office-added: approved). */
async function qualifiedPevo(firstName: string, lastName: string, states: string[], admin = adminA) {
  const as = t.as(admin);
  const id = (await as("POST", "/api/pevos", { firstName, lastName, certificationExpiry: "2029-01-31" })).body
    .id as string;
  await as("POST", `/api/pevos/${id}/credentials/insurance`, {
    type: "auto_liability",
    carrier: "Acme Mutual",
    policyNumber: "AL-77",
    coverageAmount: "1000000",
    expiresOn: "2028-03-31",
  });
  for (const state of states) {
    const res = await as("POST", `/api/pevos/${id}/credentials/certifications`, {
      state,
      certificateNumber: `${state}-1001`,
      issuedOn: "2025-01-10",
      expiresOn: "2028-06-30",
    });
    expect(res.status).toBe(201);
  }
  return id;
}

/** A saved job through `routeStates`, June 10–14, 2026, no PEVO on its position. */
async function job(routeStates: string[], more: Body = {}) {
  return t.createRateConfirmation(adminA, {
    clientId: clientA,
    startDate: "2026-06-10",
    endDate: "2026-06-14",
    loadDetails: { routeStates },
    ...more,
  });
}

async function overrides(pevoId: string) {
  return t.db
    .select({ message: activityEvents.message, actorId: activityEvents.actorId, job: activityEvents.job })
    .from(activityEvents)
    .where(and(eq(activityEvents.type, "qualification_override"), eq(activityEvents.pevoId, pevoId)));
}

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Alpha Escorts" });
  adminB = await t.signUpAdmin({ companyName: "Bravo Escorts" });
  clientA = (await t.createClient(adminA, { name: "Acme Hauling" })).id;
  casey = await qualifiedPevo("Casey", "Whitfield", ["WA"]);
});
afterAll(() => t.close());

describe("a dispatch's PEVO", () => {
  test("a WA certificate on a route through NY: 400 with the reason on pevoId; nothing saved", async () => {
    const rc = await job(["PA", "NY"], { jobNumber: "Q-NY-1" });
    const res = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ rateConfirmationId: rc.id, pevoId: casey, pickupDate: "2026-06-10" }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.pevoId).toBe(
      `${NOT_QUALIFIED}: no certificate accepted in NY: it accepts only its own; held: WA`,
    );
    expect(res.body.notQualified).toEqual([
      { pevoId: casey, pevoName: "Casey Whitfield", reasons: [expect.stringContaining("NY")] },
    ]);
    const [n = missingRow("dispatches")] = await t.db
      .select({ n: count() })
      .from(dispatches)
      .where(eq(dispatches.rateConfirmationId, rc.id));
    expect(n.n).toBe(0);
  });

  test("an admin's override with a reason saves it and records who, the job and the reason", async () => {
    const rc = await job(["NY"], { jobNumber: "Q-NY-2" });
    const body = dispatchBody({ rateConfirmationId: rc.id, pevoId: casey, pickupDate: "2026-06-11" });
    const empty = await asA("POST", "/api/dispatches", { ...body, qualificationOverride: { reason: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.body.fields["qualificationOverride.reason"]).toBe("Enter the reason for assigning anyway");
    const long = await asA("POST", "/api/dispatches", {
      ...body,
      qualificationOverride: { reason: "x".repeat(301) },
    });
    expect(long.status).toBe(400);
    expect(long.body.fields["qualificationOverride.reason"]).toMatch(/Reason/);

    const res = await asA("POST", "/api/dispatches", {
      ...body,
      qualificationOverride: { reason: "NY certificate renewal in the mail, DOT confirmed by phone" },
    });
    expect(res.status).toBe(201);
    expect(res.body.pevoId).toBe(casey);
    expect(res.body).not.toHaveProperty("qualificationOverride");
    const events = await overrides(casey);
    const event = events.find((e) => e.job === "Q-NY-2");
    expect(event?.actorId).toBe(adminA.userId);
    expect(event?.message).toContain("Casey Whitfield assigned to Q-NY-2 without qualification");
    expect(event?.message).toContain("Reason: NY certificate renewal in the mail, DOT confirmed by phone");

    // Saving it again with the same PEVO, date and job does not ask again (like double booking).
    const again = await asA("PUT", `/api/dispatches/${res.body.id}`, { ...body, notes: "Bring flags" });
    expect(again.status).toBe(200);
    // Another pickup date asks again.
    const moved = await asA("PUT", `/api/dispatches/${res.body.id}`, { ...body, pickupDate: "2026-06-12" });
    expect(moved.status).toBe(400);
    expect(moved.body.fields.pevoId).toContain(NOT_QUALIFIED);
  });

  test("a qualified PEVO passes: WA certificate on a route through AZ and WA", async () => {
    const rc = await job(["AZ", "WA"]);
    const res = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({
        rateConfirmationId: rc.id,
        pevoId: casey,
        pickupDate: "2026-06-10",
        allowConflict: true,
      }),
    );
    expect(res.status).toBe(201);
  });

  test("no certification state on the route: insurance and licence are still checked", async () => {
    const bare = (await asA("POST", "/api/pevos", { firstName: "Bare", lastName: "Roster" })).body.id;
    const rc = await job(["NM", "CA"]);
    const body = dispatchBody({ rateConfirmationId: rc.id, pevoId: bare, pickupDate: "2026-06-10" });
    const refused = await asA("POST", "/api/dispatches", body);
    expect(refused.status).toBe(400);
    expect(refused.body.fields.pevoId).toBe(
      "Bare Roster is not qualified for this route: no auto liability insurance on file; no driver's licence expiry on file",
    );
    // No route at all: the same.
    const noRoute = await job([]);
    const bareNoRoute = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ rateConfirmationId: noRoute.id, pevoId: bare, pickupDate: "2026-06-10" }),
    );
    expect(bareNoRoute.status).toBe(400);
    // Insured and licensed: passes with no certificate at all.
    const insured = await qualifiedPevo("Ina", "Sured", []);
    const res = await asA("POST", "/api/dispatches", { ...body, pevoId: insured });
    expect(res.status).toBe(201);
  });

  test("a licence the PEVO changed counts only once the office approves it", async () => {
    const lee = await t.createPevoUser(adminA.companyId, { firstName: "Lee", lastName: "Licence" });
    const rc = await job(["NM"]);
    const assign = () =>
      asA(
        "POST",
        "/api/dispatches",
        dispatchBody({
          rateConfirmationId: rc.id,
          pevoId: lee.pevoId,
          pickupDate: "2026-06-10",
          allowConflict: true,
        }),
      );
    expect((await assign()).status).toBe(201);
    const changed = await t.as(lee)("PUT", "/api/portal/profile", {
      firstName: "Lee",
      lastName: "Licence",
      licenseNumber: "NM-4411",
      certificationExpiry: "2031-05-31",
    });
    expect(changed.status).toBe(200);
    const pending = await assign();
    expect(pending.status).toBe(400);
    expect(pending.body.fields.pevoId).toBe(
      "Lee Licence is not qualified for this route: driver's licence is waiting for the office's approval",
    );
    expect(
      (await asA("POST", `/api/pevos/${lee.pevoId}/credentials/licence/review`, { decision: "approved" }))
        .status,
    ).toBe(200);
    expect((await assign()).status).toBe(201);
  });

  test("a certificate that expires mid-job is refused as expired", async () => {
    const short = await qualifiedPevo("Shay", "Short", []);
    await asA("POST", `/api/pevos/${short}/credentials/certifications`, {
      state: "UT",
      certificateNumber: "UT-9",
      issuedOn: "2025-01-10",
      expiresOn: "2026-06-12",
    });
    const rc = await job(["UT"]);
    const res = await asA(
      "POST",
      "/api/dispatches",
      dispatchBody({ rateConfirmationId: rc.id, pevoId: short, pickupDate: "2026-06-10" }),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields.pevoId).toBe(
      "Shay Short is not qualified for this route: UT certificate expires Jun 12, 2026, before the job ends on Jun 14, 2026",
    );
  });

  test("'Create Dispatch' per position: the field error on the position's PEVO; the override saves all", async () => {
    const other = await qualifiedPevo("Nora", "York", ["NY"]);
    const rc = await job(["NY"], {
      jobNumber: "Q-BATCH",
      positions: [{ positionType: "lead_car" }, { positionType: "chase_car" }],
    });
    const body = {
      rateConfirmationId: rc.id,
      driverName: "Dale Trucker",
      driverPhone: "(555) 123-4567",
      pickupTime: "08:00",
      allowConflict: true,
      positions: [
        { positionType: "lead_car", pevoId: other, pickupDate: "2026-06-10" },
        { positionType: "chase_car", pevoId: casey, pickupDate: "2026-06-10" },
      ],
    };
    const res = await asA("POST", "/api/dispatches/batch", body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(["positions.1.pevoId"]);
    expect(res.body.fields["positions.1.pevoId"]).toContain(NOT_QUALIFIED);
    const ok = await asA("POST", "/api/dispatches/batch", {
      ...body,
      qualificationOverride: { reason: "Permit office agreed" },
    });
    expect(ok.status).toBe(201);
    expect((await overrides(casey)).some((e) => e.job === "Q-BATCH")).toBe(true);
    expect(await overrides(other)).toEqual([]);
  });
});

describe("a rate confirmation's positions", () => {
  test("refused on the position's PEVO; the override saves and is recorded; an unchanged save does not ask again", async () => {
    const body = rateConfirmationBody({
      clientId: clientA,
      jobNumber: "Q-RC-1",
      startDate: "2026-07-01",
      endDate: "2026-07-02",
      loadDetails: { routeStates: ["NY"] },
      positions: [{ positionType: "lead_car", pevoId: casey }],
      allowConflict: true,
    });
    const res = await asA("POST", "/api/rate-confirmations", body);
    expect(res.status).toBe(400);
    expect(res.body.fields["positions.0.pevoId"]).toBe(
      `${NOT_QUALIFIED}: no certificate accepted in NY: it accepts only its own; held: WA`,
    );
    const ok = await asA("POST", "/api/rate-confirmations", {
      ...body,
      qualificationOverride: { reason: "Client's own escort covers NY" },
    });
    expect(ok.status).toBe(201);
    expect((await overrides(casey)).find((e) => e.job === "Q-RC-1")?.message).toContain(
      "Reason: Client's own escort covers NY",
    );
    const same = await asA("PUT", `/api/rate-confirmations/${ok.body.id}`, {
      ...body,
      additionalTerms: "Net 30",
    });
    expect(same.status).toBe(200);
    // Moving the dates checks the PEVOs again.
    const moved = await asA("PUT", `/api/rate-confirmations/${ok.body.id}`, {
      ...body,
      endDate: "2026-07-03",
    });
    expect(moved.status).toBe(400);
  });

  test("a route through AZ passes with a WA certificate", async () => {
    const res = await asA(
      "POST",
      "/api/rate-confirmations",
      rateConfirmationBody({
        clientId: clientA,
        startDate: "2026-07-01",
        loadDetails: { routeStates: ["AZ"] },
        positions: [{ positionType: "lead_car", pevoId: casey }],
        allowConflict: true,
      }),
    );
    expect(res.status).toBe(201);
  });
});

describe("GET /api/pevos/qualification", () => {
  test("per PEVO and route state, in the order asked, for a saved job", async () => {
    const nora = await qualifiedPevo("Nora", "Yorkshire", ["NY", "PA"]);
    const rc = await job(["PA", "NY"]);
    const res = await asA(
      "GET",
      `/api/pevos/qualification?rateConfirmationId=${rc.id}&pevoIds=${casey},${nora}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      routeStates: ["PA", "NY"],
      from: "2026-06-10",
      to: "2026-06-14",
    });
    expect(res.body.results.map((r: Body) => [r.pevoName, r.qualified])).toEqual([
      ["Casey Whitfield", false],
      ["Nora Yorkshire", true],
    ]);
    expect(res.body.results[0].states).toEqual([
      expect.objectContaining({ state: "PA", status: "valid" }),
      expect.objectContaining({
        state: "NY",
        status: "missing",
        reason: expect.stringContaining("held: WA"),
      }),
    ]);
    // A pickup date after the confirmation's dates widens the job.
    const wide = await asA(
      "GET",
      `/api/pevos/qualification?rateConfirmationId=${rc.id}&pevoIds=${casey}&from=2026-06-20`,
    );
    expect(wide.body.to).toBe("2026-06-20");
  });

  test("the route and dates being edited (no saved job)", async () => {
    const res = await asA(
      "GET",
      `/api/pevos/qualification?routeStates=AZ,NM&from=2026-08-01&pevoIds=${casey}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.to).toBe("2026-08-01");
    expect(res.body.results[0].states.map((s: Body) => [s.state, s.status, s.requiresCertification])).toEqual(
      [
        ["AZ", "valid", true],
        ["NM", "valid", false],
      ],
    );
    // No route yet: insurance and the licence are still checked.
    const bare = (await asA("POST", "/api/pevos", { firstName: "No", lastName: "Papers" })).body.id;
    const none = await asA("GET", `/api/pevos/qualification?from=2026-08-01&pevoIds=${bare}`);
    expect(none.status).toBe(200);
    expect(none.body.routeStates).toEqual([]);
    expect(none.body.results[0]).toMatchObject({
      qualified: false,
      states: [],
      insurance: [{ status: "missing" }],
      licence: { status: "missing" },
    });
  });

  test("bad input is a 400 with the message", async () => {
    const noIds = await asA("GET", "/api/pevos/qualification?routeStates=AZ&from=2026-08-01");
    expect(noIds.status).toBe(400);
    expect(noIds.body.error).toBe("pevoIds must be 1 to 50 ids, comma-separated");
    const tooMany = Array.from({ length: 51 }, () => crypto.randomUUID()).join(",");
    const many = await asA(
      "GET",
      `/api/pevos/qualification?routeStates=AZ&from=2026-08-01&pevoIds=${tooMany}`,
    );
    expect(many.status).toBe(400);
    const noDate = await asA("GET", `/api/pevos/qualification?routeStates=AZ&pevoIds=${casey}`);
    expect(noDate.body.error).toBe("from is required without rateConfirmationId");
    const badState = await asA(
      "GET",
      `/api/pevos/qualification?routeStates=ZZ&from=2026-08-01&pevoIds=${casey}`,
    );
    expect(badState.status).toBe(400);
  });

  test("another company: its PEVOs are left out, its jobs are not found, its assignments refused", async () => {
    const rc = await job(["AZ"]);
    const asB = t.as(adminB);
    const theirs = await asB("GET", `/api/pevos/qualification?rateConfirmationId=${rc.id}&pevoIds=${casey}`);
    expect(theirs.status).toBe(400);
    expect(theirs.body.fields.rateConfirmationId).toBe("Choose a rate confirmation from the list");
    const foreignPevo = await asB(
      "GET",
      `/api/pevos/qualification?routeStates=AZ&from=2026-08-01&pevoIds=${casey}`,
    );
    expect(foreignPevo.status).toBe(200);
    expect(foreignPevo.body.results).toEqual([]);
    // B's own PEVO with B's own certificate is checked against B's data only.
    const bee = await qualifiedPevo("Bea", "Bravo", ["AZ"], adminB);
    const mine = await asB(
      "GET",
      `/api/pevos/qualification?routeStates=AZ&from=2026-08-01&pevoIds=${bee},${casey}`,
    );
    expect(mine.body.results.map((r: Body) => [r.pevoName, r.qualified])).toEqual([["Bea Bravo", true]]);
  });
});

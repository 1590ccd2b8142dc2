/**
 * Credential versions (DECISIONS 'Credential versions'): a PEVO's renewal of an approved credential
 * is a version pending review; the approved one stays in force (the qualification check, "Credentials
 * expiring") until the office approves the new one (it replaces it) or rejects it (the approved one
 * stays); the office is mailed, sees it in "To review", and hears a live event; the history records
 * who submitted and who reviewed.
 */
import type { TInsurance } from "@pevo/shared";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestApp,
  QUALIFIED_UNTIL,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { type Delivered, LiveHub } from "../../lib/live-events";

let t: TestApp;
let hub: LiveHub;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;

beforeAll(async () => {
  t = await createTestApp();
  hub = new LiveHub(t.db);
  await hub.start();
  // Qualified: a licence and approved auto liability insurance (AL-TEST) through QUALIFIED_UNTIL.
  ({ adminA, adminB, pevo1 } = await t.createTwoCompanies());
});
afterAll(async () => {
  await hub?.stop();
  await t?.close();
});

type Insurance = TInsurance;
const own = async () => (await t.as(pevo1)("GET", "/api/portal/credentials")).body;
const approvedInsurance = async (): Promise<Insurance> =>
  (await own()).insurance.find((i: Insurance) => i.type === "auto_liability");
const renewal = (overrides: Record<string, unknown> = {}) => ({
  type: "auto_liability",
  carrier: "Test Mutual",
  policyNumber: "AL-RENEWED",
  coverageAmount: "1000000",
  expiresOn: "2036-12-31",
  ...overrides,
});
/** The qualification check of the picker and of every assignment, for pevo1 on a day: its insurance. */
const insuranceCheck = async (day: string) => {
  const res = await t.as(adminA)(
    "GET",
    `/api/pevos/qualification?pevoIds=${pevo1.pevoId}&routeStates=WA&from=${day}`,
  );
  expect(res.status).toBe(200);
  const [result] = res.body.results;
  return { insurance: result.insurance[0] };
};
const expiringInsurance = async (today: string) =>
  (await t.as(adminA)("GET", `/api/credentials/expiring?today=${today}`)).body.items.filter(
    (i: { pevoId: string; kind: string }) => i.pevoId === pevo1.pevoId && i.kind === "insurance",
  );
const toReview = async (as: SignedUpAdmin = adminA) =>
  (await t.as(as)("GET", "/api/credentials/to-review")).body.items.filter(
    (i: { pevoId: string }) => i.pevoId === pevo1.pevoId,
  );

/** The events company A's office and pevo1 hear while `fn` runs. */
async function heardDuring(fn: () => Promise<unknown>) {
  const office: Delivered[] = [];
  const pevo: Delivered[] = [];
  const subs = [
    hub.subscribe(
      { companyId: adminA.companyId, pevoId: null },
      undefined,
      (e) => office.push(e),
      () => {},
    ),
    hub.subscribe(
      { companyId: adminA.companyId, pevoId: pevo1.pevoId },
      undefined,
      (e) => pevo.push(e),
      () => {},
    ),
  ];
  await fn();
  // Delivery is in order: wait until the office heard the change's event.
  for (let i = 0; i < 200 && !office.some((e) => e.message.kind === "credential.changed"); i++)
    await new Promise((resolve) => setImmediate(resolve));
  for (const s of subs) s.unsubscribe();
  return { office: office.map((e) => e.message), pevo: pevo.map((e) => e.message) };
}

describe("a PEVO's renewal of an approved credential", () => {
  test("keeps the approved version in force until the office approves the new one", async () => {
    const before = await approvedInsurance();
    expect(before).toMatchObject({ policyNumber: "AL-TEST", reviewStatus: "approved", pendingVersion: null });
    expect((await insuranceCheck("2035-06-01")).insurance).toMatchObject({ status: "valid" });

    let renewed: { status: number; body: Record<string, unknown> } = { status: 0, body: {} };
    const heard = await heardDuring(async () => {
      renewed = await t.as(pevo1)("PUT", `/api/portal/credentials/insurance/${before.id}`, renewal());
    });
    expect(renewed.status).toBe(200);
    // The row is still the approved one; the change waits beside it.
    expect(renewed.body).toMatchObject({
      policyNumber: "AL-TEST",
      expiresOn: QUALIFIED_UNTIL,
      reviewStatus: "approved",
      pendingVersion: { policyNumber: "AL-RENEWED", expiresOn: "2036-12-31" },
    });
    expect((await own()).pendingReview).toBe(1);
    expect(heard.office).toContainEqual(
      expect.objectContaining({ kind: "credential.changed", ids: { pevoId: pevo1.pevoId } }),
    );
    expect(heard.pevo.map((m) => m.kind)).toContain("credential.changed");

    // Still dispatchable: the qualification check reads the approved version.
    expect(await insuranceCheck("2035-06-01")).toMatchObject({
      insurance: { status: "valid", expiresOn: QUALIFIED_UNTIL },
    });
    // "Credentials expiring" keeps the approved one.
    expect(await expiringInsurance("2035-12-20")).toEqual([
      expect.objectContaining({ label: "Auto liability insurance", expiresOn: QUALIFIED_UNTIL }),
    ]);
    // The office is told: an email and the "To review" list; another company sees nothing.
    expect(await toReview()).toEqual([
      expect.objectContaining({
        kind: "insurance",
        credentialId: before.id,
        label: "Auto liability insurance",
        change: "update",
        pevoName: "Paula One",
      }),
    ]);
    expect(await toReview(adminB)).toEqual([]);
    const mails = await t.outbox(adminA.email);
    expect(mails.map((m) => m.subject)).toContain(
      "Paula One submitted their auto liability insurance AL-RENEWED for review",
    );

    // Approved: the new version replaces the old one, in force.
    const approved = await heardDuring(() =>
      t.as(adminA)("POST", `/api/pevos/${pevo1.pevoId}/credentials/insurance/${before.id}/review`, {
        decision: "approved",
      }),
    );
    expect(approved.pevo.map((m) => m.kind)).toContain("credential.changed");
    const after = await approvedInsurance();
    expect(after).toMatchObject({
      id: before.id,
      policyNumber: "AL-RENEWED",
      expiresOn: "2036-12-31",
      reviewStatus: "approved",
      pendingVersion: null,
    });
    expect(after.versions[0]).toMatchObject({
      status: "approved",
      submittedBy: "Paula One",
      reviewedBy: adminA.contactPerson,
    });
    expect(await toReview()).toEqual([]);
    expect(await insuranceCheck("2036-06-01")).toMatchObject({
      insurance: { status: "valid", expiresOn: "2036-12-31" },
    });
    expect(await expiringInsurance("2035-12-20")).toEqual([]);
  });

  test("rejected: the approved version stays, the rejection is in the history", async () => {
    const before = await approvedInsurance();
    const sent = await t.as(pevo1)(
      "PUT",
      `/api/portal/credentials/insurance/${before.id}`,
      renewal({ policyNumber: "AL-WRONG", expiresOn: "2037-12-31" }),
    );
    expect(sent.status).toBe(200);
    // A second submission before the review replaces the pending one (one pending version).
    const again = await t.as(pevo1)(
      "PUT",
      `/api/portal/credentials/insurance/${before.id}`,
      renewal({ policyNumber: "AL-WRONG-2", expiresOn: "2037-12-31" }),
    );
    expect(again.body.pendingVersion).toMatchObject({ policyNumber: "AL-WRONG-2" });
    expect(await toReview()).toHaveLength(1);

    const review = await t.as(adminA)(
      "POST",
      `/api/pevos/${pevo1.pevoId}/credentials/insurance/${before.id}/review`,
      { decision: "rejected", note: "Not your policy" },
    );
    expect(review.status).toBe(200);
    const after = await approvedInsurance();
    expect(after).toMatchObject({
      policyNumber: before.policyNumber,
      expiresOn: before.expiresOn,
      reviewStatus: "approved",
      reviewNote: null,
      pendingVersion: null,
    });
    expect(after.versions[0]).toMatchObject({
      status: "rejected",
      reviewNote: "Not your policy",
      reviewedBy: adminA.contactPerson,
    });
    expect(await insuranceCheck("2036-06-01")).toMatchObject({
      insurance: { status: "valid" },
    });
  });

  test("the approved version in force ends when it expires, pending renewal or not", async () => {
    const before = await approvedInsurance();
    await t.as(pevo1)(
      "PUT",
      `/api/portal/credentials/insurance/${before.id}`,
      renewal({ policyNumber: "AL-LATE", expiresOn: "2038-12-31" }),
    );
    expect((await insuranceCheck("2037-01-05")).insurance).toMatchObject({ status: "expired" });
  });
});

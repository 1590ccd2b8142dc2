/**
 * The "Get started" checklist (DECISIONS 'Company set-up and logo'): each tick is asked of the
 * table's owner and counts only the company's own rows; the list closes when every step is done or
 * when it is dismissed, and the set-up stays done once finished.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp } from "../../../test/harness";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;

beforeAll(async () => {
  t = await createTestApp();
  adminA = await t.signUpAdmin({ companyName: "Onboarding Co A" });
  adminB = await t.signUpAdmin({ companyName: "Onboarding Co B" });
}, 180_000);
afterAll(() => t.close());

const onboarding = async (admin: SignedUpAdmin) => {
  const res = await t.as(admin)("GET", "/api/company/onboarding");
  expect(res.status).toBe(200);
  return res.body;
};

describe("the Get started checklist", () => {
  test("a new company starts with the set-up pending and every step unticked", async () => {
    const state = await onboarding(adminA);
    expect(state.setupPending).toBe(true);
    expect(state.checklistOpen).toBe(true);
    expect(state.steps).toEqual({
      client: false,
      pevo: false,
      rateConfirmation: false,
      dispatch: false,
      invoice: false,
    });
  });

  test("a step ticks from the company's own data, never from another company's", async () => {
    await t.createClient(adminA);
    await t.createPevo(adminA, { firstName: "Ona", lastName: "Board", email: "ona@example.com" });
    const a = await onboarding(adminA);
    expect(a.steps).toMatchObject({ client: true, pevo: true, rateConfirmation: false, invoice: false });
    expect(a.checklistOpen).toBe(true);
    const b = await onboarding(adminB);
    expect(b.steps).toMatchObject({ client: false, pevo: false });
  });

  test("finishing the set-up and dismissing the checklist are kept", async () => {
    expect((await t.as(adminB)("POST", "/api/company/onboarding/setup-done")).status).toBe(204);
    expect((await t.as(adminB)("POST", "/api/company/onboarding/dismiss-checklist")).status).toBe(204);
    const b = await onboarding(adminB);
    expect(b.setupPending).toBe(false);
    expect(b.checklistOpen).toBe(false);
    const a = await onboarding(adminA);
    expect(a.setupPending).toBe(true);
    expect(a.checklistOpen).toBe(true);
  });
});

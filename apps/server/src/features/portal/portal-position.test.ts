import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";

/*
 * The PEVO is told their position: the portal's job page names the position the dispatch fills,
 * also when the rate confirmation planned another PEVO (or none) for it; so does the assignment
 * email, with the city the load is picked up in.
 */

let t: TestApp;
let two: Awaited<ReturnType<TestApp["createTwoCompanies"]>>;

beforeAll(async () => {
  t = await createTestApp();
  two = await t.createTwoCompanies();
}, 180_000); // two companies and a database: slow on a busy machine
afterAll(() => t.close());

test("a Lead Car dispatch shows 'Lead Car' on the PEVO's job page and in the assignment email", async () => {
  const { adminA, pevo1, pevo2 } = two;
  // The rate confirmation plans the high pole car for another PEVO and the lead car for nobody.
  const client = await t.createClient(adminA);
  const rc = await t.createRateConfirmation(adminA, {
    clientId: client.id,
    jobNumber: "RC-POSITION-1",
    originAddress: "8800 Jacintoport Blvd, Houston, TX 77015",
    positions: [{ positionType: "lead_car" }, { positionType: "high_pole_car", pevoId: pevo2.pevoId }],
  });
  const lead = await t.createDispatch(adminA, {
    rateConfirmationId: rc.id,
    pevoId: pevo1.pevoId,
    positionType: "lead_car",
    pickupDate: "2025-06-12",
  });
  const [mail] = (await t.outbox(pevo1.email)).filter((m) => m.subject.startsWith("New dispatch:"));
  expect(mail?.subject).toBe("New dispatch: Lead Car, RC-POSITION-1 on Jun 12, 2025");
  expect(mail?.text).toContain("You have been dispatched as Lead Car on job RC-POSITION-1.");
  expect(mail?.text).toContain("Pickup: Jun 12, 2025 at 09:00 CDT in Houston, TX.");
  expect(mail?.html).toContain("as Lead Car on job RC-POSITION-1");
  const res = await t.as(pevo1)("GET", `/api/portal/dispatches/${lead.id}`);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ position: "Lead Car", positionTypes: ["lead_car"] });
});

test("the PEVO's job list, their dashboard and their pickup reminders name the position", async () => {
  const { adminA, pevo1 } = two;
  const client = await t.createClient(adminA);
  const rc = await t.createRateConfirmation(adminA, {
    clientId: client.id,
    jobNumber: "RC-POSITION-2",
    originAddress: "8800 Jacintoport Blvd, Houston, TX 77015",
    positions: [{ positionType: "high_pole_car" }],
  });
  const today = "2026-03-01";
  const d = await t.createDispatch(adminA, {
    rateConfirmationId: rc.id,
    pevoId: pevo1.pevoId,
    positionType: "high_pole_car",
    pickupDate: "2026-03-03",
  });
  const list = await t.as(pevo1)("GET", `/api/portal/dispatches?when=upcoming&today=${today}`);
  expect(list.status).toBe(200);
  expect(list.body.items).toContainEqual(expect.objectContaining({ id: d.id, position: "High Pole Car" }));
  const dashboard = await t.as(pevo1)("GET", `/api/portal/dashboard?today=${today}`);
  expect(dashboard.body.upcomingJobs).toContainEqual(
    expect.objectContaining({ id: d.id, position: "High Pole Car" }),
  );
  // The job's steps know the pickup day: "On my way" before it asks first.
  const life = await t.as(pevo1)("GET", `/api/portal/dispatches/${d.id}/lifecycle`);
  expect(life.status).toBe(200);
  expect(life.body.pickupDate).toBe("2026-03-03");
});

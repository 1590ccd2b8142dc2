import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestAppWithMailOutage,
  type SignedUpAdmin,
  type TestApp,
  uniqueEmail,
} from "../../../test/harness";

// An invited admin's row on the team list says where their invitation email stands (the outbox,
// docs/adr/0012-outbox.md), retried by an admin like any record's email.
let t: TestApp;
let adminA: SignedUpAdmin;
let mailDown = false;

beforeAll(async () => {
  t = await createTestAppWithMailOutage(() => mailDown);
  adminA = await t.signUpAdmin({ companyName: "Team Invite Escorts" });
});
afterAll(() => t.close());

describe("an admin's invitation email on the team list", () => {
  test("an invited admin's row says where the invitation stands; the admin who signed up has none", async () => {
    const email = uniqueEmail("invited-admin");
    mailDown = true;
    const created = await t
      .as(adminA)("POST", "/api/company/team", { name: "Tess Teammate", email })
      .finally(() => {
        mailDown = false;
      });
    expect(created.status).toBe(201);

    const team = await t.as(adminA)("GET", "/api/company/team");
    const row = (id: string) => team.body.items.find((m: { id: string }) => m.id === id);
    expect(row(created.body.id)?.invitationMail).toEqual({
      status: "queued",
      attempts: 1,
      lastError: "SMTP server unreachable",
      jobId: expect.any(String),
    });
    expect(row(adminA.userId)?.invitationMail).toBeNull();

    const retried = await t.as(adminA)(
      "POST",
      `/api/mail/${row(created.body.id)?.invitationMail.jobId}/retry`,
    );
    expect(retried.body).toMatchObject({ status: "sent" });
    const again = await t.as(adminA)("GET", "/api/company/team");
    expect(
      again.body.items.find((m: { id: string }) => m.id === created.body.id)?.invitationMail,
    ).toMatchObject({ status: "sent" });
  });
});

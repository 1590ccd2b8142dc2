import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  createTestAppWithMailOutage,
  type SignedUpAdmin,
  type TestApp,
  uniqueEmail,
} from "../../../test/harness";

// A login's invitation email (auth.ts queues it in the outbox, docs/adr/0012-outbox.md) shows on
// the PEVO's record and roster row and on the team list, and an admin retries it like any record's.
let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let mailDown = false;

beforeAll(async () => {
  t = await createTestAppWithMailOutage(() => mailDown);
  adminA = await t.signUpAdmin({ companyName: "Invite Escorts A" });
  adminB = await t.signUpAdmin({ companyName: "Invite Escorts B" });
});
afterAll(() => t.close());

async function addPevo(email?: string) {
  const res = await t.as(adminA)("POST", "/api/pevos", { firstName: "Ivy", lastName: "Invited", email });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; invitationSent: boolean };
}

describe("a PEVO's invitation email", () => {
  test("a failed invitation reads queued with its try and error, on the PEVO and its roster row; Retry sends it", async () => {
    const email = uniqueEmail("invited-pevo");
    mailDown = true;
    const created = await addPevo(email).finally(() => {
      mailDown = false;
    });
    expect(created.invitationSent).toBe(false);

    const read = await t.as(adminA)("GET", `/api/pevos/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body.invitationMail).toEqual({
      status: "queued",
      attempts: 1,
      lastError: "SMTP server unreachable",
      jobId: expect.any(String),
    });
    const list = await t.as(adminA)("GET", "/api/pevos?q=invited-pevo");
    expect(list.body.items.find((p: { id: string }) => p.id === created.id)?.invitationMail).toEqual(
      read.body.invitationMail,
    );

    // Another company sees neither the PEVO nor its mail.
    expect((await t.as(adminB)("GET", `/api/pevos/${created.id}`)).status).toBe(404);
    const retriedByB = await t.as(adminB)("POST", `/api/mail/${read.body.invitationMail.jobId}/retry`);
    expect(retriedByB.status).toBe(404);

    const retried = await t.as(adminA)("POST", `/api/mail/${read.body.invitationMail.jobId}/retry`);
    expect(retried.status).toBe(200);
    const after = await t.as(adminA)("GET", `/api/pevos/${created.id}`);
    expect(after.body.invitationMail).toMatchObject({
      status: "sent",
      jobId: read.body.invitationMail.jobId,
    });
    expect(await t.outbox(email)).toHaveLength(1);
  });

  test("a sent invitation reads sent; a PEVO without an email has none", async () => {
    const invited = await addPevo(uniqueEmail("sent-invite"));
    expect(invited.invitationSent).toBe(true);
    const read = await t.as(adminA)("GET", `/api/pevos/${invited.id}`);
    expect(read.body.invitationMail).toMatchObject({ status: "sent", attempts: 1, lastError: null });

    const noLogin = await addPevo();
    const plain = await t.as(adminA)("GET", `/api/pevos/${noLogin.id}`);
    expect(plain.body).toMatchObject({ hasLogin: false, invitationMail: null });
  });
});

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

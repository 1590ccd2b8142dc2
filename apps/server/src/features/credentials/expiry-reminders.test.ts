/**
 * Credential expiry emails (DECISIONS 'Credential expiry emails'): the PEVO and every admin get one
 * mail 30, 7 and 0 days before a current credential expires, at 09:00 in the company's time zone,
 * exactly once per credential, expiry date and threshold across re-runs of the scheduler and a
 * restart; nothing for a renewed credential, nothing when the company turns them off; the PEVO's
 * Email Notifications respected; companies never mixed.
 */
import { activityEvents, jobs, pevos } from "@pevo/db";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../../../test/company-id";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";
import { scheduleAllExpiryReminders } from "../../domain/credentials";
import { jobHandlers } from "../../jobs";
import { runDueJobs } from "../../lib/jobs";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;
let pevoB: TestPevo;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA, adminB, pevo1, pevo2, pevoB } = await t.createTwoCompanies({ qualified: false }));
});
afterAll(() => t?.close());

/** A fresh worker each time, as after a restart: the registry holds no state. */
const run = (at: string) =>
  runDueJobs({
    db: t.db,
    handlers: jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage }),
    now: () => new Date(at),
  });
/** The scheduler's pass, as start-up (and each morning's digest run) makes it. */
const pass = (at: string) => scheduleAllExpiryReminders(t.db, new Date(at));

const subjects = async (to: string, about: string) =>
  (await t.outbox(to)).map((m) => m.subject).filter((s) => s.includes(about));

async function addCertification(admin: SignedUpAdmin, pevo: TestPevo, body: Record<string, unknown>) {
  const res = await t.as(admin)("POST", `/api/pevos/${pevo.pevoId}/credentials/certifications`, {
    issuedOn: null,
    documentId: null,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

async function setCompany(admin: SignedUpAdmin, change: Record<string, unknown>) {
  const current = await t.as(admin)("GET", "/api/company");
  const res = await t.as(admin)("PUT", "/api/company", { ...current.body, ...change });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe("credential expiry emails", () => {
  test("30, 7 and 0 days before, to the PEVO and the office, once each across re-runs and a restart", async () => {
    const id = await addCertification(adminA, pevo1, {
      state: "WA",
      certificateNumber: "WA-1001",
      expiresOn: "2027-03-31",
    });
    // Recorded four months ahead: no job yet, the pass makes them when the expiry is 31 days away.
    const keys = async () =>
      t.db
        .select({ key: jobs.key, runAt: jobs.runAt, status: jobs.status })
        .from(jobs)
        .where(like(jobs.key, `credential-reminder:certification:${id}:%`));
    expect(await keys()).toEqual([]);

    await pass("2027-02-28T13:00:00Z");
    await pass("2027-02-28T13:00:00Z");
    // 09:00 in Chicago: CST on Mar 1, CDT (after Mar 14) on Mar 24 and 31.
    expect(
      Object.fromEntries(
        (await keys()).map((k) => [k.key.split(":").slice(-2).join(" "), k.runAt.toISOString()]),
      ),
    ).toEqual({
      "2027-03-31 30": "2027-03-01T15:00:00.000Z",
      "2027-03-31 7": "2027-03-24T14:00:00.000Z",
      "2027-03-31 0": "2027-03-31T14:00:00.000Z",
    });

    await run("2027-03-01T14:59:00Z");
    expect(await subjects(pevo1.email, "WA-1001")).toEqual([]);
    await run("2027-03-01T15:00:00Z");
    // A restart: the start-up pass again, a new worker, the same database.
    await pass("2027-03-01T15:01:00Z");
    await run("2027-03-01T15:02:00Z");
    expect(await subjects(pevo1.email, "WA-1001")).toEqual([
      "Your WA certification WA-1001 expires in 30 days (Mar 31, 2027)",
    ]);
    expect(await subjects(adminA.email, "WA-1001")).toEqual([
      "Paula One's WA certification WA-1001 expires in 30 days (Mar 31, 2027)",
    ]);

    for (const at of ["2027-03-24T14:00:00Z", "2027-03-24T18:00:00Z", "2027-03-31T14:00:00Z"]) {
      await pass(at);
      await run(at);
      await run(at);
    }
    expect(await subjects(pevo1.email, "WA-1001")).toEqual([
      "Your WA certification WA-1001 expires in 30 days (Mar 31, 2027)",
      "Your WA certification WA-1001 expires in 7 days (Mar 31, 2027)",
      "Your WA certification WA-1001 expires today (Mar 31, 2027)",
    ]);
    expect(await subjects(adminA.email, "WA-1001")).toHaveLength(3);
    expect((await keys()).map((k) => k.status)).toEqual(["done", "done", "done"]);
    // Each reminder sent is in the activity log once, written with its mails.
    const reminded = await t.db
      .select({
        message: activityEvents.message,
        status: activityEvents.status,
        pevoId: activityEvents.pevoId,
      })
      .from(activityEvents)
      .where(
        and(eq(activityEvents.type, "credential_expiry_reminded"), like(activityEvents.message, "%WA-1001%")),
      )
      .orderBy(activityEvents.createdAt);
    expect(reminded).toEqual(
      ["in 30 days", "in 7 days", "today"].map((when) => ({
        message: `Expiry reminder: Paula One's WA certification WA-1001 expires ${when} (Mar 31, 2027); emailed to Paula One and 1 admin`,
        status: when === "today" ? "error" : "pending",
        pevoId: pevo1.pevoId,
      })),
    );
    const seen = await t.as(adminA)("GET", "/api/activity?type=credential_expiry_reminded");
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body)).toContain("WA-1001 expires today");

    // What the mails say: what to do, and where.
    const [toPevo] = (await t.outbox(pevo1.email)).filter((m) => m.subject.includes("expires today"));
    expect(toPevo?.text).toContain("Hello Paula One,");
    expect(toPevo?.text).toContain("upload the new one in your portal");
    expect(toPevo?.text).toContain(`${t.config.appUrl}/pevo/profile`);
    const [toOffice] = (await t.outbox(adminA.email)).filter((m) =>
      m.subject.includes("WA-1001 expires today"),
    );
    expect(toOffice?.text).toContain("make sure Paula One renews it");
    expect(toOffice?.text).toContain(`${t.config.appUrl}/pevos/edit/${pevo1.pevoId}`);
    // Company B's office hears nothing of company A's PEVOs.
    expect(await subjects(adminB.email, "WA-1001")).toEqual([]);
  });

  test("the 0-day email goes on the expiry day in the company's time zone; companies are not mixed", async () => {
    // Auckland is UTC+13 in February: its Feb 10, 09:00 is Feb 9, 20:00 UTC.
    await setCompany(adminB, { timeZone: "Pacific/Auckland" });
    await addCertification(adminB, pevoB, {
      state: "OR",
      certificateNumber: "OR-77",
      expiresOn: "2027-02-10",
    });
    await pass("2027-02-09T12:00:00Z");
    await run("2027-02-09T19:59:00Z");
    expect(await subjects(pevoB.email, "OR-77")).toEqual([]);
    await run("2027-02-09T20:00:00Z");
    expect(await subjects(pevoB.email, "OR-77")).toEqual([
      "Your OR certification OR-77 expires today (Feb 10, 2027)",
    ]);
    expect(await subjects(adminB.email, "OR-77")).toEqual([
      "Bo Bravo's OR certification OR-77 expires today (Feb 10, 2027)",
    ]);
    expect(await subjects(adminA.email, "OR-77")).toEqual([]);
    expect(await subjects(pevo1.email, "OR-77")).toEqual([]);
  });

  test("a credential renewed before its reminder runs sends nothing; the renewal gets its own", async () => {
    const old = await addCertification(adminA, pevo2, {
      state: "KS",
      certificateNumber: "KS-OLD",
      expiresOn: "2027-05-31",
    });
    await pass("2027-05-01T12:00:00Z");
    // Renewed in place (a new expiry on the same record) and a second state renewed by a new record.
    const res = await t.as(adminA)("PUT", `/api/pevos/${pevo2.pevoId}/credentials/certifications/${old}`, {
      state: "KS",
      certificateNumber: "KS-NEW",
      issuedOn: null,
      expiresOn: "2028-05-31",
      documentId: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await addCertification(adminA, pevo2, {
      state: "NE",
      certificateNumber: "NE-OLD",
      expiresOn: "2027-05-31",
    });
    await pass("2027-05-01T12:00:00Z");
    await addCertification(adminA, pevo2, {
      state: "NE",
      certificateNumber: "NE-NEW",
      expiresOn: "2029-05-31",
    });
    await run("2027-05-01T15:00:00Z");
    expect(await subjects(pevo2.email, "NE-OLD")).toEqual([]);
    expect(await subjects(pevo2.email, "KS-")).toEqual([]);
    expect(await subjects(adminA.email, "Peter Two")).toEqual([]);
    // A year later the renewed expiry has reminders of its own.
    await pass("2028-05-01T12:00:00Z");
    await run("2028-05-01T14:00:00Z");
    expect(await subjects(pevo2.email, "KS-NEW")).toEqual([
      "Your KS certification KS-NEW expires in 30 days (May 31, 2028)",
    ]);
  });

  test("the driver's licence is reminded too; the PEVO's Email Notifications off stops only the PEVO's mail", async () => {
    await t.db
      .update(pevos)
      .set({ certificationExpiry: "2027-08-09", licenseNumber: "DL-555" })
      .where(and(eq(pevos.companyId, asCompanyId(adminA.companyId)), eq(pevos.id, pevo1.pevoId)));
    await pass("2027-07-09T12:00:00Z");
    await run("2027-07-10T14:00:00Z");
    expect(await subjects(pevo1.email, "driver's licence")).toEqual([
      "Your driver's licence DL-555 expires in 30 days (Aug 09, 2027)",
    ]);

    const off = await t.as(pevo1)("PUT", "/api/me/settings", {
      emailNotifications: false,
      dispatchAlerts: true,
      pickupReminders: true,
      darkMode: false,
      locationServices: false,
    });
    expect(off.status).toBe(200);
    await pass("2027-08-02T12:00:00Z");
    await run("2027-08-02T14:00:00Z");
    expect(await subjects(pevo1.email, "driver's licence")).toHaveLength(1);
    expect(await subjects(adminA.email, "driver's licence")).toEqual([
      "Paula One's driver's licence DL-555 expires in 30 days (Aug 09, 2027)",
      "Paula One's driver's licence DL-555 expires in 7 days (Aug 09, 2027)",
    ]);
  });

  test("the company's setting off: nothing is sent, neither the reminders nor the digest", async () => {
    const saved = await setCompany(adminA, { credentialExpiryEmails: false });
    expect(saved.credentialExpiryEmails).toBe(false);
    await addCertification(adminA, pevo2, {
      state: "IA",
      certificateNumber: "IA-9",
      expiresOn: "2027-10-31",
    });
    const before = (await t.outbox(adminA.email)).length;
    await pass("2027-10-01T12:00:00Z");
    await run("2027-10-01T14:00:00Z");
    await run("2027-10-24T14:00:00Z");
    expect(await subjects(pevo2.email, "IA-9")).toEqual([]);
    expect((await t.outbox(adminA.email)).length).toBe(before);
    // On again: what was skipped stays skipped, the next threshold goes.
    await setCompany(adminA, { credentialExpiryEmails: true });
    await pass("2027-10-31T12:00:00Z");
    await run("2027-10-31T14:00:00Z");
    expect(await subjects(pevo2.email, "IA-9")).toEqual([
      "Your IA certification IA-9 expires today (Oct 31, 2027)",
    ]);
  });

  test("the setting is the company's: only an admin reads and changes it, and it must be on or off", async () => {
    const current = await t.as(adminA)("GET", "/api/company");
    expect(current.body.credentialExpiryEmails).toBe(true);
    const bad = await t.as(adminA)("PUT", "/api/company", { ...current.body, credentialExpiryEmails: "no" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.credentialExpiryEmails).toBe("Credential expiry emails must be on or off");
    const asPevo = await t.as(pevo1)("PUT", "/api/company", {
      ...current.body,
      credentialExpiryEmails: false,
    });
    expect(asPevo.status).toBe(403);
    expect((await t.as(adminB)("GET", "/api/company")).body.name).toBe("Bravo Escorts");
    expect((await t.as(adminA)("GET", "/api/company")).body.credentialExpiryEmails).toBe(true);
  });
});

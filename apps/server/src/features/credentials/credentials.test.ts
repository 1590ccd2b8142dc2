/**
 * PEVO credentials (DECISIONS 'Credentials'): the office's CRUD, the PEVO's own changes waiting for review, the
 * review (approve / reject with a note, activity events), tenant and cross-PEVO isolation, attached
 * documents, the expiring query, the admins' daily digest (once per day, for every company from its
 * signup), and what the qualification check loads. The expiry reminders: expiry-reminders.test.ts.
 */
import { activityEvents, jobs, missingRow } from "@pevo/db";
import { EQUIPMENT_ITEMS } from "@pevo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { asCompanyId } from "../../../test/company-id";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";
import { CREDENTIALS_DIGEST, nextDigestInstant } from "../../domain/credentials";
import { loadCredentialsForCheck } from "../../domain/credentials/credentials-for-check";
import { jobHandlers } from "../../jobs";
import { runDueJobs } from "../../lib/jobs";

let t: TestApp;
let adminA: SignedUpAdmin;
let adminB: SignedUpAdmin;
let pevo1: TestPevo;
let pevo2: TestPevo;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const upload = () => {
  const body = new FormData();
  body.set("file", new File([PNG], "card.png", { type: "image/png" }));
  body.set("category", "certificate");
  return body;
};

const cert = (overrides: Record<string, unknown> = {}) => ({
  state: "WA",
  certificateNumber: "WA-1001",
  issuedOn: "2025-01-10",
  expiresOn: "2027-06-30",
  ...overrides,
});
const policy = (overrides: Record<string, unknown> = {}) => ({
  type: "auto_liability",
  carrier: "Acme Mutual",
  policyNumber: "AL-77",
  coverageAmount: "1000000",
  expiresOn: "2027-03-31",
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  // No credentials to start with: this file adds them.
  ({ adminA, adminB, pevo1, pevo2 } = await t.createTwoCompanies({ qualified: false }));
});
afterAll(() => t?.close());

const office = (path = "") => `/api/pevos/${pevo1.pevoId}/credentials${path}`;

describe("the office", () => {
  test("adds, reads, updates and deletes certifications and insurance; saves the vehicle", async () => {
    const as = t.as(adminA);
    const empty = await as("GET", office());
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ certifications: [], insurance: [], vehicle: null, pendingReview: 0 });

    const created = await as("POST", office("/certifications"), cert());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ state: "WA", expiresOn: "2027-06-30", reviewStatus: "approved" });

    const ins = await as("POST", office("/insurance"), policy());
    expect(ins.status).toBe(201);
    expect(ins.body).toMatchObject({
      coverageAmount: "1000000.00",
      type: "auto_liability",
      reviewStatus: "approved",
    });

    const updated = await as(
      "PUT",
      office(`/certifications/${created.body.id}`),
      cert({ expiresOn: "2027-07-31" }),
    );
    expect(updated.status).toBe(200);
    expect(updated.body.expiresOn).toBe("2027-07-31");

    const vehicle = await as("PUT", office("/vehicle"), {
      year: 2021,
      make: "Ford",
      model: "F-150",
      plate: "ABC123",
      plateState: "TX",
      equipment: { height_pole: { has: true, detail: "16 ft 6 in" }, flags: { has: true } },
    });
    expect(vehicle.status).toBe(200);
    expect(Object.keys(vehicle.body.equipment)).toEqual(EQUIPMENT_ITEMS.map((i) => i.key));
    expect(vehicle.body.equipment.height_pole).toEqual({ has: true, detail: "16 ft 6 in" });
    expect(vehicle.body.equipment.triangles).toEqual({ has: false, detail: null });

    const all = await as("GET", office());
    expect(all.body.certifications).toHaveLength(1);
    expect(all.body.insurance).toHaveLength(1);
    expect(all.body.vehicle.make).toBe("Ford");

    expect((await as("DELETE", office(`/insurance/${ins.body.id}`))).status).toBe(204);
    expect((await as("DELETE", office(`/insurance/${ins.body.id}`))).status).toBe(404);
    expect((await as("GET", office())).body.insurance).toHaveLength(0);
  });

  test("bad input is a 400 with field messages", async () => {
    const as = t.as(adminA);
    const bad = await as("POST", office("/certifications"), {
      state: "ZZ",
      certificateNumber: "",
      issuedOn: "2027-01-01",
      expiresOn: "2026-02-30",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(
      expect.arrayContaining(["state", "certificateNumber", "expiresOn"]),
    );
    const order = await as("POST", office("/certifications"), cert({ issuedOn: "2027-08-01" }));
    expect(order.status).toBe(400);
    expect(order.body.fields.expiresOn).toMatch(/on or after the issue date/);
    const money = await as("POST", office("/insurance"), policy({ coverageAmount: "999999999999" }));
    expect(money.status).toBe(400);
    expect(money.body.fields.coverageAmount).toBeTruthy();
    const long = await as("POST", office("/insurance"), policy({ carrier: "x".repeat(101) }));
    expect(long.status).toBe(400);
    const year = await as("PUT", office("/vehicle"), { year: 1800 });
    expect(year.status).toBe(400);
    expect(year.body.fields.year).toBe("Enter a valid year");
  });

  test("a document must be one of the PEVO's own", async () => {
    const mine = await t.as(adminA)("POST", `/api/pevos/${pevo1.pevoId}/documents`, upload());
    const other = await t.as(adminA)("POST", `/api/pevos/${pevo2.pevoId}/documents`, upload());
    expect(mine.status).toBe(201);
    const ok = await t.as(adminA)(
      "POST",
      office("/certifications"),
      cert({ state: "CO", documentId: mine.body.id }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.document).toMatchObject({ id: mine.body.id, fileName: "card.png" });
    const wrong = await t.as(adminA)("POST", office("/certifications"), cert({ documentId: other.body.id }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.documentId).toBe("Choose one of this PEVO's documents");
    // Deleting the document detaches it; the certification stays.
    expect((await t.as(adminA)("DELETE", `/api/documents/${mine.body.id}`)).status).toBe(204);
    const after = await t.as(adminA)("GET", office());
    expect(after.body.certifications.find((c: { id: string }) => c.id === ok.body.id).document).toBeNull();
  });

  test("another company's admin gets 404 for every route; a PEVO gets 403", async () => {
    const created = await t.as(adminA)("POST", office("/certifications"), cert({ state: "TX" }));
    const id = created.body.id;
    for (const [method, path, body] of [
      ["GET", office(), undefined],
      ["POST", office("/certifications"), cert()],
      ["PUT", office(`/certifications/${id}`), cert()],
      ["DELETE", office(`/certifications/${id}`), undefined],
      ["PUT", office("/vehicle"), {}],
      ["POST", office(`/certifications/${id}/review`), { decision: "approved" }],
      ["POST", office("/licence/review"), { decision: "approved" }],
    ] as const) {
      expect((await t.as(adminB)(method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await t.as(pevo1)(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    // B's own PEVO with A's certification id: still 404.
    const pevoB = (await t.as(adminB)("POST", "/api/pevos", { firstName: "Bee", lastName: "Bravo" })).body;
    const cross = await t.as(adminB)(
      "PUT",
      `/api/pevos/${pevoB.id}/credentials/certifications/${id}`,
      cert(),
    );
    expect(cross.status).toBe(404);
    expect(
      (await t.as(adminA)("GET", office())).body.certifications.some((c: { id: string }) => c.id === id),
    ).toBe(true);
  });
});

describe("the PEVO's own credentials and the review", () => {
  test("a PEVO's change is pending; the office approves or rejects it with a note", async () => {
    const mine = t.as(pevo1);
    const doc = await mine("POST", "/api/portal/documents", upload());
    expect(doc.status).toBe(201);
    const added = await mine(
      "POST",
      "/api/portal/credentials/certifications",
      cert({ state: "AZ", documentId: doc.body.id }),
    );
    expect(added.status).toBe(201);
    expect(added.body.reviewStatus).toBe("pending");
    const own = await mine("GET", "/api/portal/credentials");
    expect(own.status).toBe(200);
    expect(own.body.pevoId).toBe(pevo1.pevoId);
    expect(own.body.pendingReview).toBeGreaterThanOrEqual(1);

    const [submitted = missingRow("activityEvents")] = await t.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.type, "credential_submitted"), eq(activityEvents.pevoId, pevo1.pevoId)));
    expect(submitted.message).toMatch(/AZ certification .*pending review/);

    const review = (decision: string, note?: string) =>
      t.as(adminA)("POST", office(`/certifications/${added.body.id}/review`), { decision, note });
    const noNote = await review("rejected");
    expect(noNote.status).toBe(400);
    expect(noNote.body.fields.note).toBe("Say why it is rejected");
    const rejected = await review("rejected", "The card photo is blurred");
    expect(rejected.status).toBe(200);
    const seen = (await mine("GET", "/api/portal/credentials")).body.certifications.find(
      (c: { id: string }) => c.id === added.body.id,
    );
    expect(seen).toMatchObject({ reviewStatus: "rejected", reviewNote: "The card photo is blurred" });

    // The PEVO fixes it: pending again, the note cleared; then approved.
    const fixed = await mine(
      "PUT",
      `/api/portal/credentials/certifications/${added.body.id}`,
      cert({ state: "AZ" }),
    );
    expect(fixed.body).toMatchObject({ reviewStatus: "pending", reviewNote: null });
    expect(
      (await review("approved")).body.certifications.find((c: { id: string }) => c.id === added.body.id),
    ).toMatchObject({ reviewStatus: "approved" });
    const types = (
      await t.db
        .select({ type: activityEvents.type })
        .from(activityEvents)
        .where(eq(activityEvents.pevoId, pevo1.pevoId))
    ).map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(["credential_approved", "credential_rejected"]));

    const vehicle = await mine("PUT", "/api/portal/credentials/vehicle", { make: "Chevy", equipment: {} });
    expect(vehicle.status).toBe(200);
    // The office saved this vehicle before: it stays approved, the PEVO's change waits as a version.
    expect(vehicle.body).toMatchObject({ reviewStatus: "approved", pendingVersion: { make: "Chevy" } });
    const vReview = await t.as(adminA)("POST", office(`/vehicle/${vehicle.body.id}/review`), {
      decision: "approved",
    });
    expect(vReview.status).toBe(200);
    expect(vReview.body.vehicle).toMatchObject({
      reviewStatus: "approved",
      make: "Chevy",
      pendingVersion: null,
    });
  });

  test("a PEVO's licence change is pending until the office reviews it; the office's own is approved", async () => {
    const lena = await t.createPevoUser(adminA.companyId, { firstName: "Lena", lastName: "Lic" });
    const path = `/api/pevos/${lena.pevoId}/credentials`;
    const before = (await t.as(adminA)("GET", path)).body;
    expect(before).toMatchObject({ licenceReviewStatus: "approved", pendingReview: 0 });

    const profile = { firstName: "Lena", lastName: "Lic", phone: "" };
    // Saving the profile without touching the licence leaves it approved.
    const same = await t.as(lena)("PUT", "/api/portal/profile", {
      ...profile,
      licenseNumber: "",
      certificationExpiry: before.licenceExpiresOn,
    });
    expect(same.body.licenceReviewStatus).toBe("approved");
    const changed = await t.as(lena)("PUT", "/api/portal/profile", {
      ...profile,
      licenseNumber: "WA-LIC-22",
      certificationExpiry: "2031-04-30",
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ licenseNumber: "WA-LIC-22", licenceReviewStatus: "pending" });
    const pending = (await t.as(adminA)("GET", path)).body;
    expect(pending).toMatchObject({
      licenseNumber: "WA-LIC-22",
      licenceExpiresOn: "2031-04-30",
      licenceReviewStatus: "pending",
      pendingReview: 1,
    });
    const [submitted = missingRow("activityEvents")] = await t.db
      .select({ message: activityEvents.message })
      .from(activityEvents)
      .where(and(eq(activityEvents.type, "credential_submitted"), eq(activityEvents.pevoId, lena.pevoId)));
    expect(submitted.message).toBe("Lena Lic updated their driver's licence (pending review)");

    // The PEVO cannot review it; another company cannot reach it; no note, no rejection.
    const review = `${path}/licence/review`;
    expect((await t.as(lena)("POST", review, { decision: "approved" })).status).toBe(403);
    expect((await t.as(adminB)("POST", review, { decision: "approved" })).status).toBe(404);
    const noNote = await t.as(adminA)("POST", review, { decision: "rejected" });
    expect(noNote.status).toBe(400);
    expect(noNote.body.fields.note).toBe("Say why it is rejected");
    const rejected = await t.as(adminA)("POST", review, {
      decision: "rejected",
      note: "Expiry does not match",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      licenceReviewStatus: "rejected",
      licenceReviewNote: "Expiry does not match",
      pendingReview: 0,
    });
    expect((await t.as(lena)("GET", "/api/portal/credentials")).body).toMatchObject({
      licenceReviewStatus: "rejected",
      licenceReviewNote: "Expiry does not match",
    });

    // The office corrects the licence in the PEVO form: approved at once.
    const pevo = (await t.as(adminA)("GET", `/api/pevos/${lena.pevoId}`)).body;
    const put = await t.as(adminA)("PUT", `/api/pevos/${lena.pevoId}`, {
      ...pevo,
      certificationExpiry: "2031-05-31",
    });
    expect(put.status).toBe(200);
    expect((await t.as(adminA)("GET", path)).body).toMatchObject({
      licenceExpiresOn: "2031-05-31",
      licenceReviewStatus: "approved",
      licenceReviewNote: null,
    });
    const types = (
      await t.db
        .select({ type: activityEvents.type, message: activityEvents.message })
        .from(activityEvents)
        .where(and(eq(activityEvents.pevoId, lena.pevoId), eq(activityEvents.type, "credential_rejected")))
    ).map((r) => r.message);
    expect(types).toEqual(["Driver's licence of Lena Lic rejected: Expiry does not match"]);
  });

  test("a PEVO reaches only their own: a coworker's ids are 404 and change nothing", async () => {
    const coworker = await t.as(pevo2)("POST", "/api/portal/credentials/insurance", policy());
    expect(coworker.status).toBe(201);
    const id = coworker.body.id;
    expect(
      (await t.as(pevo1)("PUT", `/api/portal/credentials/insurance/${id}`, policy({ carrier: "Hijack" })))
        .status,
    ).toBe(404);
    expect((await t.as(pevo1)("DELETE", `/api/portal/credentials/insurance/${id}`)).status).toBe(404);
    expect((await t.as(pevo1)("PUT", `/api/portal/credentials/certifications/${id}`, cert())).status).toBe(
      404,
    );
    const still = (await t.as(pevo2)("GET", "/api/portal/credentials")).body.insurance;
    expect(still.find((i: { id: string }) => i.id === id).carrier).toBe("Acme Mutual");
    // Another PEVO's document cannot be attached either.
    const theirDoc = await t.as(pevo2)("POST", "/api/portal/documents", upload());
    const attach = await t.as(pevo1)(
      "POST",
      "/api/portal/credentials/certifications",
      cert({ documentId: theirDoc.body.id }),
    );
    expect(attach.status).toBe(400);
    // The office's routes are not the PEVO's.
    expect((await t.as(pevo1)("GET", "/api/credentials/expiring")).status).toBe(403);
    expect((await t.as(adminA)("GET", "/api/portal/credentials")).status).toBe(403);
  });
});

describe("expiry", () => {
  test("the expiring list: expired and within 30 days, of active PEVOs, soonest first, this company only", async () => {
    const p = (
      await t.as(adminA)("POST", "/api/pevos", {
        firstName: "Eve",
        lastName: "Expiring",
        certificationExpiry: "2027-01-20",
      })
    ).body;
    const as = t.as(adminA);
    await as(
      "POST",
      `/api/pevos/${p.id}/credentials/certifications`,
      cert({ state: "NY", expiresOn: "2026-12-20" }),
    );
    await as(
      "POST",
      `/api/pevos/${p.id}/credentials/certifications`,
      cert({ state: "OK", expiresOn: "2027-01-31" }),
    );
    await as(
      "POST",
      `/api/pevos/${p.id}/credentials/insurance`,
      policy({ type: "general_liability", expiresOn: "2027-01-05" }),
    );
    const res = await as("GET", "/api/credentials/expiring?today=2027-01-01");
    expect(res.status).toBe(200);
    const eve = res.body.items.filter((i: { pevoId: string }) => i.pevoId === p.id);
    expect(eve.map((i: { label: string; daysLeft: number }) => [i.label, i.daysLeft])).toEqual([
      ["NY certification", -12],
      ["General liability insurance", 4],
      ["Driver's licence", 19],
      ["OK certification", 30],
    ]);
    expect((await t.as(adminB)("GET", "/api/credentials/expiring?today=2027-01-01")).body.items).toEqual([]);
    // An inactive PEVO is left out.
    await as("PUT", `/api/pevos/${p.id}`, { firstName: "Eve", lastName: "Expiring", status: "inactive" });
    const later = await as("GET", "/api/credentials/expiring?today=2027-01-01");
    expect(later.body.items.some((i: { pevoId: string }) => i.pevoId === p.id)).toBe(false);
    expect((await as("GET", "/api/credentials/expiring?today=2027-13-01")).status).toBe(400);
    // A day whose 30 days on are no date (year 10000) is refused with its bound, never a 500.
    const farOff = await as("GET", "/api/credentials/expiring?today=9999-12-31");
    expect(farOff.status).toBe(400);
    expect(farOff.body.error).toBe("today must be at most 20 years from today");
  });

  test("only current credentials are listed: a renewed or a rejected one is not", async () => {
    const as = t.as(adminA);
    const p = (await as("POST", "/api/pevos", { firstName: "Ren", lastName: "Renewed" })).body;
    const path = (kind: string) => `/api/pevos/${p.id}/credentials/${kind}`;
    const add = async (kind: string, body: Record<string, unknown>) => {
      const res = await as("POST", path(kind), body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as string;
    };
    const reject = async (kind: string, id: string) =>
      expect(
        (await as("POST", `${path(kind)}/${id}/review`, { decision: "rejected", note: "Wrong card" })).status,
      ).toBe(200);
    // NY: renewed (the new one expires later) → the old one is not listed.
    await add("certifications", cert({ state: "NY", certificateNumber: "NY-OLD", expiresOn: "2027-01-10" }));
    await add("certifications", cert({ state: "NY", certificateNumber: "NY-NEW", expiresOn: "2029-01-10" }));
    // OK: the renewal was rejected → the old one is still the current one.
    await add("certifications", cert({ state: "OK", certificateNumber: "OK-OLD", expiresOn: "2027-01-15" }));
    await reject(
      "certifications",
      await add("certifications", cert({ state: "OK", expiresOn: "2029-01-15" })),
    );
    // TX: the only one is rejected → nothing to list.
    await reject(
      "certifications",
      await add("certifications", cert({ state: "TX", expiresOn: "2027-01-20" })),
    );
    // Insurance per type: auto liability renewed, general liability not.
    await add(
      "insurance",
      policy({ type: "auto_liability", policyNumber: "AL-OLD", expiresOn: "2027-01-05" }),
    );
    await add(
      "insurance",
      policy({ type: "auto_liability", policyNumber: "AL-NEW", expiresOn: "2028-01-05" }),
    );
    await add("insurance", policy({ type: "general_liability", expiresOn: "2027-01-07" }));

    const res = await as("GET", "/api/credentials/expiring?today=2027-01-01");
    const ren = res.body.items.filter((i: { pevoId: string }) => i.pevoId === p.id);
    expect(ren.map((i: { label: string; expiresOn: string }) => [i.label, i.expiresOn])).toEqual([
      ["General liability insurance", "2027-01-07"],
      ["OK certification", "2027-01-15"],
    ]);
  });

  test("the admins' daily digest runs once a day at 07:00 local and reschedules itself", async () => {
    const [job = missingRow("jobs")] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, adminA.companyId), eq(jobs.key, CREDENTIALS_DIGEST)));
    expect(job.status).toBe("pending");
    const handlers = jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage });
    const digests = async () =>
      (await t.outbox(adminA.email)).filter((m) => m.subject.startsWith("Credentials expiring"));
    const before = (await digests()).length;
    // pevo1's WA certificate expires 2027-07-31: the digest of 2027-07-10 (07:00 in Chicago) lists it.
    const at = new Date("2027-07-10T12:00:00Z");
    await t.db.update(jobs).set({ runAt: at }).where(eq(jobs.id, job.id));
    await runDueJobs({ db: t.db, handlers, now: () => at });
    await runDueJobs({ db: t.db, handlers, now: () => at });
    await runDueJobs({ db: t.db, handlers, now: () => new Date("2027-07-10T20:00:00Z") });
    const sent = await digests();
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)?.text).toMatch(/Paula One: WA certification expires Jul 31, 2027/);
    const [again = missingRow("jobs")] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(again.status).toBe("pending");
    expect(again.runAt.toISOString()).toBe("2027-07-11T12:00:00.000Z");
    // Company B has no expiring credential: no digest to B's admin.
    expect(
      (await t.outbox(adminB.email)).filter((m) => m.subject.startsWith("Credentials expiring")),
    ).toEqual([]);
  });

  test("a company that signs up later and records only licence expiries gets its daily run", async () => {
    const admin = await t.signUpAdmin({ companyName: "Late Signup Escorts" });
    const [job = missingRow("jobs")] = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, admin.companyId), eq(jobs.key, CREDENTIALS_DIGEST)));
    expect(job).toMatchObject({ kind: CREDENTIALS_DIGEST, status: "pending" });
    // The next 07:00 in the company's zone: within a day of the signup.
    expect(job.runAt.getTime() - job.createdAt.getTime()).toBeGreaterThan(0);
    expect(job.runAt.getTime() - job.createdAt.getTime()).toBeLessThanOrEqual(86_400_000);

    const pevo = await t.as(admin)("POST", "/api/pevos", {
      firstName: "Lina",
      lastName: "Late",
      email: "lina.late@example.test",
      certificationExpiry: "2027-09-08",
    });
    expect(pevo.status).toBe(201);
    const handlers = jobHandlers({ mailer: t.mailer, config: t.config, storage: t.storage });
    // 07:00 in Chicago, 30 days before the licence expires.
    const at = new Date("2027-08-09T12:00:00Z");
    await t.db.update(jobs).set({ runAt: at }).where(eq(jobs.id, job.id));
    await runDueJobs({ db: t.db, handlers, now: () => at });
    const digest = (await t.outbox(admin.email)).filter((m) => m.subject.startsWith("Credentials expiring"));
    expect(digest).toHaveLength(1);
    expect(digest[0]?.text).toMatch(/Lina Late: Driver's licence expires Sep 08, 2027/);
    // The same run made the day's pass of the expiry reminders: the licence's 30-day one goes at 09:00.
    await runDueJobs({ db: t.db, handlers, now: () => new Date("2027-08-09T14:00:00Z") });
    expect((await t.outbox("lina.late@example.test")).map((m) => m.subject)).toContain(
      "Your driver's licence expires in 30 days (Sep 08, 2027)",
    );
  });

  test("the next digest instant follows the zone and daylight saving", () => {
    expect(nextDigestInstant("America/Chicago", new Date("2027-01-10T12:59:00Z")).toISOString()).toBe(
      "2027-01-10T13:00:00.000Z",
    );
    expect(nextDigestInstant("America/Chicago", new Date("2027-01-10T13:00:00Z")).toISOString()).toBe(
      "2027-01-11T13:00:00.000Z",
    );
    expect(nextDigestInstant("America/Los_Angeles", new Date("2027-07-10T20:00:00Z")).toISOString()).toBe(
      "2027-07-11T14:00:00.000Z",
    );
  });
});

test("loadCredentialsForCheck: certifications with approval, insurance, the licence; null for another company", async () => {
  const p = (
    await t.as(adminA)("POST", "/api/pevos", {
      firstName: "Cora",
      lastName: "Check",
      certificationExpiry: "2028-05-01",
    })
  ).body;
  await t.as(adminA)(
    "POST",
    `/api/pevos/${p.id}/credentials/certifications`,
    cert({ state: "CO", issuedOn: null }),
  );
  await t.as(adminA)("POST", `/api/pevos/${p.id}/credentials/insurance`, policy());
  const scope = { companyId: adminA.companyId };
  expect(await loadCredentialsForCheck(t.db, scope, p.id)).toEqual({
    certifications: [{ state: "CO", issuedOn: null, expiresOn: "2027-06-30", approved: true }],
    insurance: [{ type: "auto_liability", expiresOn: "2027-03-31", approved: true }],
    licenceExpiresOn: "2028-05-01",
    licenceStatus: "approved",
  });
  expect(await loadCredentialsForCheck(t.db, { companyId: asCompanyId(adminB.companyId) }, p.id)).toBeNull();
});

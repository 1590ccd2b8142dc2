/**
 * Pickup reminders and the company time zone (DECISIONS 'Company time zone'): the zoned-time helper on a table of
 * cases, reminder instants in America/Chicago and America/Los_Angeles across daylight-saving
 * changes (exact UTC instants), scheduling through the dispatch API (create, reschedule, drop on
 * cancel / unassign / delete, nothing in the past), the worker mailing each reminder exactly once
 * (also with two workers and after a restart), and the PEVO's settings (Pickup Reminders, Email
 * Notifications) stopping them. Run on PGlite and with TEST_DATABASE_URL on PostgreSQL.
 */
import {
  companies,
  type Database,
  jobs,
  missingRow,
  type OpenedDatabase,
  openDatabase,
  user,
} from "@pevo/db";
import { DEFAULT_TIME_ZONE } from "@pevo/shared";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type Created,
  createTestApp,
  type JsonBody,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
  uniqueEmail,
} from "../../../test/harness";
import { pickupReminderHandlers, reminderInstant } from "../../domain/dispatches";
import { runDueJobs, startJobWorker } from "../../lib/jobs";
import { zoneAbbreviation, zonedTimeToUtc } from "../../lib/zoned-time";
import { createMailer } from "../../mail/mailer";

describe("zonedTimeToUtc", () => {
  test.each([
    // zone, date, time, UTC instant
    ["America/Chicago", "2026-01-15", "09:00", "2026-01-15T15:00:00.000Z"],
    ["America/Chicago", "2026-07-15", "09:00", "2026-07-15T14:00:00.000Z"],
    // Spring forward 2026-03-08 02:00 CST → 03:00 CDT.
    ["America/Chicago", "2026-03-08", "01:59", "2026-03-08T07:59:00.000Z"],
    ["America/Chicago", "2026-03-08", "02:30", "2026-03-08T08:30:00.000Z"], // skipped: read as 03:30 CDT
    ["America/Chicago", "2026-03-08", "03:00", "2026-03-08T08:00:00.000Z"],
    ["America/Chicago", "2026-03-08", "09:00", "2026-03-08T14:00:00.000Z"],
    // Fall back 2026-11-01 02:00 CDT → 01:00 CST.
    ["America/Chicago", "2026-11-01", "00:30", "2026-11-01T05:30:00.000Z"],
    ["America/Chicago", "2026-11-01", "01:30", "2026-11-01T06:30:00.000Z"], // twice: the first (CDT)
    ["America/Chicago", "2026-11-01", "02:00", "2026-11-01T08:00:00.000Z"],
    ["America/Chicago", "2026-11-01", "09:00", "2026-11-01T15:00:00.000Z"],
    ["America/Los_Angeles", "2026-03-08", "09:00", "2026-03-08T16:00:00.000Z"],
    ["America/Los_Angeles", "2026-03-08", "02:15", "2026-03-08T10:15:00.000Z"], // skipped: 03:15 PDT
    ["America/Los_Angeles", "2026-11-01", "01:15", "2026-11-01T08:15:00.000Z"], // twice: PDT
    ["America/Los_Angeles", "2026-11-01", "09:00", "2026-11-01T17:00:00.000Z"],
    ["America/Phoenix", "2026-07-01", "12:00", "2026-07-01T19:00:00.000Z"], // no DST
    ["Asia/Kolkata", "2026-01-01", "00:00", "2025-12-31T18:30:00.000Z"],
    ["UTC", "2026-02-28", "23:59", "2026-02-28T23:59:00.000Z"],
    ["Europe/London", "2026-03-29", "01:30", "2026-03-29T01:30:00.000Z"], // skipped: 02:30 BST
    ["Australia/Sydney", "2026-04-05", "02:30", "2026-04-04T15:30:00.000Z"], // twice: the first (AEDT)
  ])("%s %s %s → %s", (zone, date, time, utc) => {
    expect(zonedTimeToUtc(date, time, zone).toISOString()).toBe(utc);
  });

  test("zone abbreviations follow daylight saving time", () => {
    expect(zoneAbbreviation("America/Chicago", new Date("2026-03-08T14:00:00Z"))).toBe("CDT");
    expect(zoneAbbreviation("America/Chicago", new Date("2026-11-01T15:00:00Z"))).toBe("CST");
    expect(zoneAbbreviation("America/Los_Angeles", new Date("2026-11-01T17:00:00Z"))).toBe("PST");
  });
});

describe("reminder instants", () => {
  test.each([
    // zone, pickup date, time, evening before (18:00 local), 2 hours before
    ["America/Chicago", "2026-03-08", "09:00", "2026-03-08T00:00:00.000Z", "2026-03-08T12:00:00.000Z"],
    ["America/Chicago", "2026-03-09", "09:00", "2026-03-08T23:00:00.000Z", "2026-03-09T12:00:00.000Z"],
    ["America/Chicago", "2026-03-08", "03:30", "2026-03-08T00:00:00.000Z", "2026-03-08T06:30:00.000Z"],
    ["America/Chicago", "2026-11-01", "09:00", "2026-10-31T23:00:00.000Z", "2026-11-01T13:00:00.000Z"],
    ["America/Chicago", "2026-11-02", "07:00", "2026-11-02T00:00:00.000Z", "2026-11-02T11:00:00.000Z"],
    ["America/Los_Angeles", "2026-03-08", "09:00", "2026-03-08T02:00:00.000Z", "2026-03-08T14:00:00.000Z"],
    ["America/Los_Angeles", "2026-11-01", "09:00", "2026-11-01T01:00:00.000Z", "2026-11-01T15:00:00.000Z"],
    ["America/Los_Angeles", "2026-11-01", "01:30", "2026-11-01T01:00:00.000Z", "2026-11-01T06:30:00.000Z"],
  ])("%s pickup %s %s: evening %s, 2 h before %s", (zone, pickupDate, pickupTime, evening, twoHours) => {
    const pickup = { pickupDate, pickupTime };
    expect(reminderInstant("evening", pickup, zone).toISOString()).toBe(evening);
    expect(reminderInstant("two-hours", pickup, zone).toISOString()).toBe(twoHours);
  });
});

// ---------------------------------------------------------------------------------------------
// Through the API and the worker.

let t: TestApp;
let admin: SignedUpAdmin;
let pevo: TestPevo;
let rc: Created;
let handlers: ReturnType<typeof pickupReminderHandlers>;
let second: { db: Database; close: () => Promise<void> };

/** Next year's daylight-saving change days (2nd Sunday of March, 1st Sunday of November, US). */
const Y = new Date().getUTCFullYear() + 1;
function nthSunday(month: number, n: number) {
  const first = new Date(Date.UTC(Y, month - 1, 1));
  const day = 1 + ((7 - first.getUTCDay()) % 7) + (n - 1) * 7;
  return `${Y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
const SPRING = nthSunday(3, 2);
const FALL = nthSunday(11, 1);
const utc = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`);
const dayBefore = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpAdmin({ companyName: "Reminder Escorts" });
  pevo = await t.createPevoUser(admin.companyId, { firstName: "Rita", lastName: "Remind" });
  const client = await t.createClient(admin);
  rc = await t.createRateConfirmation(admin, {
    clientId: client.id,
    originAddress: "Houston, TX 77001",
    destinationAddress: "Denver, CO 80202",
  });
  handlers = pickupReminderHandlers({
    mailer: createMailer({ db: t.db, from: t.config.mailFrom }),
    config: t.config,
  });
  if (t.databaseUrl) {
    const opened: OpenedDatabase = await openDatabase({ kind: "postgres", url: t.databaseUrl });
    second = { db: opened.db, close: opened.close };
  } else {
    second = { db: t.db, close: async () => {} };
  }
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => t.as(admin)(method, path, body);

async function setZone(timeZone: string) {
  const current = (await asAdmin("GET", "/api/company")).body;
  const res = await asAdmin("PUT", "/api/company", { ...current, timeZone });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

function body(overrides: JsonBody = {}): JsonBody {
  return {
    rateConfirmationId: rc.id,
    pevoId: pevo.pevoId,
    driverName: "Dale Trucker",
    driverPhone: "(555) 123-4567",
    pickupDate: SPRING,
    pickupTime: "09:00",
    status: "dispatched",
    ...overrides,
  };
}

/** The dispatch's reminder jobs, by which. */
async function reminderJobs(dispatchId: string) {
  const rows = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.companyId, admin.companyId), like(jobs.key, `pickup-reminder:${dispatchId}:%`)))
    .orderBy(asc(jobs.key));
  return Object.fromEntries(rows.map((r) => [r.key.slice(r.key.lastIndexOf(":") + 1), r]));
}

const reminderMails = async (to = pevo.email) =>
  (await t.outbox(to)).filter((m) => m.subject.startsWith("Pickup reminder"));

async function setSettings(
  who: TestPevo,
  settings: { emailNotifications?: boolean; pickupReminders?: boolean },
) {
  const res = await t.request("PUT", "/api/me/settings", {
    cookie: who.cookie,
    body: {
      emailNotifications: true,
      dispatchAlerts: true,
      pickupReminders: true,
      darkMode: true,
      locationServices: false,
      ...settings,
    },
  });
  expect(res.status).toBe(200);
}

/** Runs the worker with its clock at `now`. */
const runAt = (now: Date, db: Database = t.db) => runDueJobs({ db, handlers, now: () => now });

describe("the company time zone", () => {
  test("defaults to America/Chicago; signup keeps a valid browser zone and ignores a bad one", async () => {
    expect((await asAdmin("GET", "/api/company")).body.timeZone).toBe(DEFAULT_TIME_ZONE);
    for (const [sent, stored] of [
      ["America/Los_Angeles", "America/Los_Angeles"],
      ["Mars/Olympus_Mons", DEFAULT_TIME_ZONE],
      ["x".repeat(500), DEFAULT_TIME_ZONE],
      [undefined, DEFAULT_TIME_ZONE],
    ] as const) {
      const email = uniqueEmail("tz");
      const res = await t.request("POST", "/api/signup", {
        body: {
          email,
          password: "correct-horse-42",
          companyName: "Zone Co",
          contactPerson: "Zed Zone",
          timeZone: sent,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [row = missingRow("user")] = await t.db
        .select({ timeZone: companies.timeZone })
        .from(user)
        .innerJoin(companies, eq(companies.id, user.companyId))
        .where(eq(user.email, email));
      expect(row.timeZone).toBe(stored);
    }
  });

  test("the admin changes it; a zone not in the list is a 400; left out, it is kept", async () => {
    const current = (await asAdmin("GET", "/api/company")).body;
    const bad = await asAdmin("PUT", "/api/company", { ...current, timeZone: "America/Atlantis" });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.timeZone).toBe("Choose a time zone from the list");
    const tooLong = await asAdmin("PUT", "/api/company", { ...current, timeZone: "x".repeat(500) });
    expect(tooLong.status).toBe(400);
    await setZone("America/Los_Angeles");
    const { timeZone: _, ...withoutZone } = current;
    const kept = await asAdmin("PUT", "/api/company", withoutZone);
    expect(kept.status).toBe(200);
    expect(kept.body.timeZone).toBe("America/Los_Angeles");
    await setZone("America/Chicago");
    // PEVOs cannot change it (admin route).
    expect((await t.request("PUT", "/api/company", { cookie: pevo.cookie, body: current })).status).toBe(403);
  });
});

describe("scheduling through the dispatch API", () => {
  test("Chicago, on the spring-forward day: 18:00 CST the evening before, 2 h before 09:00 CDT", async () => {
    await setZone("America/Chicago");
    const d = await t.createDispatch(admin, body({ pickupDate: SPRING, pickupTime: "09:00" }));
    const r = await reminderJobs(d.id);
    expect(Object.keys(r)).toEqual(["evening", "two-hours"]);
    expect(r.evening).toMatchObject({ status: "pending", kind: "pickup-reminder" });
    // 18:00 CST (UTC-6) on the Saturday = 00:00 UTC on the Sunday; 07:00 CDT (UTC-5) = 12:00 UTC.
    expect(r.evening?.runAt).toEqual(utc(SPRING, "00:00"));
    expect(r["two-hours"]?.runAt).toEqual(utc(SPRING, "12:00"));
    expect(r.evening?.payload).toEqual({ dispatchId: d.id, which: "evening" });
  });

  test("Chicago, on the fall-back day: 18:00 CDT the evening before, 2 h before 09:00 CST", async () => {
    const d = await t.createDispatch(admin, body({ pickupDate: FALL, pickupTime: "09:00" }));
    const r = await reminderJobs(d.id);
    expect(r.evening?.runAt).toEqual(utc(dayBefore(FALL), "23:00"));
    expect(r["two-hours"]?.runAt).toEqual(utc(FALL, "13:00"));
  });

  test("Los Angeles, on both change days", async () => {
    await setZone("America/Los_Angeles");
    try {
      const spring = await t.createDispatch(admin, body({ pickupDate: SPRING, pickupTime: "09:00" }));
      let r = await reminderJobs(spring.id);
      expect(r.evening?.runAt).toEqual(utc(SPRING, "02:00")); // 18:00 PST
      expect(r["two-hours"]?.runAt).toEqual(utc(SPRING, "14:00")); // 07:00 PDT
      const fall = await t.createDispatch(admin, body({ pickupDate: FALL, pickupTime: "09:00" }));
      r = await reminderJobs(fall.id);
      expect(r.evening?.runAt).toEqual(utc(FALL, "01:00")); // 18:00 PDT the day before
      expect(r["two-hours"]?.runAt).toEqual(utc(FALL, "15:00")); // 07:00 PST
    } finally {
      await setZone("America/Chicago");
    }
  });

  test("changing the date or time reschedules; no duplicate jobs", async () => {
    const d = await t.createDispatch(admin, body({ pickupDate: SPRING, pickupTime: "09:00" }));
    const next = `${Y}-06-16`;
    expect(
      (await asAdmin("PUT", `/api/dispatches/${d.id}`, body({ pickupDate: next, pickupTime: "10:30" })))
        .status,
    ).toBe(200);
    const r = await reminderJobs(d.id);
    expect(Object.keys(r)).toHaveLength(2);
    expect(r.evening?.runAt).toEqual(utc(`${Y}-06-15`, "23:00")); // 18:00 CDT
    expect(r["two-hours"]?.runAt).toEqual(utc(next, "13:30")); // 08:30 CDT
    expect(r.evening?.status).toBe("pending");
  });

  test("canceling, unassigning or deleting the dispatch drops its reminders; reassigning brings them back", async () => {
    const canceled = await t.createDispatch(admin, body());
    await asAdmin("PUT", `/api/dispatches/${canceled.id}`, body({ status: "canceled" }));
    for (const job of Object.values(await reminderJobs(canceled.id))) expect(job.status).toBe("canceled");

    const unassigned = await t.createDispatch(admin, body());
    await asAdmin("PUT", `/api/dispatches/${unassigned.id}`, body({ pevoId: null }));
    for (const job of Object.values(await reminderJobs(unassigned.id))) expect(job.status).toBe("canceled");
    // Reassigned on a day the other dispatches here also book this PEVO: saved anyway.
    await asAdmin("PUT", `/api/dispatches/${unassigned.id}`, body({ allowConflict: true }));
    for (const job of Object.values(await reminderJobs(unassigned.id))) expect(job.status).toBe("pending");

    const deleted = await t.createDispatch(admin, body());
    expect((await asAdmin("DELETE", `/api/dispatches/${deleted.id}`)).status).toBe(204);
    const r = await reminderJobs(deleted.id);
    expect(Object.keys(r)).toHaveLength(2);
    for (const job of Object.values(r)) expect(job.status).toBe("canceled");

    // A completed job is not reminded either; a dispatch without a PEVO never was.
    const completed = await t.createDispatch(admin, body({ status: "completed" }));
    expect(await reminderJobs(completed.id)).toEqual({});
    const noPevo = await t.createDispatch(admin, body({ pevoId: null }));
    expect(await reminderJobs(noPevo.id)).toEqual({});
  });

  test("the PEVO declining or completing the job drops its reminders; the office reopening it brings them back", async () => {
    const statuses = async (id: string) => Object.values(await reminderJobs(id)).map((j) => j.status);
    const portal = (id: string, action: string, payload?: unknown) =>
      t.as(pevo)("POST", `/api/portal/dispatches/${id}/${action}`, payload);
    const declined = await t.createDispatch(admin, body({ status: "pending" }));
    expect(await statuses(declined.id)).toEqual(["pending", "pending"]);
    expect((await portal(declined.id, "decline", { reason: "My truck is in the shop" })).status).toBe(204);
    expect(await statuses(declined.id)).toEqual(["canceled", "canceled"]);

    const done = await t.createDispatch(admin, body({ status: "pending" }));
    expect((await portal(done.id, "accept")).status).toBe(200);
    for (const kind of ["on_my_way", "arrived_pickup", "escort_started"]) {
      expect((await portal(done.id, "steps", { kind })).status).toBe(200);
    }
    expect(await statuses(done.id)).toEqual(["pending", "pending"]);
    expect((await portal(done.id, "steps", { kind: "completed" })).status).toBe(200);
    expect(await statuses(done.id)).toEqual(["canceled", "canceled"]);

    expect((await asAdmin("PUT", `/api/dispatches/${done.id}`, body({ allowConflict: true }))).status).toBe(
      200,
    );
    expect(await statuses(done.id)).toEqual(["pending", "pending"]);
  });

  test("a reminder names the position the dispatch fills", async () => {
    const lead = await t.createPevoUser(admin.companyId, { firstName: "Lea", lastName: "Lead" });
    const client = await t.createClient(admin);
    const job = await t.createRateConfirmation(admin, {
      clientId: client.id,
      jobNumber: "RC-REMIND-LEAD",
      originAddress: "Houston, TX 77001",
      destinationAddress: "Denver, CO 80202",
      positions: [{ positionType: "lead_car" }],
    });
    await t.createDispatch(
      admin,
      body({
        rateConfirmationId: job.id,
        pevoId: lead.pevoId,
        positionType: "lead_car",
        pickupDate: FALL,
        pickupTime: "09:00",
      }),
    );
    await runAt(utc(dayBefore(FALL), "23:00"));
    const [mail] = await reminderMails(lead.email);
    expect(mail?.subject).toMatch(/^Pickup reminder: Lead Car, RC-REMIND-LEAD tomorrow, 09:00 /);
    expect(mail?.text).toContain("Tomorrow: pickup for job RC-REMIND-LEAD as Lead Car on");
    expect(mail?.html).toContain("job RC-REMIND-LEAD as Lead Car");
  });

  test("reminders in the past are not scheduled", async () => {
    const past = await t.createDispatch(admin, body({ pickupDate: "2024-05-01" }));
    expect(await reminderJobs(past.id)).toEqual({});
  });
});

describe("the worker mails each reminder once", () => {
  test("past run_at: one email per reminder, with the job, the local time and zone, the route and a link", async () => {
    const fay = await t.createPevoUser(admin.companyId, { firstName: "Fay", lastName: "Fall" });
    const d = await t.createDispatch(
      admin,
      body({ pevoId: fay.pevoId, pickupDate: FALL, pickupTime: "09:00" }),
    );
    await runAt(utc(dayBefore(FALL), "23:00")); // the evening reminder is due, not the other one
    let mails = await reminderMails(fay.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Pickup reminder: ${rc.jobNumber} tomorrow, 09:00 CST`);
    expect(mails[0]?.text).toContain(`Tomorrow: pickup for job ${rc.jobNumber} on`);
    expect(mails[0]?.text).toContain("at 09:00 CST");
    expect(mails[0]?.text).toContain("Route: Houston, TX 77001 → Denver, CO 80202");
    expect(mails[0]?.text).toContain(`${t.config.appUrl}/pevo/dispatches`);
    expect(mails[0]?.html).toContain("Houston, TX 77001 → Denver, CO 80202");

    await runAt(utc(FALL, "13:00"));
    await runAt(utc(FALL, "14:00"));
    mails = await reminderMails(fay.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(`Pickup reminder: ${rc.jobNumber} in 2 hours, 09:00 CST`);
    const r = await reminderJobs(d.id);
    expect(r.evening?.status).toBe("done");
    expect(r["two-hours"]?.status).toBe("done");

    // Saving the dispatch again unchanged does not send them again.
    const again = body({ pevoId: fay.pevoId, pickupDate: FALL, pickupTime: "09:00", notes: "gate 4" });
    expect((await asAdmin("PUT", `/api/dispatches/${d.id}`, again)).status).toBe(200);
    await runAt(utc(FALL, "15:00"));
    expect(await reminderMails(fay.email)).toHaveLength(2);
  });

  test("two workers (two instances on PostgreSQL) and a restart: still one email per reminder", async () => {
    const other = await t.createPevoUser(admin.companyId, { firstName: "Tom", lastName: "Twice" });
    const day = `${Y}-07-08`;
    await t.createDispatch(admin, body({ pevoId: other.pevoId, pickupDate: day, pickupTime: "08:00" }));
    await t.createDispatch(
      admin,
      body({ pevoId: other.pevoId, pickupDate: `${Y}-07-09`, pickupTime: "08:00" }),
    );
    // The first dispatch's two reminders are due (the second's evening one is at 23:00 UTC).
    const now = utc(`${Y}-07-08`, "11:00");
    await Promise.all([runAt(now), runAt(now, second.db), runAt(now), runAt(now, second.db)]);
    expect(await reminderMails(other.email)).toHaveLength(2);

    // A worker is stopped (shutdown), another starts (restart): nothing is sent twice, the rest once.
    const a = startJobWorker({ db: t.db, handlers, now: () => now, pollMs: 60_000 });
    await a.poll();
    await a.stop();
    const b = startJobWorker({
      db: second.db,
      handlers,
      now: () => utc(`${Y}-07-09`, "12:00"),
      pollMs: 60_000,
    });
    await b.poll();
    await b.stop();
    expect(await reminderMails(other.email)).toHaveLength(4);
  });

  test("Pickup Reminders off, or Email Notifications off: no reminder (checked when it runs)", async () => {
    const quiet = await t.createPevoUser(admin.companyId, { firstName: "Quinn", lastName: "Quiet" });
    const d1 = await t.createDispatch(admin, body({ pevoId: quiet.pevoId, pickupDate: `${Y}-08-10` }));
    await setSettings(quiet, { pickupReminders: false });
    await runAt(utc(`${Y}-08-10`, "00:00")); // the evening reminder's time
    expect(await reminderMails(quiet.email)).toEqual([]);
    expect((await reminderJobs(d1.id)).evening?.status).toBe("done");

    // Turned back on before the pickup: the 2-hour reminder still comes.
    await setSettings(quiet, { pickupReminders: true });
    await runAt(utc(`${Y}-08-10`, "12:00"));
    expect(await reminderMails(quiet.email)).toHaveLength(1);

    // Email Notifications off stops reminders and the dispatch alert alike.
    await setSettings(quiet, { emailNotifications: false });
    const before = (await t.outbox(quiet.email)).length;
    await t.createDispatch(admin, body({ pevoId: quiet.pevoId, pickupDate: `${Y}-08-20` }));
    await runAt(utc(`${Y}-08-20`, "13:00"));
    expect(await t.outbox(quiet.email)).toHaveLength(before);
  });

  test("a changed company time zone moves the reminder when it comes up", async () => {
    const mover = await t.createPevoUser(admin.companyId, { firstName: "Mo", lastName: "Mover" });
    const day = `${Y}-09-15`;
    const d = await t.createDispatch(
      admin,
      body({ pevoId: mover.pevoId, pickupDate: day, pickupTime: "09:00" }),
    );
    await setZone("America/Los_Angeles");
    try {
      // At the Chicago instant (07:00 CDT = 12:00 UTC) the 2-hour reminder is not due in LA yet.
      await runAt(utc(day, "12:00"));
      let mails = (await reminderMails(mover.email)).filter((m) => m.subject.includes("in 2 hours"));
      expect(mails).toHaveLength(0);
      expect((await reminderJobs(d.id))["two-hours"]).toMatchObject({
        status: "pending",
        runAt: utc(day, "14:00"),
      });
      await runAt(utc(day, "14:00"));
      mails = (await reminderMails(mover.email)).filter((m) => m.subject.includes("in 2 hours"));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toContain("09:00 PDT");
    } finally {
      await setZone("America/Chicago");
    }
  });
});

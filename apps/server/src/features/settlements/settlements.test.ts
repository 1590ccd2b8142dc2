/**
 * PEVO pay (DECISIONS 'PEVO pay'): a job is paid in exactly one settlement, also under two
 * concurrent runs; approving locks the figures; a later plan change does not alter an approved
 * settlement; a PEVO sees only their own statements; bad input is a 400 with field messages; a
 * draft's next read shows every change to its jobs' inputs (recomputing only the changed jobs).
 */
import { rateConfirmations, settlementJobs, tripLogExpenses } from "@pevo/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  APP_URL,
  createTestApp,
  type SignedUpAdmin,
  type TestApp,
  type TestPevo,
} from "../../../test/harness";
import { readPdf } from "../../../test/pdf-text";

let t: TestApp;
let admin: SignedUpAdmin;
let adminB: SignedUpAdmin;
let paula: TestPevo;
let peter: TestPevo;
let rcId: string;

beforeAll(async () => {
  t = await createTestApp();
  const two = await t.createTwoCompanies();
  admin = two.adminA;
  adminB = two.adminB;
  paula = two.pevo1;
  peter = two.pevo2;
  const client = await t.createClient(admin, { name: "Pay Client" });
  rcId = (await t.createRateConfirmation(admin, { clientId: client.id })).id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const plan = (effectiveFrom: string, dayRate: string) => ({
  effectiveFrom,
  kind: "per_job",
  dayRate,
  reimbursedExpenses: ["fuel"],
});
const completedJob = (pevoId: string, pickupDate: string) =>
  t.insertDispatch(admin.companyId, { pevoId, pickupDate, status: "completed", rateConfirmationId: rcId });
async function rawGet(path: string, cookie: string) {
  const res = await t.app.request(`${APP_URL}${path}`, { headers: { Origin: APP_URL, Cookie: cookie } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}
/** The first page of a run's PEVOs (each with its totals). */
const pevosOf = async (id: string, query = "") => {
  const res = await t.as(admin)("GET", `/api/settlements/${id}/pevos${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const run = (start: string, end: string) =>
  t.as(admin)("POST", "/api/settlements", {
    periodKind: "custom",
    periodStart: start,
    periodEnd: end,
    includeUninvoiced: true,
  });

describe("PEVO pay", { timeout: 120_000 }, () => {
  test("bad input is a 400 with field messages", async () => {
    const bad = await t.as(admin)("POST", "/api/pay-plans/default", {
      effectiveFrom: "x",
      kind: "percentage",
      percent: "120",
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(["effectiveFrom", "percent"]));
    const period = await t.as(admin)("POST", "/api/settlements", {
      periodKind: "custom",
      periodStart: "2025-03-10",
      periodEnd: "2025-03-01",
    });
    expect(period.status).toBe(400);
    expect(period.body.fields.periodEnd).toMatch(/on or after/);
  });

  test("a run pays each completed job once, approve locks it, a plan change leaves it alone", async () => {
    expect((await t.as(admin)("POST", "/api/pay-plans/default", plan("2025-01-01", "250.00"))).status).toBe(
      201,
    );
    const job = await completedJob(paula.pevoId, "2025-04-02");
    const draft = await run("2025-04-01", "2025-04-14");
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // The run answers its totals, a page of its PEVOs theirs; the PEVO's jobs are read on their own.
    expect(draft.body).toMatchObject({ pevoCount: 1, jobCount: 1, net: "250.00" });
    expect(draft.body.pevos).toBeUndefined();
    const page = await pevosOf(draft.body.id);
    expect(page).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    const line = page.items.find((p: { pevoId: string }) => p.pevoId === paula.pevoId);
    expect(line).toMatchObject({ jobCount: 1, totals: { pay: "250.00" } });
    expect(line.jobs).toBeUndefined();
    const own = (await t.as(admin)("GET", `/api/settlements/${draft.body.id}/pevos/${paula.pevoId}`)).body;
    expect(own.jobs.map((j: { dispatchId: string }) => j.dispatchId)).toEqual([job]);
    expect(own.totals.pay).toBe("250.00");

    // The same period again: nothing is left to pay.
    expect((await run("2025-04-01", "2025-04-14")).status).toBe(409);

    const adjusted = await t.as(admin)("POST", `/api/settlements/${draft.body.id}/adjustments`, {
      pevoId: paula.pevoId,
      kind: "advance",
      amount: "100.00",
      note: "Fuel advance",
    });
    expect(adjusted.status).toBe(201);
    expect(adjusted.body.net).toBe("150.00");

    const approved = await t.as(admin)("POST", `/api/settlements/${draft.body.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("approved");
    // Locked: no adjustment, no second approval.
    const late = await t.as(admin)("POST", `/api/settlements/${draft.body.id}/adjustments`, {
      pevoId: paula.pevoId,
      kind: "bonus",
      amount: "5.00",
      note: "Late",
    });
    expect(late.status).toBe(409);
    expect((await t.as(admin)("POST", `/api/settlements/${draft.body.id}/approve`)).status).toBe(409);

    // A new default effective before the job: the approved settlement keeps its figures.
    expect((await t.as(admin)("POST", "/api/pay-plans/default", plan("2025-03-01", "300.00"))).status).toBe(
      201,
    );
    const after = await t.as(admin)("GET", `/api/settlements/${draft.body.id}`);
    expect(after.body.net).toBe("150.00");
    expect((await pevosOf(draft.body.id)).items[0].totals).toMatchObject({ pay: "250.00", net: "150.00" });

    // A new job of the period is paid under the new plan in a new run.
    await completedJob(paula.pevoId, "2025-04-03");
    const second = await run("2025-04-01", "2025-04-14");
    expect(second.status).toBe(201);
    expect((await pevosOf(second.body.id)).items[0].totals.pay).toBe("300.00");

    const paid = await t.as(admin)("POST", `/api/settlements/${draft.body.id}/pay`, {
      date: "2025-04-18",
      method: "ach",
      reference: "ACH-1",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe("paid");
    const mail = await t.lastMail(paula.email);
    expect(mail.subject).toMatch(/pay statement/i);
  });

  test("two concurrent runs never pay a job twice", async () => {
    const jobs = [
      await completedJob(paula.pevoId, "2025-05-05"),
      await completedJob(peter.pevoId, "2025-05-06"),
    ];
    const [a, b] = await Promise.all([run("2025-05-01", "2025-05-14"), run("2025-05-01", "2025-05-14")]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    for (const dispatchId of jobs) {
      const claims = await t.db
        .select()
        .from(settlementJobs)
        .where(eq(settlementJobs.dispatchId, dispatchId));
      expect(claims).toHaveLength(1);
    }
    // The database refuses a second claim even without the run's check.
    const [claim] = await t.db
      .select()
      .from(settlementJobs)
      .where(eq(settlementJobs.dispatchId, jobs[0] ?? ""));
    await expect(
      t.db.insert(settlementJobs).values({
        ...(claim as typeof settlementJobs.$inferInsert),
        settlementId: (b.status === 201 ? b : a).body.id,
      }),
    ).rejects.toThrow();
  });

  test("a PEVO sees only their own approved statements, and another company nothing", async () => {
    await completedJob(paula.pevoId, "2025-06-02");
    await completedJob(peter.pevoId, "2025-06-03");
    const draft = await run("2025-06-01", "2025-06-14");
    expect(draft.status).toBe(201);
    // A draft is not in the portal.
    const before = await t.as(paula)("GET", "/api/portal/earnings");
    expect(before.body.items.map((s: { settlementId: string }) => s.settlementId)).not.toContain(
      draft.body.id,
    );
    expect((await t.as(paula)("GET", `/api/portal/earnings/${draft.body.id}/pdf`)).status).toBe(404);

    await t.as(admin)("POST", `/api/settlements/${draft.body.id}/approve`);
    const earnings = await t.as(paula)("GET", "/api/portal/earnings");
    expect(earnings.status).toBe(200);
    const statement = earnings.body.items.find(
      (s: { settlementId: string }) => s.settlementId === draft.body.id,
    );
    expect(statement.jobs).toHaveLength(1);
    const text = JSON.stringify(earnings.body);
    expect(text).not.toContain(peter.pevoId);
    expect(text).not.toContain("invoiced");
    const pdf = await rawGet(`/api/portal/earnings/${draft.body.id}/pdf`, paula.cookie);
    expect(pdf.status).toBe(200);
    const { text: pdfText } = await readPdf(pdf.bytes);
    expect(pdfText).toContain("PAY STATEMENT");
    expect(pdfText).toContain("Paula One");
    expect(pdfText).not.toContain("Peter Two");

    expect((await t.as(adminB)("GET", `/api/settlements/${draft.body.id}`)).status).toBe(404);
    expect((await t.as(paula)("GET", `/api/settlements/${draft.body.id}`)).status).toBe(403);
  });
  test("a draft's next read shows a change to its jobs' inputs, recomputing only the changed jobs", async () => {
    const perMile = { effectiveFrom: "2025-07-01", kind: "per_job", dayRate: "200.00", mileRate: "1.00" };
    expect(
      (await t.as(admin)("POST", "/api/pay-plans/default", { ...perMile, reimbursedExpenses: ["fuel"] }))
        .status,
    ).toBe(201);
    const paulasJob = await completedJob(paula.pevoId, "2025-07-02");
    const petersJob = await completedJob(peter.pevoId, "2025-07-03");
    const draft = await run("2025-07-01", "2025-07-14");
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = draft.body.id;
    const totalsOf = async (pevoId: string) =>
      (await pevosOf(id)).items.find((p: { pevoId: string }) => p.pevoId === pevoId).totals;
    const stale = async () =>
      (
        await t.db
          .select({ dispatchId: settlementJobs.dispatchId })
          .from(settlementJobs)
          .where(and(eq(settlementJobs.settlementId, id), eq(settlementJobs.stale, true)))
      ).map((j) => j.dispatchId);
    expect(await totalsOf(paula.pevoId)).toMatchObject({ pay: "200.00", reimbursed: "0.00" });
    expect(await stale()).toEqual([]);

    // Paula logs her trip in the portal: her job (only) is marked in the same transaction, and the
    // office's next read pays the miles and the reimbursed fuel.
    const trip = await t.as(paula)("POST", "/api/portal/trip-logs", {
      tripDate: "2025-07-02",
      dispatchId: paulasJob,
      startLocation: "Houston, TX",
      endLocation: "Dallas, TX",
      miles: "150",
      hours: 3,
      expenses: [{ type: "fuel", amount: "40.00" }],
    });
    expect(trip.status, JSON.stringify(trip.body)).toBe(201);
    expect(await stale()).toEqual([paulasJob]);
    expect(await totalsOf(paula.pevoId)).toMatchObject({ pay: "350.00", reimbursed: "40.00" });
    expect(await stale()).toEqual([]);

    // Whoever writes: an expense added straight in the database is in the next read too.
    await t.db
      .insert(tripLogExpenses)
      .values({ companyId: admin.companyId, tripLogId: trip.body.id, type: "fuel", amount: "10.00" });
    expect(await totalsOf(paula.pevoId)).toMatchObject({ reimbursed: "50.00" });

    // A plan of Peter's own, in force on his job's day: his statement (read on its own) pays by it.
    expect(
      (
        await t.as(admin)("POST", `/api/pay-plans/pevos/${peter.pevoId}`, {
          ...perMile,
          dayRate: "275.00",
          reimbursedExpenses: [],
        })
      ).status,
    ).toBe(201);
    expect(await stale()).toEqual([petersJob]);
    const peters = await t.as(admin)("GET", `/api/settlements/${id}/pevos/${peter.pevoId}`);
    expect(peters.body.totals.pay).toBe("275.00");
    expect(await stale()).toEqual([]);

    // The rate confirmation's job number, changed straight in the database: both jobs show it.
    await t.db
      .update(rateConfirmations)
      .set({ jobNumber: "RC-RENAMED" })
      .where(eq(rateConfirmations.id, rcId));
    expect((await stale()).sort()).toEqual([paulasJob, petersJob].sort());
    const renamed = await t.as(admin)("GET", `/api/settlements/${id}/pevos/${paula.pevoId}`);
    expect(renamed.body.jobs.map((j: { jobNumber: string }) => j.jobNumber)).toEqual(["RC-RENAMED"]);
    // Paula's read recomputed her job only: Peter's waits for a read that shows it.
    expect(await stale()).toEqual([petersJob]);

    // An adjustment is in the answer and in the next read.
    const bonus = await t.as(admin)("POST", `/api/settlements/${id}/adjustments`, {
      pevoId: peter.pevoId,
      kind: "bonus",
      amount: "25.00",
      note: "Weekend run",
    });
    expect(bonus.status).toBe(201);
    expect(await totalsOf(peter.pevoId)).toMatchObject({
      pay: "275.00",
      adjustments: "25.00",
      net: "300.00",
    });

    // Approved, the figures are frozen: a later trip log marks nothing and changes nothing.
    expect((await t.as(admin)("POST", `/api/settlements/${id}/approve`)).status).toBe(200);
    const late = await t.as(paula)("POST", "/api/portal/trip-logs", {
      tripDate: "2025-07-02",
      dispatchId: paulasJob,
      startLocation: "Dallas, TX",
      endLocation: "Austin, TX",
      miles: "100",
      hours: 2,
    });
    expect(late.status).toBe(201);
    expect(await stale()).toEqual([]);
    expect(await totalsOf(paula.pevoId)).toMatchObject({ pay: "350.00", reimbursed: "50.00" });
  });

  test("Earnings pages: every own statement once, newest period first; the year total is their sum", async () => {
    type Statement = {
      settlementId: string;
      periodStart: string;
      status: string;
      paidDate: string | null;
      net: string;
      jobs: { dispatchId: string }[];
    };
    const year = new Date().toISOString().slice(0, 4);
    const weeks = ["2025-08-04", "2025-08-11", "2025-08-18", "2025-08-25", "2025-09-01"];
    const mine: string[] = [];
    expect((await t.as(admin)("POST", "/api/pay-plans/default", plan("2025-07-01", "275.00"))).status).toBe(
      201,
    );
    for (const [i, start] of weeks.entries()) {
      const day = `2025-${start.slice(5, 7)}-${String(Number(start.slice(8)) + 1).padStart(2, "0")}`;
      await completedJob(paula.pevoId, day);
      await completedJob(peter.pevoId, day);
      const end = `2025-${start.slice(5, 7)}-${String(Number(start.slice(8)) + 6).padStart(2, "0")}`;
      const r = await run(start, end);
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      if (i === 1) {
        const bonus = await t.as(admin)("POST", `/api/settlements/${r.body.id}/adjustments`, {
          pevoId: paula.pevoId,
          kind: "deduction",
          amount: "12.34",
          note: "Radio",
        });
        expect(bonus.status).toBe(201);
      }
      expect((await t.as(admin)("POST", `/api/settlements/${r.body.id}/approve`)).status).toBe(200);
      // Three paid this year, one paid last year, one approved and not paid yet.
      if (i < 4) {
        const paid = await t.as(admin)("POST", `/api/settlements/${r.body.id}/pay`, {
          date: i === 3 ? "2025-12-31" : `${year}-01-0${i + 2}`,
          method: "check",
          reference: `CHK-${i}`,
        });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      }
      mine.push(r.body.id);
    }
    // A run that pays Peter only is never Paula's.
    await completedJob(peter.pevoId, "2025-09-09");
    const petersOnly = await run("2025-09-08", "2025-09-14");
    expect(petersOnly.status).toBe(201);
    await t.as(admin)("POST", `/api/settlements/${petersOnly.body.id}/approve`);

    const seen: Statement[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let first: { yearTotal: string; yearStatements: number; year: number } | undefined;
    do {
      const page = await t.as(paula)(
        "GET",
        `/api/portal/earnings?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      first ??= page.body;
      seen.push(...page.body.items);
      cursor = page.body.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 50);
    const ids = seen.map((s) => s.settlementId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of mine) expect(ids).toContain(id);
    expect(ids).not.toContain(petersOnly.body.id);
    expect(pages).toBeGreaterThanOrEqual(3);
    const starts = seen.map((s) => s.periodStart);
    expect(starts).toEqual([...starts].sort().reverse());
    // The statement's net is the office's figure for Paula in that run.
    for (const id of mine) {
      const office = await t.as(admin)("GET", `/api/settlements/${id}/pevos/${paula.pevoId}`);
      expect(seen.find((s) => s.settlementId === id)?.net).toBe(office.body.totals.net);
    }
    // The year's total: the statements paid this year, by payment date (not the one of 2025-12-31).
    const thisYear = seen.filter((s) => s.status === "paid" && s.paidDate?.startsWith(year));
    expect(thisYear).toHaveLength(3);
    const sum = thisYear.reduce((cents, s) => cents + Math.round(Number(s.net) * 100), 0);
    expect(first).toMatchObject({ year: Number(year), yearStatements: 3, yearTotal: (sum / 100).toFixed(2) });
    expect(JSON.stringify(seen)).not.toContain(peter.pevoId);

    // A bad cursor or limit is a 400 with a message, never a 500.
    for (const [query, message] of [
      ["cursor=nope", "cursor is not valid: start again from the first page"],
      [`cursor=${Buffer.from('["a","b"]').toString("base64url")}`, "cursor is not valid"],
      ["limit=0", "limit must be a whole number from 1 to 100"],
      ["limit=101", "limit must be a whole number from 1 to 100"],
    ]) {
      const bad = await t.as(paula)("GET", `/api/portal/earnings?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error, query).toContain(message);
    }
  });

  test("a run's PEVOs are read a page at a time, in name order, with the run's totals on their own", async () => {
    expect((await t.as(admin)("POST", "/api/pay-plans/default", plan("2025-10-01", "180.00"))).status).toBe(
      201,
    );
    await completedJob(paula.pevoId, "2025-10-02");
    await completedJob(paula.pevoId, "2025-10-03");
    const petersJob = await completedJob(peter.pevoId, "2025-10-02");
    const draft = await run("2025-10-01", "2025-10-14");
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = draft.body.id;
    expect(draft.body).toMatchObject({ pevoCount: 2, jobCount: 3 });

    const first = await pevosOf(id, "?page=1&pageSize=1");
    expect(first).toMatchObject({ total: 2, totalCapped: false, page: 1, pageSize: 1 });
    expect(first.items).toEqual([
      {
        pevoId: paula.pevoId,
        pevoName: "Paula One",
        jobCount: 2,
        totals: { pay: "360.00", reimbursed: "0.00", adjustments: "0.00", net: "360.00" },
      },
    ]);
    const second = await pevosOf(id, "?page=2&pageSize=1");
    expect(second.items.map((p: { pevoName: string }) => p.pevoName)).toEqual(["Peter Two"]);
    // The run's net is its PEVOs' (Peter is paid under his own plan).
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    expect(cents(draft.body.net)).toBe(cents("360.00") + cents(second.items[0].totals.net));
    // Past the last page: no PEVO, the same total.
    expect(await pevosOf(id, "?page=3&pageSize=1")).toMatchObject({ items: [], total: 2 });

    // Peter's only job held and a bonus added: he stays on the run, with no job and the bonus.
    expect((await t.as(admin)("DELETE", `/api/settlements/${id}/jobs/${petersJob}`)).status).toBe(200);
    const bonus = await t.as(admin)("POST", `/api/settlements/${id}/adjustments`, {
      pevoId: peter.pevoId,
      kind: "bonus",
      amount: "25.00",
      note: "Radio returned",
    });
    expect(bonus.status).toBe(201);
    expect(bonus.body).toMatchObject({ pevoCount: 2, jobCount: 2, net: "385.00" });
    expect((await t.as(admin)("GET", `/api/settlements/${id}`)).body).toMatchObject({
      pevoCount: 2,
      jobCount: 2,
      net: "385.00",
    });
    const all = await pevosOf(id);
    expect(all.items.map((p: { pevoName: string; jobCount: number }) => [p.pevoName, p.jobCount])).toEqual([
      ["Paula One", 2],
      ["Peter Two", 0],
    ]);
    expect(all.items[1].totals).toEqual({
      pay: "0.00",
      reimbursed: "0.00",
      adjustments: "25.00",
      net: "25.00",
    });

    // A bad page is a 400 with a message; another company's run is a 404.
    const bad = await t.as(admin)("GET", `/api/settlements/${id}/pevos?pageSize=101`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain("pageSize must be a whole number from 1 to 100");
    expect((await t.as(adminB)("GET", `/api/settlements/${id}/pevos`)).status).toBe(404);
  });
});

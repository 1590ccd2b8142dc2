/**
 * paid_compensation_years is kept by triggers on settlements, settlement_jobs and
 * settlement_adjustments (migration 0052, written by hand): after every step that can move a PEVO's
 * paid compensation (a draft's jobs and adjustments, approve, pay, an adjustment or a job's pay changed
 * on a paid settlement, its payment date moved to another year, un-paid, re-paid, deleted, its
 * company removed) each kept row must be what summing the paid settlements directly gives (the
 * computation the year end ran on every read before, DECISIONS 'Year end: W-9 and 1099-NEC' → Totals),
 * and the year end's recipients page and counts, read from the kept rows, must list the same PEVOs.
 */

import { paidCompensationYears, settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import { ADJUSTMENT_KINDS, adjustmentSign } from "@pevo/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type SignedUpAdmin, type TestApp, type TestPevo } from "../../../test/harness";
import { removeCompany } from "../../lib/company-removal";

let t: TestApp;
let a: SignedUpAdmin;
let b: SignedUpAdmin;
let paula: TestPevo;
let peter: TestPevo;
let bo: TestPevo;
let rcA: string;
let rcB: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ adminA: a, adminB: b, pevo1: paula, pevo2: peter, pevoB: bo } = await t.createTwoCompanies());
  for (const admin of [a, b]) {
    const plan = await t.as(admin)("POST", "/api/pay-plans/default", {
      effectiveFrom: "2024-01-01",
      kind: "per_job",
      dayRate: "700.00",
      reimbursedExpenses: [],
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  }
  rcA = (await t.createRateConfirmation(a, { clientId: (await t.createClient(a)).id })).id;
  rcB = (await t.createRateConfirmation(b, { clientId: (await t.createClient(b)).id })).id;
}, 180_000);
afterAll(() => t?.close());

const post = async (admin: SignedUpAdmin, path: string, body?: unknown, status = 200) => {
  const res = await t.as(admin)("POST", path, body);
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
};

/** A draft run of `start`..`end` with a completed job on each `day` for each PEVO given. */
async function draft(admin: SignedUpAdmin, start: string, end: string, jobs: [TestPevo, string][]) {
  for (const [pevo, day] of jobs) {
    await t.insertDispatch(admin.companyId, {
      pevoId: pevo.pevoId,
      pickupDate: day,
      status: "completed",
      rateConfirmationId: admin === a ? rcA : rcB,
    });
  }
  const run = await post(
    admin,
    "/api/settlements",
    { periodKind: "custom", periodStart: start, periodEnd: end, includeUninvoiced: true },
    201,
  );
  return run.id as string;
}

const adjust = (admin: SignedUpAdmin, id: string, pevo: TestPevo, kind: string, amount: string) =>
  post(admin, `/api/settlements/${id}/adjustments`, { pevoId: pevo.pevoId, kind, amount, note: kind }, 201);

/** What the year end summed on every read before the kept rows: per company, year and PEVO. */
async function computed(companies: string[]) {
  const ids = sql.join(
    companies.map((c) => sql`${c}::uuid`),
    sql`, `,
  );
  const rows = await t.db.execute(sql`
    select s.company_id as "companyId", extract(year from s.paid_date)::int as "taxYear", l.pevo_id as "pevoId",
      sum(l.net)::bigint::text as "compensationCents", sum(l.gross)::bigint::text as "withReimbursedCents"
    from settlements s
    join (
      select company_id, settlement_id, pevo_id, pay_cents as net, pay_cents + reimbursed_cents as gross
      from settlement_jobs
      union all
      select company_id, settlement_id, pevo_id,
        case when kind in ('advance', 'deduction') then -amount_cents
          when kind = 'reimbursement' then 0 else amount_cents end,
        case when kind in ('advance', 'deduction') then -amount_cents else amount_cents end
      from settlement_adjustments
    ) l on l.company_id = s.company_id and l.settlement_id = s.id
    where s.status = 'paid' and s.company_id in (${ids})
    group by 1, 2, 3
    having sum(l.net) <> 0 or sum(l.gross) <> 0
    order by 1, 2, 3`);
  return (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
}

/** The kept rows of both companies equal the computed sums; the year end reads the same PEVOs. */
async function expectKeptExact() {
  const companies = [a.companyId, b.companyId];
  const kept = await t.db
    .select({
      companyId: paidCompensationYears.companyId,
      taxYear: paidCompensationYears.taxYear,
      pevoId: paidCompensationYears.pevoId,
      compensationCents: sql<string>`${paidCompensationYears.compensationCents}::text`,
      withReimbursedCents: sql<string>`${paidCompensationYears.withReimbursedCents}::text`,
    })
    .from(paidCompensationYears)
    .where(inArray(paidCompensationYears.companyId, companies))
    .orderBy(paidCompensationYears.companyId, paidCompensationYears.taxYear, paidCompensationYears.pevoId);
  const want = (await computed(companies)) as typeof kept;
  expect(kept).toEqual(want);
  for (const admin of [a, b]) {
    for (const year of [2024, 2025]) {
      const expected = want
        .filter(
          (r) => r.companyId === admin.companyId && r.taxYear === year && Number(r.compensationCents) > 0,
        )
        .sort(
          (x, y) =>
            Number(y.compensationCents) - Number(x.compensationCents) || (x.pevoId < y.pevoId ? -1 : 1),
        )
        .map((r) => [r.pevoId, (Number(r.compensationCents) / 100).toFixed(2)]);
      const page = await t.as(admin)("GET", `/api/tax-years/${year}/recipients?pageSize=100`);
      expect(page.status).toBe(200);
      expect(
        page.body.items.map((r: { pevoId: string; compensation: string }) => [r.pevoId, r.compensation]),
      ).toEqual(expected);
      expect(page.body.total).toBe(expected.length);
      const overview = await t.as(admin)("GET", `/api/tax-years/${year}`);
      expect(overview.body.recipientCount).toBe(expected.length);
    }
  }
  return kept;
}

describe("paid compensation kept per PEVO and year", () => {
  let paid: string;

  test("the SQL adjustment signs are packages/shared adjustmentSign", async () => {
    for (const kind of ADJUSTMENT_KINDS) {
      const rows = (await t.db.execute(
        sql`select paid_compensation_adjustment_cents(${kind}, 100, true)::int as gross,
          paid_compensation_adjustment_cents(${kind}, 100, false)::int as net`,
      )) as unknown as { rows?: { gross: number; net: number }[] } & { gross: number; net: number }[];
      const [row] = rows.rows ?? rows;
      expect(row?.gross).toBe(100 * adjustmentSign(kind));
      expect(row?.net).toBe(kind === "reimbursement" ? 0 : 100 * adjustmentSign(kind));
    }
  });

  test("a draft and an approved run count nothing; paying counts it in its payment date's year", async () => {
    paid = await draft(a, "2024-12-01", "2024-12-14", [
      [paula, "2024-12-02"],
      [paula, "2024-12-03"],
      [peter, "2024-12-04"],
    ]);
    await adjust(a, paid, paula, "bonus", "25.00");
    await adjust(a, paid, paula, "advance", "100.00");
    await adjust(a, paid, paula, "reimbursement", "50.00");
    await adjust(a, paid, peter, "deduction", "700.00");
    // An adjustment added, then removed from the draft.
    await adjust(a, paid, peter, "bonus", "10.00");
    const [dropped] = await t.db
      .select({ id: settlementAdjustments.id })
      .from(settlementAdjustments)
      .where(and(eq(settlementAdjustments.settlementId, paid), eq(settlementAdjustments.amountCents, 1000)));
    const removed = await t.as(a)("DELETE", `/api/settlements/${paid}/adjustments/${dropped?.id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await expectKeptExact()).toEqual([]);
    await post(a, `/api/settlements/${paid}/approve`);
    expect(await expectKeptExact()).toEqual([]);
    // Another company's run, paid: its row is its own.
    const other = await draft(b, "2024-12-01", "2024-12-14", [[bo, "2024-12-05"]]);
    await post(b, `/api/settlements/${other}/approve`);
    await post(b, `/api/settlements/${other}/pay`, { date: "2025-01-02", method: "ach", reference: "" });

    await post(a, `/api/settlements/${paid}/pay`, { date: "2024-12-20", method: "check", reference: "" });
    const kept = await expectKeptExact();
    // Paula 1400 + 25 − 100 (+ 50 reimbursed); Peter 700 − 700 with nothing reimbursed: no row.
    expect(kept.map((r) => [r.pevoId, r.taxYear, r.compensationCents, r.withReimbursedCents])).toEqual(
      expect.arrayContaining([
        [paula.pevoId, 2024, "132500", "137500"],
        [bo.pevoId, 2025, "70000", "70000"],
      ]),
    );
    expect(kept.find((r) => r.pevoId === peter.pevoId)).toBeUndefined();
  });

  test("a paid settlement's adjustments and jobs changed directly move the rows", async () => {
    const where = (pevo: TestPevo) =>
      and(eq(settlementAdjustments.settlementId, paid), eq(settlementAdjustments.pevoId, pevo.pevoId));
    await t.db.insert(settlementAdjustments).values({
      companyId: a.companyId,
      settlementId: paid,
      pevoId: peter.pevoId,
      kind: "bonus",
      amountCents: 5000,
      note: "Late bonus",
    });
    await expectKeptExact();
    await t.db
      .update(settlementAdjustments)
      .set({ amountCents: 20000 })
      .where(and(where(paula), eq(settlementAdjustments.kind, "advance")));
    await expectKeptExact();
    await t.db
      .update(settlementAdjustments)
      .set({ kind: "reimbursement" })
      .where(and(where(peter), eq(settlementAdjustments.kind, "bonus")));
    await expectKeptExact();
    await t.db
      .delete(settlementAdjustments)
      .where(and(where(paula), eq(settlementAdjustments.kind, "bonus")));
    await expectKeptExact();
    await t.db
      .update(settlementJobs)
      .set({ payCents: sql`${settlementJobs.payCents} + 1234`, reimbursedCents: 300 })
      .where(and(eq(settlementJobs.settlementId, paid), eq(settlementJobs.pevoId, paula.pevoId)));
    await expectKeptExact();
    // A job moved to another PEVO, then back.
    const [job] = await t.db
      .select({ dispatchId: settlementJobs.dispatchId })
      .from(settlementJobs)
      .where(and(eq(settlementJobs.settlementId, paid), eq(settlementJobs.pevoId, paula.pevoId)))
      .limit(1);
    const move = (pevo: TestPevo) =>
      t.db
        .update(settlementJobs)
        .set({ pevoId: pevo.pevoId })
        .where(
          and(eq(settlementJobs.settlementId, paid), eq(settlementJobs.dispatchId, job?.dispatchId ?? "")),
        );
    await move(peter);
    await expectKeptExact();
    await move(paula);
    await expectKeptExact();
  });

  test("a payment date moved to another year, un-paid, paid again, then deleted", async () => {
    const set = (values: Partial<typeof settlements.$inferInsert>) =>
      t.db.update(settlements).set(values).where(eq(settlements.id, paid));
    await set({ paidDate: "2025-01-05" });
    expect((await expectKeptExact()).some((r) => r.taxYear === 2024)).toBe(false);
    await set({ paidDate: "2025-03-01" });
    await expectKeptExact();
    await set({ paidDate: "2024-11-30" });
    await expectKeptExact();
    await set({ status: "approved", paidDate: null, paidMethod: null });
    expect((await expectKeptExact()).filter((r) => r.companyId === a.companyId)).toEqual([]);
    await set({ status: "paid", paidDate: "2025-06-30", paidMethod: "check" });
    expect((await expectKeptExact()).filter((r) => r.companyId === a.companyId).length).toBeGreaterThan(0);
    // Its jobs and adjustments go by the cascade: the rows must not count them twice.
    await t.db.delete(settlements).where(eq(settlements.id, paid));
    expect((await expectKeptExact()).filter((r) => r.companyId === a.companyId)).toEqual([]);
  });

  test("a company removed takes its rows; the other company's stay", async () => {
    const again = await draft(a, "2025-07-01", "2025-07-14", [[paula, "2025-07-02"]]);
    await post(a, `/api/settlements/${again}/approve`);
    await post(a, `/api/settlements/${again}/pay`, { date: "2025-07-20", method: "ach", reference: "" });
    expect((await expectKeptExact()).filter((r) => r.companyId === a.companyId)).toHaveLength(1);
    await removeCompany({ db: t.db, storage: t.storage }, a.companyId);
    const left = await t.db
      .select({ companyId: paidCompensationYears.companyId })
      .from(paidCompensationYears)
      .where(inArray(paidCompensationYears.companyId, [a.companyId, b.companyId]));
    expect(left).toEqual([{ companyId: b.companyId }]);
  });
});

import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  ADJUSTMENT_KINDS,
  computeJobPay,
  type PayJob,
  type PayPlanTerms,
  statementLines,
  statementTotals,
} from "./pay-math";
import { periodEnd } from "./pay-periods";

const plan = (terms: Partial<PayPlanTerms>): PayPlanTerms => ({
  kind: "per_job",
  percentBasisPoints: null,
  dayRateCents: null,
  mileRateCents: null,
  mileageMinimum: null,
  overnightCents: null,
  noGoCents: null,
  waitRateCents: null,
  waitThresholdHours: null,
  deadheadRateCents: null,
  perDiemCents: null,
  highPoleCents: null,
  reimbursedExpenses: [],
  ...terms,
});
const trip = (t: Partial<PayJob["trips"][number]> = {}): PayJob["trips"][number] => ({
  tripDate: "2026-11-02",
  miles: "0",
  waitHours: "0",
  standbyHours: "0",
  overnight: false,
  noGo: false,
  expenses: [],
  ...t,
});
const job = (j: Partial<PayJob> = {}): PayJob => ({
  invoicedCents: null,
  deadheadMiles: null,
  highPole: false,
  trips: [trip()],
  ...j,
});

describe("a job's pay per plan kind", () => {
  test.each([
    {
      name: "70% of an invoice of 228.29 (159.803 rounds to 159.80)",
      plan: plan({ kind: "percentage", percentBasisPoints: 7000 }),
      job: job({ invoicedCents: 22829 }),
      pay: 15980,
    },
    {
      name: "72.5% of 228.29 rounds half up (165.51025 → 165.51)",
      plan: plan({ kind: "percentage", percentBasisPoints: 7250 }),
      job: job({ invoicedCents: 22829 }),
      pay: 16551,
    },
    {
      name: "a percentage of a job not invoiced yet is nothing",
      plan: plan({ kind: "percentage", percentBasisPoints: 7000 }),
      job: job({ invoicedCents: null }),
      pay: 0,
    },
    {
      name: "per mile above the 100-mile minimum: 123.4 mi × $0.85 = 104.89",
      plan: plan({ mileRateCents: 85, mileageMinimum: "100.00" }),
      job: job({ trips: [trip({ miles: "123.4" })] }),
      pay: 10489,
    },
    {
      name: "per mile below the 100-mile minimum: 60 mi paid as 100 × $0.85",
      plan: plan({ mileRateCents: 85, mileageMinimum: "100.00" }),
      job: job({ trips: [trip({ miles: "60" })] }),
      pay: 8500,
    },
    {
      name: "the minimum is per day: 60 + 123.4 mi on two days pay 100 + 123.4",
      plan: plan({ mileRateCents: 100, mileageMinimum: "100" }),
      job: job({ trips: [trip({ miles: "60" }), trip({ tripDate: "2026-11-03", miles: "123.4" })] }),
      pay: 22340,
    },
    {
      name: "wait hours after a 2-hour threshold: 3.5 wait + 1 standby → 2.5 h × $25",
      plan: plan({ waitRateCents: 2500, waitThresholdHours: 2 }),
      job: job({ trips: [trip({ waitHours: "3.5", standbyHours: "1" })] }),
      pay: 6250,
    },
    {
      name: "wait under the threshold pays nothing",
      plan: plan({ waitRateCents: 2500, waitThresholdHours: 2 }),
      job: job({ trips: [trip({ waitHours: "1.75" })] }),
      pay: 0,
    },
    {
      name: "day rate, per diem, overnight, no-go, deadhead and high pole",
      plan: plan({
        dayRateCents: 25000,
        perDiemCents: 4000,
        overnightCents: 7500,
        noGoCents: 15000,
        deadheadRateCents: 50,
        highPoleCents: 5000,
      }),
      job: job({
        highPole: true,
        deadheadMiles: "80",
        trips: [trip({ overnight: true }), trip({ tripDate: "2026-11-03", noGo: true })],
      }),
      // 2 days × (250 + 40 + 50) + 75 + 150 + 80 × 0.50
      pay: 2 * 34000 + 7500 + 15000 + 4000,
    },
  ])("$name", ({ plan, job, pay }) => {
    const result = computeJobPay(plan, job);
    expect(result.payCents).toBe(pay);
    expect(result.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(pay);
  });

  test("expenses are reimbursed only for the kinds the plan names", () => {
    const expenses = [
      { type: "fuel" as const, amountCents: 9640 },
      { type: "lodging" as const, amountCents: 11900 },
      { type: "tolls" as const, amountCents: 1275 },
    ];
    const reimbursed = computeJobPay(
      plan({ dayRateCents: 25000, reimbursedExpenses: ["fuel", "tolls"] }),
      job({ trips: [trip({ expenses })] }),
    );
    expect(reimbursed.reimbursedCents).toBe(9640 + 1275);
    expect(reimbursed.expenses.map((e) => e.reimbursed)).toEqual([true, false, true]);
    const none = computeJobPay(plan({ dayRateCents: 25000 }), job({ trips: [trip({ expenses })] }));
    expect(none.reimbursedCents).toBe(0);
    expect(none.payCents).toBe(25000);
  });

  test("an advance is deducted from the net, a bonus and a reimbursement added", () => {
    const totals = statementTotals(
      [{ payCents: 15980, reimbursedCents: 9640 }],
      [
        { kind: "advance", amountCents: 10000 },
        { kind: "deduction", amountCents: 500 },
        { kind: "bonus", amountCents: 2500 },
        { kind: "reimbursement", amountCents: 1200 },
      ],
    );
    expect(totals).toEqual({
      payCents: 15980,
      reimbursedCents: 9640,
      adjustmentsCents: -10000 - 500 + 2500 + 1200,
      netCents: 15980 + 9640 - 10000 - 500 + 2500 + 1200,
    });
  });
});

describe("a statement's total", () => {
  const cents = fc.integer({ min: 0, max: 100_000_000 });
  test("equals the sum of its lines, on random jobs and adjustments", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ label: fc.string(), payCents: cents, reimbursedCents: cents }), {
          maxLength: 30,
        }),
        fc.array(
          fc.record({ kind: fc.constantFrom(...ADJUSTMENT_KINDS), amountCents: cents, note: fc.string() }),
          { maxLength: 10 },
        ),
        (jobs, adjustments) => {
          const lines = statementLines(jobs, adjustments);
          const totals = statementTotals(jobs, adjustments);
          expect(totals.netCents).toBe(lines.reduce((s, l) => s + l.amountCents, 0));
          expect(totals.netCents).toBe(totals.payCents + totals.reimbursedCents + totals.adjustmentsCents);
        },
      ),
    );
  });

  test("a job's pay equals the sum of its pay lines, on random trip logs", () => {
    const quantity = fc.integer({ min: 0, max: 200_000 }).map((h) => (h / 100).toFixed(2));
    const rate = fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null });
    fc.assert(
      fc.property(
        fc.record({
          dayRateCents: rate,
          mileRateCents: rate,
          waitRateCents: rate,
          perDiemCents: rate,
          waitThresholdHours: fc.integer({ min: 0, max: 24 }),
        }),
        fc.array(fc.record({ day: fc.integer({ min: 1, max: 9 }), miles: quantity, waitHours: quantity }), {
          maxLength: 8,
        }),
        (rates, trips) => {
          const pay = computeJobPay(
            plan(rates),
            job({
              trips: trips.map((t) =>
                trip({ tripDate: `2026-11-0${t.day}`, miles: t.miles, waitHours: t.waitHours }),
              ),
            }),
          );
          expect(pay.payCents).toBe(pay.lines.reduce((s, l) => s + l.amountCents, 0));
          expect(pay.payCents).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("pay periods", () => {
  test.each([
    ["weekly", "2026-11-02", "2026-11-08"],
    ["biweekly", "2026-11-02", "2026-11-15"],
    ["semi_monthly", "2026-11-01", "2026-11-15"],
    ["semi_monthly", "2026-11-16", "2026-11-30"],
    ["semi_monthly", "2026-02-16", "2026-02-28"],
  ] as const)("%s from %s ends %s", (kind, start, end) => {
    expect(periodEnd(kind, start)).toBe(end);
  });
});

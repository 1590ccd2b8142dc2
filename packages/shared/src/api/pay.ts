import { z } from "zod";
import { EXPENSE_TYPES, type PAYMENT_METHODS } from "../constants";
import { NUMBER_LIMITS, TEXT_LIMITS } from "../limits";
import { ADJUSTMENT_KINDS, PAY_PLAN_KINDS } from "../pay-math";
import { MAX_PAY_PERIOD_DAYS, PAY_PERIOD_KINDS, periodDays } from "../pay-periods";
import { optionalMoney, optionalQuantity } from "../schemas/additional-rates";
import { boundedText, dateInWindow, requiredText } from "../schemas/fields";
import { paymentAmount } from "../schemas/invoice-payment";
import { ZDay, ZDecimal, ZId, ZTimestamp } from "./common";
import { cursorPage, offsetPage, ZCursorParams, ZPageParams } from "./paging";

/** How a PEVO was paid (a settlement's payment). */
export const SETTLEMENT_PAY_METHODS = [
  "ach",
  "check",
  "cash",
  "other",
] as const satisfies readonly (typeof PAYMENT_METHODS)[number][];
export type SettlementPayMethod = (typeof SETTLEMENT_PAY_METHODS)[number];
export const SETTLEMENT_PAY_METHOD_LABELS: Record<SettlementPayMethod, string> = {
  ach: "ACH",
  check: "Check",
  cash: "Cash",
  other: "Other",
};
export const SETTLEMENT_STATUSES = ["draft", "approved", "paid"] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const PERCENT_MESSAGE = "Enter a percentage from 0 to 100 with up to 2 decimals";

/** POST /api/pay-plans/…: a new version of a plan, in force from `effectiveFrom` (DECISIONS 'PEVO pay'). */
export const ZPayPlanInput = z
  .object({
    effectiveFrom: dateInWindow("Effective date is required", "Effective date"),
    kind: z.enum(PAY_PLAN_KINDS, { error: "Choose how the PEVO is paid" }),
    percent: z
      .union([z.string(), z.number()], { error: PERCENT_MESSAGE })
      .nullish()
      .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
      .refine((v) => v === "" || (PERCENT.test(v) && Number(v) <= 100), { message: PERCENT_MESSAGE })
      .transform((v) => (v === "" ? null : Number(v).toFixed(2))),
    dayRate: optionalMoney("Day rate"),
    mileRate: optionalMoney("Rate per mile"),
    mileageMinimum: optionalQuantity("Mileage minimum", NUMBER_LIMITS.maxTripMiles),
    overnightRate: optionalMoney("Overnight rate"),
    noGoRate: optionalMoney("No-go rate"),
    waitRate: optionalMoney("Wait / standby rate"),
    waitThreshold: z
      .union([z.string(), z.number()], { error: "Wait threshold must be whole hours" })
      .nullish()
      .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
      .refine((v) => v === "" || (/^\d{1,2}$/.test(v) && Number(v) <= 24), {
        message: "Enter whole hours from 0 to 24",
      })
      .transform((v) => (v === "" ? null : Number(v))),
    deadheadRate: optionalMoney("Deadhead rate"),
    perDiem: optionalMoney("Per diem"),
    highPoleRate: optionalMoney("High-pole premium"),
    reimbursedExpenses: z
      .array(z.enum(EXPENSE_TYPES, { error: "Choose fuel, lodging, tolls or other" }), {
        error: "Choose the reimbursed expenses",
      })
      .max(EXPENSE_TYPES.length, { message: "Each expense kind once" })
      .optional()
      .default([])
      .transform((v) => [...new Set(v)]),
  })
  .superRefine((p, ctx) => {
    if (p.kind === "percentage" && p.percent === null) {
      ctx.addIssue({ code: "custom", path: ["percent"], message: "Enter the percentage" });
    }
    const rates = [
      p.dayRate,
      p.mileRate,
      p.overnightRate,
      p.noGoRate,
      p.waitRate,
      p.deadheadRate,
      p.perDiem,
      p.highPoleRate,
    ];
    if (p.kind === "per_job" && rates.every((r) => r === null)) {
      ctx.addIssue({ code: "custom", path: ["dayRate"], message: "Enter at least one rate" });
    }
    if (p.mileageMinimum !== null && p.mileRate === null) {
      ctx.addIssue({ code: "custom", path: ["mileRate"], message: "Enter the rate per mile" });
    }
    if (p.waitThreshold !== null && p.waitRate === null) {
      ctx.addIssue({ code: "custom", path: ["waitRate"], message: "Enter the wait / standby rate" });
    }
  });
export type TPayPlanInput = z.input<typeof ZPayPlanInput>;
export type TPayPlanSave = z.output<typeof ZPayPlanInput>;

export const ZPayPlan = z.object({
  id: ZId,
  pevoId: ZId.nullable().describe("Null for the company default"),
  effectiveFrom: ZDay,
  kind: z.enum(PAY_PLAN_KINDS),
  percent: ZDecimal.nullable(),
  dayRate: ZDecimal.nullable(),
  mileRate: ZDecimal.nullable(),
  mileageMinimum: ZDecimal.nullable(),
  overnightRate: ZDecimal.nullable(),
  noGoRate: ZDecimal.nullable(),
  waitRate: ZDecimal.nullable(),
  waitThreshold: z.number().int().nullable(),
  deadheadRate: ZDecimal.nullable(),
  perDiem: ZDecimal.nullable(),
  highPoleRate: ZDecimal.nullable(),
  reimbursedExpenses: z.array(z.enum(EXPENSE_TYPES)),
  createdAt: ZTimestamp,
});
export type TPayPlan = z.output<typeof ZPayPlan>;

/** A plan's versions, newest effective date first; `current` is the one in force today. */
export const ZPayPlans = z.object({
  current: ZPayPlan.nullable(),
  versions: z.array(ZPayPlan),
  companyDefault: ZPayPlan.nullable().describe(
    "The company default in force today (a PEVO without a plan is paid by it)",
  ),
});
export type TPayPlans = z.output<typeof ZPayPlans>;

/** POST /api/settlements: a run for a pay period. */
export const ZCreateSettlement = z
  .object({
    periodKind: z.enum(PAY_PERIOD_KINDS, { error: "Choose a pay period" }),
    periodStart: dateInWindow("Start date is required", "Start date"),
    periodEnd: dateInWindow("End date is required", "End date"),
    includeUninvoiced: z
      .boolean({ error: "Choose whether jobs not invoiced yet are paid" })
      .optional()
      .default(false),
  })
  .superRefine((p, ctx) => {
    if (p.periodEnd < p.periodStart) {
      ctx.addIssue({
        code: "custom",
        path: ["periodEnd"],
        message: "End date must be on or after the start date",
      });
    } else if (periodDays(p.periodStart, p.periodEnd) > MAX_PAY_PERIOD_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["periodEnd"],
        message: `A pay period is at most ${MAX_PAY_PERIOD_DAYS} days`,
      });
    }
  });
export type TCreateSettlementInput = z.input<typeof ZCreateSettlement>;
export type TCreateSettlement = z.output<typeof ZCreateSettlement>;

export const ZSettlementAdjustmentInput = z.object({
  pevoId: z.uuid({ error: "Choose the PEVO" }),
  kind: z.enum(ADJUSTMENT_KINDS, { error: "Choose advance, deduction, bonus or reimbursement" }),
  amount: paymentAmount(),
  note: requiredText("Note is required", "Note", TEXT_LIMITS.reason),
});
export type TSettlementAdjustmentInput = z.input<typeof ZSettlementAdjustmentInput>;
export type TSettlementAdjustment = z.output<typeof ZSettlementAdjustmentInput>;

export const ZMarkSettlementPaid = z.object({
  date: dateInWindow("Payment date is required", "Payment date"),
  method: z.enum(SETTLEMENT_PAY_METHODS, { error: "Choose ACH, check, cash or other" }),
  reference: boundedText("Reference", TEXT_LIMITS.code),
});
export type TMarkSettlementPaidInput = z.input<typeof ZMarkSettlementPaid>;
export type TMarkSettlementPaid = z.output<typeof ZMarkSettlementPaid>;

const ZPayLineOut = z.object({ kind: z.string(), label: z.string(), quantity: z.string(), amount: ZDecimal });
const ZExpenseOut = z.object({
  type: z.enum(EXPENSE_TYPES),
  label: z.string(),
  amount: ZDecimal,
  reimbursed: z.boolean(),
});

/** A job on a statement: what the PEVO sees of it too (no invoice amount, no margin). */
export const ZStatementJob = z.object({
  dispatchId: ZId,
  jobNumber: z.string(),
  date: ZDay,
  route: z.string(),
  position: z.string(),
  lines: z.array(ZPayLineOut),
  expenses: z.array(ZExpenseOut),
  pay: ZDecimal,
  reimbursed: ZDecimal,
});
export type TStatementJob = z.output<typeof ZStatementJob>;

const ZStatementTotals = z.object({
  pay: ZDecimal,
  reimbursed: ZDecimal,
  adjustments: ZDecimal,
  net: ZDecimal,
});

export const ZSettlementAdjustment = z.object({
  id: ZId,
  kind: z.enum(ADJUSTMENT_KINDS),
  amount: ZDecimal,
  note: z.string(),
});

/** The office's view of a job: the statement's job plus the invoice behind it. */
const ZOfficeJob = ZStatementJob.extend({
  invoiced: ZDecimal.nullable().describe(
    "What the job invoiced for the PEVO's lines; null when not invoiced",
  ),
  planId: ZId.nullable().describe("The plan it is paid under; null when no plan is in force"),
});

export const ZSettlementPevo = z.object({
  pevoId: ZId,
  pevoName: z.string(),
  jobs: z.array(ZOfficeJob),
  adjustments: z.array(ZSettlementAdjustment),
  totals: ZStatementTotals,
});

export const ZSettlement = z.object({
  id: ZId,
  periodKind: z.enum(PAY_PERIOD_KINDS),
  periodStart: ZDay,
  periodEnd: ZDay,
  includeUninvoiced: z.boolean(),
  status: z.enum(SETTLEMENT_STATUSES),
  approvedAt: ZTimestamp.nullable(),
  paidDate: ZDay.nullable(),
  paidMethod: z.enum(SETTLEMENT_PAY_METHODS).nullable(),
  paidReference: z.string().nullable(),
  createdAt: ZTimestamp,
  pevos: z.array(ZSettlementPevo),
  net: ZDecimal,
});
export type TSettlement = z.output<typeof ZSettlement>;
export type TSettlementPevo = z.output<typeof ZSettlementPevo>;

/** A PEVO's line of a run: the totals without the jobs (those are read per PEVO). */
export const ZSettlementPevoSummary = ZSettlementPevo.pick({
  pevoId: true,
  pevoName: true,
  totals: true,
}).extend({
  jobCount: z.number().int(),
});
export type TSettlementPevoSummary = z.output<typeof ZSettlementPevoSummary>;

/**
 * The office's run: its state and totals (PEVOs, jobs, net), without its PEVOs, which are read a
 * page at a time (GET /api/settlements/{id}/pevos), each PEVO's jobs and adjustments on their own
 * (GET /api/settlements/{id}/pevos/{pevoId}): a run of hundreds of PEVOs answers what a run of three
 * does (docs/performance.md).
 */
export const ZSettlementSummary = ZSettlement.omit({ pevos: true }).extend({
  pevoCount: z.number().int().describe("PEVOs with a job or an adjustment in the run"),
  jobCount: z.number().int(),
});
export type TSettlementSummary = z.output<typeof ZSettlementSummary>;

/** A page of a run's PEVOs with their totals, in name order. */
export const ZSettlementPevoPage = offsetPage(ZSettlementPevoSummary);
export type TSettlementPevoPage = z.output<typeof ZSettlementPevoPage>;

export const ZSettlementListItem = z.object({
  id: ZId,
  periodKind: z.enum(PAY_PERIOD_KINDS),
  periodStart: ZDay,
  periodEnd: ZDay,
  status: z.enum(SETTLEMENT_STATUSES),
  pevoCount: z.number().int(),
  jobCount: z.number().int(),
  net: ZDecimal,
  paidDate: ZDay.nullable(),
  createdAt: ZTimestamp,
});
export type TSettlementListItem = z.output<typeof ZSettlementListItem>;
export const ZSettlementListParams = ZPageParams;
/** GET /api/settlements/{id}/pevos: a page of the run's PEVOs, in name order. */
export const ZSettlementPevosParams = ZPageParams;

/** One of the PEVO's own statements (an approved or paid settlement): their jobs' pay, never the invoice. */
export const ZEarningsStatement = z.object({
  settlementId: ZId,
  periodStart: ZDay,
  periodEnd: ZDay,
  status: z.enum(["approved", "paid"]),
  paidDate: ZDay.nullable(),
  net: ZDecimal,
  jobs: z.array(ZStatementJob),
  adjustments: z.array(ZSettlementAdjustment.omit({ id: true })),
});
export type TEarningsStatement = z.output<typeof ZEarningsStatement>;

/** GET /api/portal/earnings: a keyset page of the PEVO's statements, newest period first. */
export const ZEarningsQuery = ZCursorParams;

/**
 * GET /api/portal/earnings: a keyset page of the PEVO's own approved and paid statements (newest
 * period first) and, on every page, this year's paid total and how many statements it sums.
 */
export const ZEarnings = cursorPage(ZEarningsStatement).extend({
  year: z.number().int(),
  yearTotal: ZDecimal.describe("Net of this year's paid statements (by payment date)"),
  yearStatements: z.number().int().describe("How many statements were paid this year (by payment date)"),
});
export type TEarnings = z.output<typeof ZEarnings>;

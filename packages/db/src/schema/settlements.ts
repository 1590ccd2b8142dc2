import {
  ADJUSTMENT_KINDS,
  EXPENSE_TYPES,
  TEXT_LIMITS as L,
  NUMBER_LIMITS,
  PAY_PERIOD_KINDS,
  PAY_PLAN_KINDS,
  SETTLEMENT_STATUSES,
} from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, dispatches, pevos, ref, tenantKeys } from "./business";
import { maxLength, range } from "./constraints";
import { paymentMethod } from "./enums";

export const payPlanKind = pgEnum("pay_plan_kind", PAY_PLAN_KINDS);
export const payPeriodKind = pgEnum("pay_period_kind", PAY_PERIOD_KINDS);
export const settlementStatus = pgEnum("settlement_status", SETTLEMENT_STATUSES);
export const settlementAdjustmentKind = pgEnum("settlement_adjustment_kind", ADJUSTMENT_KINDS);

/** The largest amount in cents (NUMBER_LIMITS.maxMoney). */
const MAX_CENTS = 100_000_000;
const cents = (name: string) => bigint(name, { mode: "number" });
const centsRange = (table: string, column: PgColumn) =>
  check(
    `${table}_${column.name}_range`,
    sql`${column} is null or ${column} between 0 and ${sql.raw(String(MAX_CENTS))}`,
  );

/**
 * A version of a pay plan (DECISIONS 'PEVO pay'): the company default (pevo_id null) or one PEVO's,
 * in force from `effective_from` until the next version's. Rows are only ever added: a job is paid
 * under the version in force on its day, and an approved settlement keeps its figures.
 */
export const payPlans = pgTable(
  "pay_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    pevoId: uuid("pevo_id"),
    effectiveFrom: date("effective_from").notNull(),
    kind: payPlanKind("kind").notNull(),
    /** Of the job's invoice, in basis points (7000 = 70%). */
    percentBasisPoints: integer("percent_basis_points"),
    dayRateCents: cents("day_rate_cents"),
    mileRateCents: cents("mile_rate_cents"),
    mileageMinimum: numeric("mileage_minimum", { precision: 12, scale: 2 }),
    overnightCents: cents("overnight_cents"),
    noGoCents: cents("no_go_cents"),
    waitRateCents: cents("wait_rate_cents"),
    waitThresholdHours: integer("wait_threshold_hours"),
    deadheadRateCents: cents("deadhead_rate_cents"),
    perDiemCents: cents("per_diem_cents"),
    highPoleCents: cents("high_pole_cents"),
    reimbursedExpenses: text("reimbursed_expenses").array().notNull().default(sql`'{}'::text[]`),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantKeys("pay_plans", t),
    ref("pay_plans_pevo_fk", t, t.pevoId, pevos, "cascade"),
    index("pay_plans_company_pevo_effective_idx").on(t.companyId, t.pevoId, t.effectiveFrom),
    check(
      "pay_plans_percent_range",
      sql`${t.percentBasisPoints} is null or ${t.percentBasisPoints} between 0 and 10000`,
    ),
    check("pay_plans_percentage_set", sql`${t.kind} <> 'percentage' or ${t.percentBasisPoints} is not null`),
    check(
      "pay_plans_reimbursed_expenses_kinds",
      sql`${t.reimbursedExpenses} <@ array[${sql.raw(EXPENSE_TYPES.map((e) => `'${e}'`).join(", "))}]::text[]`,
    ),
    range("pay_plans", t.mileageMinimum, NUMBER_LIMITS.maxTripMiles),
    check(
      "pay_plans_wait_threshold_hours_range",
      sql`${t.waitThresholdHours} is null or ${t.waitThresholdHours} between 0 and 24`,
    ),
    centsRange("pay_plans", t.dayRateCents),
    centsRange("pay_plans", t.mileRateCents),
    centsRange("pay_plans", t.overnightCents),
    centsRange("pay_plans", t.noGoCents),
    centsRange("pay_plans", t.waitRateCents),
    centsRange("pay_plans", t.deadheadRateCents),
    centsRange("pay_plans", t.perDiemCents),
    centsRange("pay_plans", t.highPoleCents),
  ],
);

/**
 * A settlement run (DECISIONS 'PEVO pay'): the completed jobs of a pay period, per PEVO, with their
 * pay. draft (its stale jobs recomputed on the next read) → approved (figures stored, locked) → paid.
 */
export const settlements = pgTable(
  "settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    periodKind: payPeriodKind("period_kind").notNull(),
    periodStart: date("period_start").notNull(),
    periodEnd: date("period_end").notNull(),
    includeUninvoiced: boolean("include_uninvoiced").notNull().default(false),
    status: settlementStatus("status").notNull().default("draft"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedBy: text("approved_by"),
    paidDate: date("paid_date"),
    paidMethod: paymentMethod("paid_method"),
    paidReference: text("paid_reference"),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantKeys("settlements", t),
    ref("settlements_approved_by_fk", t, t.approvedBy, user, "set null"),
    index("settlements_company_created_idx").on(t.companyId, t.createdAt, t.id),
    // The year end's paid settlements by payment date (the 1099-NEC totals, a PEVO's year total).
    index("settlements_company_paid_idx").on(t.companyId, t.paidDate).where(sql`${t.status} = 'paid'`),
    maxLength("settlements", t.paidReference, L.code),
    check("settlements_period_order", sql`${t.periodEnd} >= ${t.periodStart}`),
    check(
      "settlements_state",
      sql`(${t.status} = 'draft' or ${t.approvedAt} is not null)
        and (${t.status} <> 'paid' or (${t.paidDate} is not null and ${t.paidMethod} is not null))`,
    ),
  ],
);

/**
 * A job a settlement pays. A job is paid in exactly one settlement: the unique (company_id,
 * dispatch_id) refuses a second claim, also from a concurrent run. The figures (pay lines and
 * expenses as JSON, their sums in cents) are recomputed while the settlement is a draft (when an
 * input changed: `stale`) and frozen when it is approved.
 */
export const settlementJobs = pgTable(
  "settlement_jobs",
  {
    companyId: companyId(),
    settlementId: uuid("settlement_id").notNull(),
    dispatchId: uuid("dispatch_id").notNull(),
    pevoId: uuid("pevo_id").notNull(),
    /** The plan version it is paid under; null when none was in force. */
    payPlanId: uuid("pay_plan_id"),
    jobDate: date("job_date").notNull(),
    jobNumber: text("job_number").notNull(),
    route: text("route").notNull(),
    position: text("position").notNull(),
    invoicedCents: cents("invoiced_cents"),
    payCents: cents("pay_cents").notNull().default(0),
    reimbursedCents: cents("reimbursed_cents").notNull().default(0),
    /** { lines: PayLine[], expenses: ExpenseLine[] } of packages/shared pay-math. */
    figures: jsonb("figures").notNull().default(sql`'{"lines":[],"expenses":[]}'::jsonb`),
    /**
     * An input of the job's figures changed since they were stored (its trip log or expenses, its
     * invoices, its dispatch, rate confirmation or deadhead miles, a pay plan): set in the writer's
     * transaction by the triggers of migration 0048 while the run is a draft; the next read of the
     * draft recomputes these jobs only (DECISIONS 'PEVO pay').
     */
    stale: boolean("stale").notNull().default(false),
  },
  (t) => [
    primaryKey({ name: "settlement_jobs_pkey", columns: [t.settlementId, t.dispatchId] }),
    uniqueIndex("settlement_jobs_dispatch_once_key").on(t.companyId, t.dispatchId),
    ref("settlement_jobs_settlement_fk", t, t.settlementId, settlements, "cascade"),
    ref("settlement_jobs_dispatch_fk", t, t.dispatchId, dispatches, "restrict"),
    ref("settlement_jobs_pevo_fk", t, t.pevoId, pevos, "restrict"),
    ref("settlement_jobs_plan_fk", t, t.payPlanId, payPlans, "restrict"),
    // A PEVO's own jobs (the portal's Earnings: which settlements, the page's jobs, the year total).
    index("settlement_jobs_company_pevo_idx").on(t.companyId, t.pevoId, t.settlementId),
    // A draft's read asks whether any of its jobs is stale: a few rows at most, usually none.
    index("settlement_jobs_stale_idx").on(t.settlementId).where(sql`${t.stale}`),
    maxLength("settlement_jobs", t.jobNumber, L.code),
    maxLength("settlement_jobs", t.route, L.longText),
    maxLength("settlement_jobs", t.position, L.label),
    check("settlement_jobs_pay_cents_range", sql`${t.payCents} between 0 and 9999999999`),
    check("settlement_jobs_reimbursed_cents_range", sql`${t.reimbursedCents} between 0 and 9999999999`),
  ],
);

/** An adjustment on a PEVO's statement: an advance or deduction (subtracted), a bonus or reimbursement. */
export const settlementAdjustments = pgTable(
  "settlement_adjustments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    settlementId: uuid("settlement_id").notNull(),
    pevoId: uuid("pevo_id").notNull(),
    kind: settlementAdjustmentKind("kind").notNull(),
    amountCents: cents("amount_cents").notNull(),
    note: text("note").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ...tenantKeys("settlement_adjustments", t),
    ref("settlement_adjustments_settlement_fk", t, t.settlementId, settlements, "cascade"),
    ref("settlement_adjustments_pevo_fk", t, t.pevoId, pevos, "restrict"),
    index("settlement_adjustments_settlement_idx").on(t.companyId, t.settlementId),
    // A PEVO's own adjustments (the portal's Earnings and its year total).
    index("settlement_adjustments_company_pevo_idx").on(t.companyId, t.pevoId, t.settlementId),
    maxLength("settlement_adjustments", t.note, L.reason),
    check(
      "settlement_adjustments_amount_cents_range",
      sql`${t.amountCents} between 1 and ${sql.raw(String(MAX_CENTS))}`,
    ),
  ],
);

import { EXPENSE_TYPE_LABELS, type ExpenseType } from "./constants";
import { toCents } from "./money";
import { RATE_KINDS, type RateKind } from "./rate-kinds";

/**
 * A PEVO's pay for one job and a settlement statement's net, in exact integer cents (DECISIONS
 * 'PEVO pay'). Pure: the server feeds it the job's invoice lines, rate confirmation and trip log.
 */

export const PAY_PLAN_KINDS = ["percentage", "per_job"] as const;
export type PayPlanKind = (typeof PAY_PLAN_KINDS)[number];
export const PAY_PLAN_KIND_LABELS: Record<PayPlanKind, string> = {
  percentage: "Percentage of the job's invoice",
  per_job: "Per job, by rate kind",
};

/** The rate kinds a per-job plan pays (tolls are an expense: reimbursed or not). */
export const PAY_RATE_KINDS = [
  "day",
  "mileage",
  "mileage_minimum",
  "overnight",
  "no_go",
  "standby",
  "deadhead",
  "per_diem",
  "high_pole",
] as const satisfies readonly RateKind[];
export type PayRateKind = (typeof PAY_RATE_KINDS)[number];

/** A plan's terms: the percentage in basis points (7000 = 70%), rates in cents, the minimum in miles. */
export type PayPlanTerms = {
  kind: PayPlanKind;
  percentBasisPoints: number | null;
  dayRateCents: number | null;
  mileRateCents: number | null;
  /** Miles per day paid at least (a decimal string, two places). */
  mileageMinimum: string | null;
  overnightCents: number | null;
  noGoCents: number | null;
  /** Wait and standby hours of a day beyond the threshold × this rate. */
  waitRateCents: number | null;
  waitThresholdHours: number | null;
  deadheadRateCents: number | null;
  perDiemCents: number | null;
  highPoleCents: number | null;
  reimbursedExpenses: ExpenseType[];
};

export type PayTrip = {
  tripDate: string;
  miles: string;
  waitHours: string;
  standbyHours: string;
  overnight: boolean;
  noGo: boolean;
  expenses: { type: ExpenseType; amountCents: number }[];
};

export type PayJob = {
  /** What the job invoiced for this PEVO's lines (cents); null when not invoiced yet. */
  invoicedCents: number | null;
  /** Deadhead miles agreed on the rate confirmation. */
  deadheadMiles: string | null;
  /** The dispatch fills a high pole car position. */
  highPole: boolean;
  trips: PayTrip[];
};

export type PayLineKind = "percentage" | PayRateKind | "expense";
export type PayLine = {
  kind: PayLineKind;
  label: string;
  /** What was counted (days, miles, hours, a percentage), as printed. */
  quantity: string;
  amountCents: number;
};
export type ExpenseLine = {
  type: ExpenseType;
  label: string;
  amountCents: number;
  reimbursed: boolean;
};
export type JobPay = {
  lines: PayLine[];
  expenses: ExpenseLine[];
  /** Σ pay lines. */
  payCents: number;
  /** Σ reimbursed expenses. */
  reimbursedCents: number;
};

/** A decimal quantity (up to two places) × a rate in cents, rounded half up to the cent. */
export function quantityTimesCents(quantity: string, rateCents: number): number {
  const product = BigInt(toCents(quantity)) * BigInt(rateCents); // hundredths × cents
  return Number((product + 50n) / 100n);
}

/** cents × basis points / 10 000, rounded half up to the cent. */
export function percentOfCents(cents: number, basisPoints: number): number {
  const product = BigInt(cents) * BigInt(basisPoints);
  const rounded = product >= 0n ? (product + 5000n) / 10000n : -((-product + 5000n) / 10000n);
  return Number(rounded);
}

/** 7000 → "70", 7050 → "70.5". */
export const percentText = (basisPoints: number) => String(basisPoints / 100);

const hundredths = (cents: number) => {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`.replace(/0$/, "");
};

type Day = { date: string; milesH: number; waitH: number; overnight: boolean; noGo: boolean };

function daysOf(trips: PayTrip[]): Day[] {
  const byDate = new Map<string, Day>();
  for (const trip of trips) {
    const day = byDate.get(trip.tripDate) ?? {
      date: trip.tripDate,
      milesH: 0,
      waitH: 0,
      overnight: false,
      noGo: false,
    };
    day.milesH += toCents(trip.miles);
    day.waitH += toCents(trip.waitHours) + toCents(trip.standbyHours);
    day.overnight ||= trip.overnight;
    day.noGo ||= trip.noGo;
    byDate.set(trip.tripDate, day);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

const plural = (n: string, one: string, many: string) => `${n} ${n === "1" ? one : many}`;

/**
 * A job's pay under a plan: a percentage of what the job invoiced for the PEVO's lines, or the
 * per-job rates on the trip log (a day with no entry still counts as one day when nothing was
 * logged); plus the expenses of the trip log, reimbursed when the plan says so.
 */
export function computeJobPay(plan: PayPlanTerms, job: PayJob): JobPay {
  const lines: PayLine[] = [];
  const add = (kind: PayLineKind, label: string, quantity: string, amountCents: number) => {
    if (amountCents !== 0) lines.push({ kind, label, quantity, amountCents });
  };
  if (plan.kind === "percentage") {
    const bp = plan.percentBasisPoints ?? 0;
    const invoiced = job.invoicedCents ?? 0;
    add(
      "percentage",
      "Share of the job's invoice",
      `${percentText(bp)}% of $${hundredths(invoiced)}`,
      percentOfCents(invoiced, bp),
    );
  } else {
    const days = daysOf(job.trips);
    const dayCount = Math.max(days.length, 1);
    const dayText = String(dayCount);
    if (plan.dayRateCents)
      add("day", RATE_KINDS.day.label, plural(dayText, "day", "days"), dayCount * plan.dayRateCents);
    if (plan.mileRateCents) {
      const minimumH = plan.mileageMinimum === null ? 0 : toCents(plan.mileageMinimum);
      const logged = days.reduce((sum, d) => sum + d.milesH, 0);
      const paidH = days.reduce((sum, d) => sum + Math.max(d.milesH, minimumH), 0) || minimumH;
      add(
        "mileage",
        RATE_KINDS.mileage.label,
        `${hundredths(logged)} mi`,
        quantityTimesCents(hundredths(logged), plan.mileRateCents),
      );
      if (paidH > logged) {
        add(
          "mileage_minimum",
          RATE_KINDS.mileage_minimum.label,
          `${hundredths(paidH - logged)} mi to the minimum`,
          quantityTimesCents(hundredths(paidH), plan.mileRateCents) -
            quantityTimesCents(hundredths(logged), plan.mileRateCents),
        );
      }
    }
    const nights = days.filter((d) => d.overnight).length;
    if (plan.overnightCents && nights > 0) {
      add(
        "overnight",
        RATE_KINDS.overnight.label,
        plural(String(nights), "night", "nights"),
        nights * plan.overnightCents,
      );
    }
    const noGos = days.filter((d) => d.noGo).length;
    if (plan.noGoCents && noGos > 0)
      add("no_go", RATE_KINDS.no_go.label, String(noGos), noGos * plan.noGoCents);
    if (plan.waitRateCents) {
      const thresholdH = (plan.waitThresholdHours ?? 0) * 100;
      const paidH = days.reduce((sum, d) => sum + Math.max(0, d.waitH - thresholdH), 0);
      if (paidH > 0) {
        add(
          "standby",
          RATE_KINDS.standby.label,
          `${hundredths(paidH)} h`,
          quantityTimesCents(hundredths(paidH), plan.waitRateCents),
        );
      }
    }
    if (plan.deadheadRateCents && job.deadheadMiles !== null) {
      add(
        "deadhead",
        RATE_KINDS.deadhead.label,
        `${hundredths(toCents(job.deadheadMiles))} mi`,
        quantityTimesCents(job.deadheadMiles, plan.deadheadRateCents),
      );
    }
    if (plan.perDiemCents)
      add(
        "per_diem",
        RATE_KINDS.per_diem.label,
        plural(dayText, "day", "days"),
        dayCount * plan.perDiemCents,
      );
    if (plan.highPoleCents && job.highPole) {
      add(
        "high_pole",
        RATE_KINDS.high_pole.label,
        plural(dayText, "day", "days"),
        dayCount * plan.highPoleCents,
      );
    }
  }
  const expenses: ExpenseLine[] = job.trips.flatMap((trip) =>
    trip.expenses.map((e) => ({
      type: e.type,
      label: EXPENSE_TYPE_LABELS[e.type],
      amountCents: e.amountCents,
      reimbursed: plan.reimbursedExpenses.includes(e.type),
    })),
  );
  return {
    lines,
    expenses,
    payCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    reimbursedCents: expenses.reduce((sum, e) => sum + (e.reimbursed ? e.amountCents : 0), 0),
  };
}

export const ADJUSTMENT_KINDS = ["advance", "deduction", "bonus", "reimbursement"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export const ADJUSTMENT_KIND_LABELS: Record<AdjustmentKind, string> = {
  advance: "Advance (deducted)",
  deduction: "Deduction",
  bonus: "Bonus",
  reimbursement: "Reimbursement",
};
/** Advances already paid and deductions lower the net; bonuses and reimbursements raise it. */
export const adjustmentSign = (kind: AdjustmentKind) => (kind === "advance" || kind === "deduction" ? -1 : 1);

/** One signed line of a statement: its net is their sum. */
export type StatementLine = { label: string; amountCents: number };

/**
 * A PEVO's statement as signed lines: each job's pay, each job's reimbursed expenses, each
 * adjustment (advance and deduction negative).
 */
export function statementLines(
  jobs: { label: string; payCents: number; reimbursedCents: number }[],
  adjustments: { kind: AdjustmentKind; amountCents: number; note: string }[],
): StatementLine[] {
  const lines: StatementLine[] = [];
  for (const job of jobs) {
    lines.push({ label: `${job.label}: pay`, amountCents: job.payCents });
    if (job.reimbursedCents !== 0)
      lines.push({ label: `${job.label}: expenses`, amountCents: job.reimbursedCents });
  }
  for (const a of adjustments) {
    lines.push({
      label: `${ADJUSTMENT_KIND_LABELS[a.kind]}: ${a.note}`,
      amountCents: adjustmentSign(a.kind) * a.amountCents,
    });
  }
  return lines;
}

export type StatementTotals = {
  payCents: number;
  reimbursedCents: number;
  adjustmentsCents: number;
  netCents: number;
};

/** The statement's totals, each from its own figures (the property test checks net = Σ lines). */
export function statementTotals(
  jobs: { payCents: number; reimbursedCents: number }[],
  adjustments: { kind: AdjustmentKind; amountCents: number }[],
): StatementTotals {
  const payCents = jobs.reduce((s, j) => s + j.payCents, 0);
  const reimbursedCents = jobs.reduce((s, j) => s + j.reimbursedCents, 0);
  const adjustmentsCents = adjustments.reduce((s, a) => s + adjustmentSign(a.kind) * a.amountCents, 0);
  return {
    payCents,
    reimbursedCents,
    adjustmentsCents,
    netCents: payCents + reimbursedCents + adjustmentsCents,
  };
}

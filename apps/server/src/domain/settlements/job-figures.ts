/**
 * The jobs a settlement pays and their figures (DECISIONS 'PEVO pay'): the completed dispatches of a
 * pay period with a PEVO, each with what it invoiced for the PEVO's lines, its rate confirmation's
 * deadhead miles, its position and its trip log, paid under the plan version in force on its day.
 * Reads other aggregates' tables in joins (ADR 0011: only their owners write them).
 */
import {
  dispatches,
  type Executor,
  invoiceLineItems,
  invoices,
  rateConfirmations,
  settlementJobs,
  standardRates,
  tripLogExpenses,
  tripLogs,
} from "@pevo/db";
import {
  computeJobPay,
  type ExpenseType,
  type JobPay,
  type PayTrip,
  POSITION_TYPES,
  toCents,
} from "@pevo/shared";
import { and, asc, between, eq, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { planPicker, planTerms } from "./pay-plans";

/**
 * The non-draft, non-void invoices' lines that bill the dispatch `d` (its own, or a single-job
 * invoice's). Two branches, each on an index (line items by dispatch; invoices by dispatch, then their
 * lines), rather than one OR across the join, which read every line item of the company per job (a
 * two-week run of a 100k-dispatch company took minutes, docs/performance.md). Null while no line
 * bills it. Also the margin's "invoiced" (job-margins.ts, DECISIONS 'Margin').
 */
export const invoicedCentsSql = sql<string | null>`(
  select sum(billed.charge) from (
    select ${invoiceLineItems.charge} as charge
    from ${invoiceLineItems}
    join ${invoices} on ${invoices.companyId} = ${invoiceLineItems.companyId} and ${invoices.id} = ${invoiceLineItems.invoiceId}
    where ${invoiceLineItems.companyId} = ${dispatches.companyId}
      and ${invoiceLineItems.dispatchId} = ${dispatches.id}
      and ${invoices.status} not in ('draft', 'void')
    union all
    select ${invoiceLineItems.charge} as charge
    from ${invoices}
    join ${invoiceLineItems} on ${invoiceLineItems.companyId} = ${invoices.companyId} and ${invoiceLineItems.invoiceId} = ${invoices.id}
    where ${invoices.companyId} = ${dispatches.companyId}
      and ${invoices.dispatchId} = ${dispatches.id}
      and ${invoiceLineItems.dispatchId} is null
      and ${invoices.status} not in ('draft', 'void')
  ) billed
)`;

export type JobFigures = {
  dispatchId: string;
  pevoId: string;
  payPlanId: string | null;
  jobDate: string;
  jobNumber: string;
  route: string;
  position: string;
  invoicedCents: number | null;
  pay: JobPay;
};

/** The stored shape of a job's figures (settlement_jobs.figures). */
export const storedFigures = (pay: JobPay) => ({ lines: pay.lines, expenses: pay.expenses });

/**
 * The figures of these dispatches (or of the period's unclaimed completed ones). Every table and
 * column read here is an input of a draft's figures: migration 0048's triggers mark a draft's job
 * stale when one changes (DECISIONS 'PEVO pay'), so a new input needs its trigger there too.
 */
async function figuresOf(db: Executor, scope: Scope, where: ReturnType<typeof and>): Promise<JobFigures[]> {
  const jobs = await db
    .select({
      dispatchId: dispatches.id,
      pevoId: dispatches.pevoId,
      pickupDate: dispatches.pickupDate,
      positionType: dispatches.positionType,
      positionName: dispatches.positionName,
      jobNumber: rateConfirmations.jobNumber,
      origin: rateConfirmations.originAddress,
      destination: rateConfirmations.destinationAddress,
      deadheadMiles: standardRates.deadheadMiles,
      invoiced: invoicedCentsSql,
    })
    .from(dispatches)
    .leftJoin(
      rateConfirmations,
      and(
        eq(rateConfirmations.companyId, dispatches.companyId),
        eq(rateConfirmations.id, dispatches.rateConfirmationId),
      ),
    )
    .leftJoin(
      standardRates,
      and(
        eq(standardRates.companyId, dispatches.companyId),
        eq(standardRates.rateConfirmationId, dispatches.rateConfirmationId),
      ),
    )
    // scoped: every caller passes scoped(dispatches, scope, …).
    .where(where)
    .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime), asc(dispatches.id));
  if (jobs.length === 0) return [];
  const ids = jobs.map((j) => j.dispatchId);
  const tripRows = await db
    .select({
      id: tripLogs.id,
      dispatchId: tripLogs.dispatchId,
      tripDate: tripLogs.tripDate,
      miles: tripLogs.miles,
      waitHours: tripLogs.waitHours,
      standbyHours: tripLogs.standbyHours,
      overnight: tripLogs.overnight,
      noGo: tripLogs.noGo,
    })
    .from(tripLogs)
    .where(scoped(tripLogs, scope, inArray(tripLogs.dispatchId, ids)))
    .orderBy(asc(tripLogs.tripDate), asc(tripLogs.createdAt));
  const expenseRows =
    tripRows.length === 0
      ? []
      : await db
          .select({
            tripLogId: tripLogExpenses.tripLogId,
            type: tripLogExpenses.type,
            amount: tripLogExpenses.amount,
          })
          .from(tripLogExpenses)
          .where(
            scoped(
              tripLogExpenses,
              scope,
              inArray(
                tripLogExpenses.tripLogId,
                tripRows.map((t) => t.id),
              ),
            ),
          )
          .orderBy(asc(tripLogExpenses.sortOrder));
  const expensesByTrip = new Map<string, { type: ExpenseType; amountCents: number }[]>();
  for (const e of expenseRows) {
    expensesByTrip.set(e.tripLogId, [
      ...(expensesByTrip.get(e.tripLogId) ?? []),
      { type: e.type, amountCents: toCents(e.amount) },
    ]);
  }
  const tripsByJob = new Map<string, PayTrip[]>();
  for (const t of tripRows) {
    if (!t.dispatchId) continue;
    const trip: PayTrip = { ...t, expenses: expensesByTrip.get(t.id) ?? [] };
    tripsByJob.set(t.dispatchId, [...(tripsByJob.get(t.dispatchId) ?? []), trip]);
  }
  const pevoIds = [...new Set(jobs.flatMap((j) => (j.pevoId ? [j.pevoId] : [])))];
  const lastDay =
    jobs
      .map((j) => j.pickupDate)
      .sort()
      .at(-1) ?? "";
  const planOf = await planPicker(db, scope, pevoIds, lastDay);
  return jobs.flatMap((j) => {
    if (!j.pevoId) return [];
    const plan = planOf(j.pevoId, j.pickupDate);
    const invoicedCents = j.invoiced === null ? null : Math.max(0, toCents(j.invoiced));
    const pay: JobPay = plan
      ? computeJobPay(planTerms(plan), {
          invoicedCents,
          deadheadMiles: j.deadheadMiles,
          highPole: j.positionType === "high_pole_car",
          trips: tripsByJob.get(j.dispatchId) ?? [],
        })
      : { lines: [], expenses: [], payCents: 0, reimbursedCents: 0 };
    const position =
      j.positionType === "custom" && j.positionName
        ? j.positionName
        : j.positionType
          ? POSITION_TYPES[j.positionType]
          : "-";
    return [
      {
        dispatchId: j.dispatchId,
        pevoId: j.pevoId,
        payPlanId: plan?.id ?? null,
        jobDate: j.pickupDate,
        jobNumber: j.jobNumber ?? "-",
        route: j.origin && j.destination ? `${j.origin} → ${j.destination}` : "-",
        position,
        invoicedCents,
        pay,
      },
    ];
  });
}

/**
 * The completed jobs of the period with a PEVO that no settlement pays yet; without
 * `includeUninvoiced`, only those invoiced (the others are held for a later run).
 */
export function unsettledJobs(
  db: Executor,
  scope: Scope,
  period: { start: string; end: string; includeUninvoiced: boolean },
) {
  return figuresOf(
    db,
    scope,
    scoped(
      dispatches,
      scope,
      eq(dispatches.status, "completed"),
      isNotNull(dispatches.pevoId),
      between(dispatches.pickupDate, period.start, period.end),
      notExists(
        db
          .select({ one: sql`1` })
          .from(settlementJobs)
          // scoped: correlated to the scoped dispatch row, company id included.
          .where(
            and(
              eq(settlementJobs.companyId, dispatches.companyId),
              eq(settlementJobs.dispatchId, dispatches.id),
            ),
          ),
      ),
      period.includeUninvoiced ? undefined : sql`${invoicedCentsSql} is not null`,
    ),
  );
}

/** The figures of a draft's jobs, recomputed from today's plans, invoices and trip logs. */
export const jobsFigures = (db: Executor, scope: Scope, dispatchIds: string[]) =>
  dispatchIds.length === 0
    ? Promise.resolve([])
    : figuresOf(db, scope, scoped(dispatches, scope, inArray(dispatches.id, dispatchIds)));

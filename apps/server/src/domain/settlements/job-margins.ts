/**
 * Margin (DECISIONS 'Margin'): a completed job's invoiced amount minus its PEVO's pay, on the
 * dispatch page, in the jobs report (paged list and CSV) and per month on the dashboard's chart.
 *
 * - Invoiced: the job's lines on its sent (non-draft, non-void) invoices, before tax: its own lines
 *   (`dispatch_id`) on a consolidated invoice, every line of a single-job invoice (the pay basis of a
 *   percentage plan, job-figures.ts). Null while no such line exists.
 * - PEVO pay: pay + reimbursed expenses. Stored by an approved or paid settlement (its frozen
 *   figures); otherwise (unsettled, or in a draft) the plan in force on the job's day computes it now,
 *   marked estimated. A job without a PEVO costs nothing; a PEVO without any plan: unknown.
 *
 * Reads other aggregates' tables in joins (ADR 0011: only their owners write them).
 */
import {
  clients,
  dispatches,
  type Executor,
  invoiceLineItems,
  invoices,
  payments,
  pevos,
  rateConfirmations,
  settlementJobs,
  settlements,
} from "@pevo/db";
import {
  fromCents,
  NON_CASH_PAYMENT_METHODS,
  type OffsetPage,
  type PaySource,
  type SettlementStatus,
  type TJobMargin,
  type TJobsReportFilters,
  type TJobsReportQuery,
  type TMonthlyMargins,
  toCents,
} from "@pevo/shared";
import { and, asc, desc, eq, gte, inArray, lte, notInArray, type SQL, sql } from "drizzle-orm";
import type { CsvValue } from "../../http/csv";
import { addDaysIso } from "../../lib/dates";
import { NotFoundError } from "../../lib/domain-errors";
import { allRows, countUpTo, keyset, offsetPageOf } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { zonedDate } from "../../lib/zoned-time";
import { companyTimeZone } from "../company";
import { invoicedCentsSql, jobsFigures } from "./job-figures";

export const JOB_NOT_FOUND = "Dispatch not found";

/** The approved or paid settlement that pays the dispatch `d`: its status and stored pay. */
const settledSql = sql<{ status: SettlementStatus; cents: number } | null>`(
  select json_build_object('status', ${settlements.status}, 'cents', ${settlementJobs.payCents} + ${settlementJobs.reimbursedCents})
  from ${settlementJobs}
  join ${settlements} on ${settlements.companyId} = ${settlementJobs.companyId} and ${settlements.id} = ${settlementJobs.settlementId}
  where ${settlementJobs.companyId} = ${dispatches.companyId} and ${settlementJobs.dispatchId} = ${dispatches.id}
    and ${settlements.status} <> 'draft'
)`;

const pevoNameSql = sql<string | null>`${pevos.firstName} || ' ' || ${pevos.lastName}`;

const rowColumns = {
  dispatchId: dispatches.id,
  pevoId: dispatches.pevoId,
  pevoName: pevoNameSql,
  jobDate: dispatches.pickupDate,
  jobNumber: rateConfirmations.jobNumber,
  clientId: clients.id,
  clientName: clients.name,
  invoiced: invoicedCentsSql,
  settled: settledSql,
};
type Row = {
  dispatchId: string;
  pevoId: string | null;
  pevoName: string | null;
  jobDate: string;
  jobNumber: string | null;
  clientId: string | null;
  clientName: string | null;
  invoiced: string | null;
  settled: { status: SettlementStatus; cents: number } | null;
};

/** "27.5": margin / invoiced with one decimal, rounded half away from zero; null on nothing invoiced. */
function marginPercent(marginCents: number, invoicedCents: number): string | null {
  if (invoicedCents <= 0) return null;
  const tenths = Math.round((Math.abs(marginCents) * 1000) / invoicedCents);
  const text = `${Math.floor(tenths / 10)}.${tenths % 10}`;
  return marginCents < 0 && tenths > 0 ? `-${text}` : text;
}

/** Each row with its pay: stored when settled, else estimated from the plans (one read per batch). */
async function withPay(db: Executor, scope: Scope, rows: Row[]): Promise<TJobMargin[]> {
  const toEstimate = rows.filter((r) => r.settled === null && r.pevoId !== null).map((r) => r.dispatchId);
  const estimates = new Map(
    (await jobsFigures(db, scope, toEstimate)).map((f) => [
      f.dispatchId,
      f.payPlanId === null ? null : f.pay.payCents + f.pay.reimbursedCents,
    ]),
  );
  return rows.map((r) => {
    const invoicedCents = r.invoiced === null ? null : Math.max(0, toCents(r.invoiced));
    let payCents: number | null;
    let paySource: PaySource;
    if (r.settled) {
      payCents = Number(r.settled.cents);
      paySource = "settlement";
    } else if (r.pevoId === null) {
      payCents = 0;
      paySource = "none";
    } else {
      payCents = estimates.get(r.dispatchId) ?? null;
      paySource = payCents === null ? "none" : "estimated";
    }
    const marginCents = invoicedCents !== null && payCents !== null ? invoicedCents - payCents : null;
    return {
      dispatchId: r.dispatchId,
      jobNumber: r.jobNumber,
      clientId: r.clientId,
      clientName: r.clientName,
      pevoId: r.pevoId,
      pevoName: r.pevoName,
      jobDate: r.jobDate,
      invoiced: invoicedCents === null ? null : fromCents(invoicedCents),
      pevoPay: payCents === null ? null : fromCents(payCents),
      paySource,
      settlementStatus: r.settled?.status ?? null,
      margin: marginCents === null ? null : fromCents(marginCents),
      marginPercent:
        marginCents === null || invoicedCents === null ? null : marginPercent(marginCents, invoicedCents),
    };
  });
}

/** The report's WHERE: completed jobs, by client (through the rate confirmation), PEVO and period. */
const reportWhere = (scope: Scope, f: TJobsReportFilters, ...more: (SQL | undefined)[]) =>
  scoped(
    dispatches,
    scope,
    eq(dispatches.status, "completed"),
    f.pevoId ? eq(dispatches.pevoId, f.pevoId) : undefined,
    f.from ? gte(dispatches.pickupDate, f.from) : undefined,
    f.to ? lte(dispatches.pickupDate, f.to) : undefined,
    f.clientId ? eq(rateConfirmations.clientId, f.clientId) : undefined,
    ...more,
  );

/** The rows with their joins; `cursor` the CSV's keyset position (an empty text elsewhere). */
const joined = (db: Executor, cursor: SQL<string> = sql<string>`''`) =>
  db
    .select({ ...rowColumns, cursor })
    .from(dispatches)
    .leftJoin(pevos, and(eq(pevos.companyId, dispatches.companyId), eq(pevos.id, dispatches.pevoId)))
    .leftJoin(
      rateConfirmations,
      and(
        eq(rateConfirmations.companyId, dispatches.companyId),
        eq(rateConfirmations.id, dispatches.rateConfirmationId),
      ),
    )
    .leftJoin(
      clients,
      and(eq(clients.companyId, dispatches.companyId), eq(clients.id, rateConfirmations.clientId)),
    )
    .$dynamic();

/** One page of the jobs report: completed jobs, latest pickup first (or oldest with dir=asc). */
export async function jobsReport(scope: Scope, params: TJobsReportQuery): Promise<OffsetPage<TJobMargin>> {
  const { db } = scope;
  const by = params.dir === "asc" ? asc : desc;
  const order = [by(dispatches.pickupDate), by(dispatches.pickupTime), by(dispatches.id)];
  return offsetPageOf(params, {
    rows: async (limit, offset) => {
      // The page's ids first (the pickup index, joining the rate confirmation only for the client
      // filter), then the page's joins and sums for those rows only: a deep page skips index entries.
      const ids = db.select({ id: dispatches.id }).from(dispatches).$dynamic();
      if (params.clientId) {
        ids.leftJoin(
          rateConfirmations,
          and(
            eq(rateConfirmations.companyId, dispatches.companyId),
            eq(rateConfirmations.id, dispatches.rateConfirmationId),
          ),
        );
      }
      const page = ids
        .where(reportWhere(scope, params))
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const rows = await joined(db)
        .where(scoped(dispatches, scope, inArray(dispatches.id, page)))
        .orderBy(...order);
      return withPay(db, scope, rows);
    },
    count: (cap) => {
      const query = db.select({ one: sql`1` }).from(dispatches).$dynamic();
      if (params.clientId) {
        query.leftJoin(
          rateConfirmations,
          and(
            eq(rateConfirmations.companyId, dispatches.companyId),
            eq(rateConfirmations.id, dispatches.rateConfirmationId),
          ),
        );
      }
      return countUpTo(db, query.where(reportWhere(scope, params)), cap);
    },
  });
}

/** One job's margin (the dispatch page); a dispatch of another company is a 404. */
export async function jobMargin(scope: Scope, dispatchId: string): Promise<TJobMargin> {
  const rows = await joined(scope.db).where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)));
  const [row] = await withPay(scope.db, scope, rows);
  if (!row) throw new NotFoundError(JOB_NOT_FOUND);
  return row;
}

export const JOBS_REPORT_CSV_HEADER = [
  "Job Number",
  "Client",
  "PEVO",
  "Date",
  "Invoiced",
  "PEVO Pay",
  "Pay Source",
  "Margin",
  "Margin %",
];

const PAY_SOURCE_LABELS: Record<PaySource, string> = {
  settlement: "Settlement",
  estimated: "Estimated",
  none: "",
};

/** Every job the filters match, in the report's order, as CSV rows: keyset batches, pay per batch. */
export async function* jobsReportCsvRows(scope: Scope, f: TJobsReportFilters): AsyncGenerator<CsvValue[]> {
  const { db } = scope;
  const key = keyset([dispatches.pickupDate, dispatches.pickupTime, dispatches.id], f.dir);
  const rows = allRows((cursor, limit) =>
    joined(db, key.cursor)
      .where(reportWhere(scope, f, key.after(cursor)))
      .orderBy(...key.orderBy)
      .limit(limit),
  );
  const batch: Row[] = [];
  const flush = async function* () {
    for (const m of await withPay(db, scope, batch.splice(0))) {
      yield [
        m.jobNumber,
        m.clientName,
        m.pevoName,
        m.jobDate,
        m.invoiced,
        m.pevoPay,
        PAY_SOURCE_LABELS[m.paySource],
        m.margin,
        m.marginPercent,
      ];
    }
  };
  for await (const row of rows) {
    batch.push(row);
    if (batch.length === 500) yield* flush();
  }
  yield* flush();
}

/** The first day of the month `months` months before the month of `day` (YYYY-MM-01). */
function monthStart(day: string, monthsBack: number): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - monthsBack;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** Jobs estimated per read: each batch's ids are parameters of its statements. */
const ESTIMATE_BATCH = 1000;

/** A month's row of the chart's statement: sums as exact texts, the jobs left to estimate. */
type MonthRow = { month: string; invoiced: string; settled: string; to_estimate: string[] };

/**
 * The dashboard's chart: the last 12 months (this one included) in the company's time zone. Per
 * month of the job's day, the invoiced completed jobs' invoiced amount, PEVO pay (settled or
 * estimated; a job whose PEVO has no plan counts none) and margin (invoiced − pay); and the cash
 * collected by payment date (credit applied is not cash: NON_CASH_PAYMENT_METHODS).
 *
 * One grouped statement sums the months (docs/performance.md): the window's completed jobs (the
 * (company, status, pickup) index), their sent invoices' lines summed per job and their stored
 * settlement pay, joined once each as sets, no query per row or per month; only the invoiced jobs no
 * approved or paid settlement pays come back (as ids, per month) to be estimated from the plans.
 */
export async function monthlyMargins(scope: Scope, day?: string): Promise<TMonthlyMargins> {
  const { db } = scope;
  const timeZone = await companyTimeZone(db, scope);
  const today = day ?? zonedDate(timeZone);
  const months = Array.from({ length: 12 }, (_, i) => monthStart(today, 11 - i).slice(0, 7));
  const from = `${months[0]}-01`;
  const to = addDaysIso(monthStart(today, -1), -1);
  const company = scope.companyId;
  // Both drivers (pg, PGlite) answer a raw statement with its rows.
  const { rows } = (await db.execute(sql`
    with jobs as (
      select ${dispatches.id} as id, ${dispatches.pevoId} as pevo_id, ${dispatches.pickupDate} as day
      from ${dispatches}
      where ${dispatches.companyId} = ${company} and ${dispatches.status} = 'completed'
        and ${dispatches.pickupDate} between ${from} and ${to}
    ),
    -- invoicedCentsSql's two branches (job-figures.ts), for every job of the window at once.
    billed as (
      select jobs.*, ${invoiceLineItems.charge} as charge
      from jobs
      join ${invoiceLineItems} on ${invoiceLineItems.companyId} = ${company} and ${invoiceLineItems.dispatchId} = jobs.id
      join ${invoices} on ${invoices.companyId} = ${invoiceLineItems.companyId} and ${invoices.id} = ${invoiceLineItems.invoiceId}
      where ${invoices.status} not in ('draft', 'void')
      union all
      select jobs.*, ${invoiceLineItems.charge} as charge
      from jobs
      join ${invoices} on ${invoices.companyId} = ${company} and ${invoices.dispatchId} = jobs.id
      join ${invoiceLineItems} on ${invoiceLineItems.companyId} = ${invoices.companyId} and ${invoiceLineItems.invoiceId} = ${invoices.id}
      where ${invoiceLineItems.dispatchId} is null and ${invoices.status} not in ('draft', 'void')
    ),
    -- A job's sum below zero (discounts only) counts as 0 (DECISIONS 'Margin').
    invoiced as (
      select id, day, pevo_id, greatest(0, sum(charge)) as amount from billed group by id, day, pevo_id
    )
    -- A job is in at most one settlement (settlement_jobs_dispatch_once_key); a draft's is unsettled.
    select to_char(invoiced.day, 'YYYY-MM') as month,
      sum(invoiced.amount)::text as invoiced,
      coalesce(sum(${settlementJobs.payCents} + ${settlementJobs.reimbursedCents}) filter (where ${settlements.id} is not null), 0)::text as settled,
      coalesce(array_agg(invoiced.id) filter (where ${settlements.id} is null and invoiced.pevo_id is not null), '{}') as to_estimate
    from invoiced
    left join ${settlementJobs} on ${settlementJobs.companyId} = ${company} and ${settlementJobs.dispatchId} = invoiced.id
    left join ${settlements} on ${settlements.companyId} = ${settlementJobs.companyId}
      and ${settlements.id} = ${settlementJobs.settlementId} and ${settlements.status} <> 'draft'
    group by 1`)) as unknown as { rows: MonthRow[] };
  const sums = new Map(months.map((m) => [m, { invoiced: 0, pay: 0 }]));
  const monthOf = new Map<string, string>();
  for (const row of rows) {
    const sum = sums.get(row.month);
    if (!sum) continue;
    sum.invoiced += toCents(row.invoiced);
    sum.pay += Number(row.settled);
    for (const id of row.to_estimate) monthOf.set(id, row.month);
  }
  // The unsettled invoiced jobs' pay from the plans in force on their days, a batch at a time.
  const toEstimate = [...monthOf.keys()];
  for (let i = 0; i < toEstimate.length; i += ESTIMATE_BATCH) {
    for (const f of await jobsFigures(db, scope, toEstimate.slice(i, i + ESTIMATE_BATCH))) {
      const sum = sums.get(monthOf.get(f.dispatchId) ?? "");
      if (sum && f.payPlanId !== null) sum.pay += f.pay.payCents + f.pay.reimbursedCents;
    }
  }
  const collected = await db
    .select({
      month: sql<string>`to_char(${payments.date}, 'YYYY-MM')`,
      cents: sql<number>`sum(${payments.amountCents})`.mapWith(Number),
    })
    .from(payments)
    .where(
      scoped(
        payments,
        scope,
        gte(payments.date, from),
        lte(payments.date, to),
        notInArray(payments.method, [...NON_CASH_PAYMENT_METHODS]),
      ),
    )
    .groupBy(sql`1`);
  const collectedOf = new Map(collected.map((c) => [c.month, c.cents]));
  return {
    timeZone,
    months: months.map((m) => {
      const sum = sums.get(m) ?? { invoiced: 0, pay: 0 };
      return {
        month: m,
        invoiced: fromCents(sum.invoiced),
        collected: fromCents(collectedOf.get(m) ?? 0),
        pevoPay: fromCents(sum.pay),
        margin: fromCents(sum.invoiced - sum.pay),
      };
    }),
  };
}

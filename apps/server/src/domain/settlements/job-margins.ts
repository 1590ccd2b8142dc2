/**
 * Margin (DECISIONS 'Margin'): a completed job's invoiced amount minus its PEVO's pay, on the
 * dispatch page and in the jobs report (paged list and CSV); per month on the dashboard's chart in
 * monthly-margins.ts.
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
  pevos,
  rateConfirmations,
  settlementJobs,
  settlements,
} from "@pevo/db";
import {
  fromCents,
  type OffsetPage,
  type PaySource,
  type SettlementStatus,
  type TJobMargin,
  type TJobsReportFilters,
  type TJobsReportQuery,
  toCents,
} from "@pevo/shared";
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { CsvValue } from "../../http/csv";
import { NotFoundError } from "../../lib/domain-errors";
import { allRows, countUpTo, keyset, offsetPageOf } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
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

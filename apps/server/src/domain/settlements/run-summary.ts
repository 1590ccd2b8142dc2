/**
 * The office's read of a run (DECISIONS 'PEVO pay'): its state and totals, and a page of its PEVOs
 * with theirs, both summed in PostgreSQL from the stored pay columns (never the jobs' figures). The
 * answers stay the same size however many PEVOs a run pays: the totals are one row, a page is at
 * most pageSize PEVOs, and only the page's PEVOs are summed (docs/performance.md).
 */
import { type Executor, pevos, settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import {
  fromCents,
  type OffsetPage,
  type PageParams,
  type TSettlement,
  type TSettlementPevoSummary,
  type TSettlementSummary,
} from "@pevo/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { offsetPageWithTotal } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { signedAdjustmentCents } from "./paid-compensation";

export const SETTLEMENT_NOT_FOUND = "Settlement not found";

/** A run's state as the API answers it. */
export function runOf(row: typeof settlements.$inferSelect) {
  return {
    id: row.id,
    periodKind: row.periodKind,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    includeUninvoiced: row.includeUninvoiced,
    status: row.status,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    paidDate: row.paidDate,
    paidMethod: row.paidMethod as TSettlement["paidMethod"],
    paidReference: row.paidReference,
    createdAt: row.createdAt.toISOString(),
  };
}

async function runRow(db: Executor, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(settlements)
    .where(scoped(settlements, scope, eq(settlements.id, id)));
  if (!row) throw new NotFoundError(SETTLEMENT_NOT_FOUND);
  return row;
}

/** The run's jobs (`where`: of one PEVO) on the settlement's keys (the primary key's prefix). */
const ofRun = (scope: Scope, id: string, more?: SQL) =>
  sql`${settlementJobs.companyId} = ${scope.companyId} and ${settlementJobs.settlementId} = ${id}${more ? sql` and ${more}` : sql``}`;
const adjustmentsOfRun = (scope: Scope, id: string, more?: SQL) =>
  sql`${settlementAdjustments.companyId} = ${scope.companyId} and ${settlementAdjustments.settlementId} = ${id}${more ? sql` and ${more}` : sql``}`;

/** Raw rows: both drivers (pg, PGlite) answer a statement with `rows`. */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * The run's state and totals: its PEVOs (with a job or an adjustment), jobs and net, in one pass
 * over its jobs and adjustments.
 */
export async function readRunTotals(db: Executor, scope: Scope, id: string): Promise<TSettlementSummary> {
  const row = await runRow(db, scope, id);
  const [totals] = await rowsOf<{ pevos: number; jobs: number; cents: string | number }>(
    db,
    sql`
      with lines as (
        select ${settlementJobs.pevoId} as pevo_id, 1 as jobs,
          ${settlementJobs.payCents} + ${settlementJobs.reimbursedCents} as cents
        from ${settlementJobs} where ${ofRun(scope, id)}
        union all
        select ${settlementAdjustments.pevoId}, 0, ${signedAdjustmentCents()}
        from ${settlementAdjustments} where ${adjustmentsOfRun(scope, id)}
      )
      select count(distinct pevo_id)::int as pevos, coalesce(sum(jobs), 0)::int as jobs,
        coalesce(sum(cents), 0)::bigint as cents
      from lines`,
  );
  return {
    ...runOf(row),
    pevoCount: Number(totals?.pevos ?? 0),
    jobCount: Number(totals?.jobs ?? 0),
    net: fromCents(Number(totals?.cents ?? 0)),
  };
}

type PevoRow = {
  pevo_id: string;
  name: string;
  total: string | number;
  job_count: number;
  pay_cents: string | number;
  reimbursed_cents: string | number;
  adjustment_cents: string | number;
};

/** "First Last", or "-" for a PEVO no longer found. */
const nameSql = sql`coalesce(${pevos.firstName} || ' ' || ${pevos.lastName}, '-')`;

/**
 * A page of the run's PEVOs (with a job or an adjustment) in name order (case-insensitive, as the
 * PEVO list sorts), each with its job count and totals: the run's PEVO ids are read off its jobs'
 * and adjustments' keys, and only the page's PEVOs are summed, on settlement_jobs_company_pevo_idx.
 * 404 when the run is unknown.
 */
export async function readPevoPage(
  db: Executor,
  scope: Scope,
  id: string,
  params: PageParams,
): Promise<OffsetPage<TSettlementPevoSummary>> {
  await runRow(db, scope, id);
  const members = sql`
    select ${settlementJobs.pevoId} as pevo_id from ${settlementJobs} where ${ofRun(scope, id)}
    union
    select ${settlementAdjustments.pevoId} from ${settlementAdjustments} where ${adjustmentsOfRun(scope, id)}`;
  return offsetPageWithTotal(params, {
    rows: async (limit, offset) => {
      const rows = await rowsOf<PevoRow>(
        db,
        sql`
          with members as (${members}),
          page as (
            select m.pevo_id, ${nameSql} as name, count(*) over () as total
            from members m
            left join ${pevos} on ${pevos.companyId} = ${scope.companyId} and ${pevos.id} = m.pevo_id
            order by lower(${nameSql}), m.pevo_id
            limit ${limit} offset ${offset}
          )
          select page.pevo_id, page.name, page.total, j.job_count, j.pay_cents, j.reimbursed_cents,
            a.adjustment_cents
          from page
          cross join lateral (
            select count(*)::int as job_count, coalesce(sum(${settlementJobs.payCents}), 0)::bigint as pay_cents,
              coalesce(sum(${settlementJobs.reimbursedCents}), 0)::bigint as reimbursed_cents
            from ${settlementJobs} where ${ofRun(scope, id, sql`${settlementJobs.pevoId} = page.pevo_id`)}
          ) j
          cross join lateral (
            select coalesce(sum(${signedAdjustmentCents()}), 0)::bigint as adjustment_cents
            from ${settlementAdjustments}
            where ${adjustmentsOfRun(scope, id, sql`${settlementAdjustments.pevoId} = page.pevo_id`)}
          ) a
          order by lower(page.name), page.pevo_id`,
      );
      return rows.map((r) => {
        const pay = Number(r.pay_cents);
        const reimbursed = Number(r.reimbursed_cents);
        const adjustments = Number(r.adjustment_cents);
        return {
          pevoId: r.pevo_id,
          pevoName: r.name,
          jobCount: Number(r.job_count),
          totals: {
            pay: fromCents(pay),
            reimbursed: fromCents(reimbursed),
            adjustments: fromCents(adjustments),
            net: fromCents(pay + reimbursed + adjustments),
          },
          total: Number(r.total),
        };
      });
    },
    count: async () => {
      const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${members}) m`);
      return Number(row?.n ?? 0);
    },
  });
}

/** The company's settlements, newest first, with their PEVO and job counts and net (DECISIONS 'PEVO pay'). */
import { settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import { fromCents, type TSettlementListItem } from "@pevo/shared";
import { count, desc, eq, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

export async function listSettlements(
  scope: Scope,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<{
  items: TSettlementListItem[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}> {
  const jobSums = scope.db
    .select({
      settlementId: settlementJobs.settlementId,
      jobs: count().as("jobs"),
      pevos: sql<number>`count(distinct ${settlementJobs.pevoId})`.mapWith(Number).as("pevos"),
      cents: sql<number>`sum(${settlementJobs.payCents} + ${settlementJobs.reimbursedCents})`
        .mapWith(Number)
        .as("cents"),
    })
    .from(settlementJobs)
    .where(scoped(settlementJobs, scope))
    .groupBy(settlementJobs.settlementId)
    .as("job_sums");
  const adjustmentSums = scope.db
    .select({
      settlementId: settlementAdjustments.settlementId,
      cents:
        sql<number>`sum(case when ${settlementAdjustments.kind} in ('advance', 'deduction') then -${settlementAdjustments.amountCents} else ${settlementAdjustments.amountCents} end)`
          .mapWith(Number)
          .as("adjustment_cents"),
    })
    .from(settlementAdjustments)
    .where(scoped(settlementAdjustments, scope))
    .groupBy(settlementAdjustments.settlementId)
    .as("adjustment_sums");
  const rows = await scope.db
    .select({
      id: settlements.id,
      periodKind: settlements.periodKind,
      periodStart: settlements.periodStart,
      periodEnd: settlements.periodEnd,
      status: settlements.status,
      paidDate: settlements.paidDate,
      createdAt: settlements.createdAt,
      jobs: jobSums.jobs,
      pevos: jobSums.pevos,
      jobCents: jobSums.cents,
      adjustmentCents: adjustmentSums.cents,
    })
    .from(settlements)
    .leftJoin(jobSums, eq(jobSums.settlementId, settlements.id))
    .leftJoin(adjustmentSums, eq(adjustmentSums.settlementId, settlements.id))
    .where(scoped(settlements, scope))
    .orderBy(desc(settlements.createdAt), desc(settlements.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await scope.db.select({ n: count() }).from(settlements).where(scoped(settlements, scope));
  return {
    items: rows.map((r) => ({
      id: r.id,
      periodKind: r.periodKind,
      periodStart: r.periodStart,
      periodEnd: r.periodEnd,
      status: r.status,
      pevoCount: Number(r.pevos ?? 0),
      jobCount: Number(r.jobs ?? 0),
      net: fromCents(Number(r.jobCents ?? 0) + Number(r.adjustmentCents ?? 0)),
      paidDate: r.paidDate,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    totalCapped: false,
    page,
    pageSize,
  };
}

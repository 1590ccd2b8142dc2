/**
 * A PEVO's own earnings (DECISIONS 'PEVO pay'): their statements of approved and paid settlements
 * (never a draft, never another PEVO's lines, never what the client was invoiced), a keyset page
 * at a time, and this year's total of the paid ones by payment date.
 */
import { settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import { type CursorParams, fromCents, statementTotals, type TEarnings } from "@pevo/shared";
import { and, asc, between, eq, exists, inArray, or, sql } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { cursorPageOf, keyset } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { getCompanySettings } from "../company";
import { signedAdjustmentCents } from "./paid-compensation";
import {
  PEVO_NOT_IN_SETTLEMENT,
  readSettlement,
  SETTLEMENT_NOT_FOUND,
  statementJob,
} from "./read-settlement";
import { renderStatementPdf, statementFileName } from "./statement-pdf";

const ownSettlements = (scope: Scope, pevoId: string) =>
  scoped(
    settlements,
    scope,
    inArray(settlements.status, ["approved", "paid"]),
    or(
      exists(
        scope.db
          .select({ one: settlementJobs.dispatchId })
          .from(settlementJobs)
          // scoped: correlated to the scoped settlement row, company id included.
          .where(
            and(
              eq(settlementJobs.companyId, settlements.companyId),
              eq(settlementJobs.settlementId, settlements.id),
              eq(settlementJobs.pevoId, pevoId),
            ),
          ),
      ),
      exists(
        scope.db
          .select({ one: settlementAdjustments.id })
          .from(settlementAdjustments)
          // scoped: correlated to the scoped settlement row, company id included.
          .where(
            and(
              eq(settlementAdjustments.companyId, settlements.companyId),
              eq(settlementAdjustments.settlementId, settlements.id),
              eq(settlementAdjustments.pevoId, pevoId),
            ),
          ),
      ),
    ),
  );

/**
 * This year's paid total of the PEVO in one SUM: their jobs' pay and reimbursed expenses and their
 * signed adjustments, of the settlements paid in `year` (by payment date); and how many statements
 * it sums. Read from settlement_jobs_company_pevo_idx and settlement_adjustments_company_pevo_idx.
 */
async function paidInYear(scope: Scope, pevoId: string, year: number) {
  const own = scope.db
    .select({
      settlementId: settlementJobs.settlementId,
      cents: sql<number>`${settlementJobs.payCents} + ${settlementJobs.reimbursedCents}`.as("cents"),
    })
    .from(settlementJobs)
    .where(scoped(settlementJobs, scope, eq(settlementJobs.pevoId, pevoId)))
    .unionAll(
      scope.db
        .select({
          settlementId: settlementAdjustments.settlementId,
          cents: signedAdjustmentCents().as("cents"),
        })
        .from(settlementAdjustments)
        .where(scoped(settlementAdjustments, scope, eq(settlementAdjustments.pevoId, pevoId))),
    )
    .as("own");
  const [row] = await scope.db
    .select({
      statements: sql<number>`count(distinct ${settlements.id})`.mapWith(Number),
      cents: sql<number>`coalesce(sum(${own.cents}), 0)`.mapWith(Number),
    })
    .from(own)
    .innerJoin(settlements, eq(settlements.id, own.settlementId))
    .where(
      scoped(
        settlements,
        scope,
        eq(settlements.status, "paid"),
        between(settlements.paidDate, `${year}-01-01`, `${year}-12-31`),
      ),
    );
  return { statements: row?.statements ?? 0, cents: row?.cents ?? 0 };
}

/**
 * A keyset page of the PEVO's statements, newest period first, and this year's paid total. The
 * page's jobs and adjustments are read for all its statements at once (two queries, whatever the
 * page size), only the PEVO's own lines: never another PEVO's, never what the client was invoiced.
 */
export async function pevoEarnings(
  scope: Scope,
  pevoId: string,
  params: CursorParams,
  today: string,
): Promise<TEarnings> {
  const key = keyset([settlements.periodStart, settlements.createdAt, settlements.id], "desc");
  const rows = await scope.db
    .select({
      id: settlements.id,
      periodStart: settlements.periodStart,
      periodEnd: settlements.periodEnd,
      status: settlements.status,
      paidDate: settlements.paidDate,
      cursor: key.cursor,
    })
    .from(settlements)
    // scoped: ownSettlements is scoped() on settlements.
    .where(and(ownSettlements(scope, pevoId), key.after(params.cursor)))
    .orderBy(...key.orderBy)
    .limit(params.limit + 1);
  const page = cursorPageOf(rows, params.limit);
  const ids = page.items.map((r) => r.id);
  const [jobs, adjustments] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          scope.db
            .select()
            .from(settlementJobs)
            .where(
              scoped(
                settlementJobs,
                scope,
                eq(settlementJobs.pevoId, pevoId),
                inArray(settlementJobs.settlementId, ids),
              ),
            )
            .orderBy(asc(settlementJobs.jobDate), asc(settlementJobs.jobNumber)),
          scope.db
            .select()
            .from(settlementAdjustments)
            .where(
              scoped(
                settlementAdjustments,
                scope,
                eq(settlementAdjustments.pevoId, pevoId),
                inArray(settlementAdjustments.settlementId, ids),
              ),
            )
            .orderBy(asc(settlementAdjustments.createdAt), asc(settlementAdjustments.id)),
        ]);
  const year = Number(today.slice(0, 4));
  const paid = await paidInYear(scope, pevoId, year);
  const items = page.items.map((s) => {
    const own = jobs.filter((j) => j.settlementId === s.id);
    const adj = adjustments.filter((a) => a.settlementId === s.id);
    return {
      settlementId: s.id,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      // ownSettlements reads approved and paid ones only.
      status: s.status as "approved" | "paid",
      paidDate: s.paidDate,
      net: fromCents(statementTotals(own, adj).netCents),
      jobs: own.map((j) => {
        const { invoiced: _invoiced, planId: _planId, ...job } = statementJob(j);
        return job;
      }),
      adjustments: adj.map((a) => ({ kind: a.kind, amount: fromCents(a.amountCents), note: a.note })),
    };
  });
  return {
    items,
    nextCursor: page.nextCursor,
    year,
    yearTotal: fromCents(paid.cents),
    yearStatements: paid.statements,
  };
}

/** The PEVO's own statement PDF of an approved or paid settlement; 404 for any other. */
export async function pevoStatementPdf(scope: Scope, pevoId: string, settlementId: string) {
  const [row] = await scope.db
    .select({ id: settlements.id })
    .from(settlements)
    // scoped: ownSettlements is scoped() on settlements.
    .where(and(ownSettlements(scope, pevoId), eq(settlements.id, settlementId)));
  if (!row) throw new NotFoundError(SETTLEMENT_NOT_FOUND);
  const s = await readSettlement(scope.db, scope, settlementId, pevoId);
  const own = s.pevos[0];
  if (!own) throw new NotFoundError(SETTLEMENT_NOT_FOUND);
  return {
    pdf: await renderStatementPdf(await getCompanySettings(scope), s, own),
    fileName: statementFileName(s, own.pevoName),
  };
}

/** The office's statement PDF of one PEVO of a settlement (any state: a draft prints as Draft). */
export async function officeStatementPdf(
  scope: Scope,
  settlement: Awaited<ReturnType<typeof readSettlement>>,
  pevoId: string,
) {
  const own = settlement.pevos.find((p) => p.pevoId === pevoId);
  if (!own) throw new NotFoundError(PEVO_NOT_IN_SETTLEMENT);
  return {
    pdf: await renderStatementPdf(await getCompanySettings(scope), settlement, own),
    fileName: statementFileName(settlement, own.pevoName),
  };
}

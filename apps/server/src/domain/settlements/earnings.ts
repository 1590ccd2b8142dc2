/**
 * A PEVO's own earnings (DECISIONS 'PEVO pay'): their statements of approved and paid settlements
 * (never a draft, never another PEVO's lines, never what the client was invoiced), and this year's
 * total of the paid ones by payment date.
 */
import { settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import { fromCents, type TEarnings, toCents } from "@pevo/shared";
import { and, desc, eq, exists, inArray, or } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { getCompanySettings } from "../company";
import { PEVO_NOT_IN_SETTLEMENT, readSettlement, SETTLEMENT_NOT_FOUND } from "./read-settlement";
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

/** The PEVO's statements, newest period first (a PEVO has a few dozen a year). */
export async function pevoEarnings(scope: Scope, pevoId: string, today: string): Promise<TEarnings> {
  const rows = await scope.db
    .select({ id: settlements.id })
    .from(settlements)
    .where(ownSettlements(scope, pevoId))
    .orderBy(desc(settlements.periodStart), desc(settlements.createdAt));
  const year = Number(today.slice(0, 4));
  let yearCents = 0;
  const statements: TEarnings["statements"] = [];
  for (const { id } of rows) {
    const s = await readSettlement(scope.db, scope, id, pevoId);
    const own = s.pevos[0];
    if (!own || s.status === "draft") continue;
    if (s.status === "paid" && s.paidDate?.startsWith(String(year))) yearCents += toCents(own.totals.net);
    statements.push({
      settlementId: s.id,
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      status: s.status,
      paidDate: s.paidDate,
      net: own.totals.net,
      jobs: own.jobs.map(({ invoiced: _invoiced, planId: _planId, ...job }) => job),
      adjustments: own.adjustments.map(({ id: _id, ...a }) => a),
    });
  }
  return { year, yearTotal: fromCents(yearCents), statements };
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

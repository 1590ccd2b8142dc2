/**
 * A settlement as stored (DECISIONS 'PEVO pay'): its jobs' figures and adjustments grouped by PEVO,
 * each PEVO's totals from packages/shared statementTotals. A draft is refreshed first (its figures
 * recomputed from today's plans, invoices and trip logs); an approved or paid one is read as frozen.
 */
import { type Executor, pevos, settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import {
  type ExpenseLine,
  fromCents,
  type PayLine,
  statementTotals,
  type TSettlement,
  type TSettlementPevo,
} from "@pevo/shared";
import { and, asc, eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { jobsFigures, storedFigures } from "./job-figures";

export const SETTLEMENT_NOT_FOUND = "Settlement not found";
const NOT_DRAFT =
  "This settlement is approved: its figures are locked (a correction is an adjustment in a later settlement)";

/** The settlement row locked for the rest of the transaction; 404 when unknown. */
export async function lockSettlement(tx: Executor, scope: Scope, id: string) {
  const [row] = await tx
    .select()
    .from(settlements)
    .where(scoped(settlements, scope, eq(settlements.id, id)))
    .for("update");
  if (!row) throw new NotFoundError(SETTLEMENT_NOT_FOUND);
  return row;
}

/** The draft locked, or 409 once approved. */
export async function lockDraft(tx: Executor, scope: Scope, id: string) {
  const row = await lockSettlement(tx, scope, id);
  if (row.status !== "draft") throw new ConflictError(NOT_DRAFT);
  return row;
}

/** Recomputes and stores a locked draft's figures (a job's plan, invoice or trip log may have changed). */
export async function refreshFigures(tx: Executor, scope: Scope, settlementId: string) {
  const jobs = await tx
    .select({ dispatchId: settlementJobs.dispatchId })
    .from(settlementJobs)
    .where(scoped(settlementJobs, scope, eq(settlementJobs.settlementId, settlementId)));
  const figures = await jobsFigures(
    tx,
    scope,
    jobs.map((j) => j.dispatchId),
  );
  for (const f of figures) {
    await tx
      .update(settlementJobs)
      .set({
        payPlanId: f.payPlanId,
        jobDate: f.jobDate,
        jobNumber: f.jobNumber,
        route: f.route,
        position: f.position,
        invoicedCents: f.invoicedCents,
        payCents: f.pay.payCents,
        reimbursedCents: f.pay.reimbursedCents,
        figures: storedFigures(f.pay),
      })
      .where(
        scoped(
          settlementJobs,
          scope,
          and(eq(settlementJobs.settlementId, settlementId), eq(settlementJobs.dispatchId, f.dispatchId)),
        ),
      );
  }
}

type Figures = { lines: PayLine[]; expenses: ExpenseLine[] };

/** The stored settlement, its PEVOs in name order (only `pevoId`'s when given: a PEVO's own statement). */
export async function readSettlement(
  db: Executor,
  scope: Scope,
  id: string,
  pevoId?: string,
): Promise<TSettlement> {
  const [row] = await db
    .select()
    .from(settlements)
    .where(scoped(settlements, scope, eq(settlements.id, id)));
  if (!row) throw new NotFoundError(SETTLEMENT_NOT_FOUND);
  const onlyPevo = (column: PgColumn) => (pevoId ? eq(column, pevoId) : undefined);
  const jobs = await db
    .select()
    .from(settlementJobs)
    .where(
      scoped(settlementJobs, scope, eq(settlementJobs.settlementId, id), onlyPevo(settlementJobs.pevoId)),
    )
    .orderBy(asc(settlementJobs.jobDate), asc(settlementJobs.jobNumber));
  const adjustments = await db
    .select()
    .from(settlementAdjustments)
    .where(
      scoped(
        settlementAdjustments,
        scope,
        eq(settlementAdjustments.settlementId, id),
        onlyPevo(settlementAdjustments.pevoId),
      ),
    )
    .orderBy(asc(settlementAdjustments.createdAt));
  const pevoIds = [...new Set([...jobs.map((j) => j.pevoId), ...adjustments.map((a) => a.pevoId)])];
  const names = new Map<string, string>();
  for (const id of pevoIds) {
    const [p] = await db
      .select({ first: pevos.firstName, last: pevos.lastName })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, id)));
    names.set(id, p ? `${p.first} ${p.last}` : "-");
  }
  const byPevo: TSettlementPevo[] = pevoIds
    .map((pid) => {
      const own = jobs.filter((j) => j.pevoId === pid);
      const adj = adjustments.filter((a) => a.pevoId === pid);
      const totals = statementTotals(own, adj);
      return {
        pevoId: pid,
        pevoName: names.get(pid) ?? "-",
        jobs: own.map((j) => {
          const f = j.figures as Figures;
          return {
            dispatchId: j.dispatchId,
            jobNumber: j.jobNumber,
            date: j.jobDate,
            route: j.route,
            position: j.position,
            lines: f.lines.map((l) => ({
              kind: l.kind,
              label: l.label,
              quantity: l.quantity,
              amount: fromCents(l.amountCents),
            })),
            expenses: f.expenses.map((e) => ({
              type: e.type,
              label: e.label,
              amount: fromCents(e.amountCents),
              reimbursed: e.reimbursed,
            })),
            pay: fromCents(j.payCents),
            reimbursed: fromCents(j.reimbursedCents),
            invoiced: j.invoicedCents === null ? null : fromCents(j.invoicedCents),
            planId: j.payPlanId,
          };
        }),
        adjustments: adj.map((a) => ({
          id: a.id,
          kind: a.kind,
          amount: fromCents(a.amountCents),
          note: a.note,
        })),
        totals: {
          pay: fromCents(totals.payCents),
          reimbursed: fromCents(totals.reimbursedCents),
          adjustments: fromCents(totals.adjustmentsCents),
          net: fromCents(totals.netCents),
        },
      };
    })
    .sort((a, b) => a.pevoName.localeCompare(b.pevoName));
  const net = statementTotals(jobs, adjustments).netCents;
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
    pevos: byPevo,
    net: fromCents(net),
  };
}

/** The office's read: a draft is refreshed (in one transaction with its row locked) before it is read. */
export async function getSettlement(scope: Scope, id: string): Promise<TSettlement> {
  return scope.db.transaction(async (tx) => {
    const row = await lockSettlement(tx, scope, id);
    if (row.status === "draft") await refreshFigures(tx, scope, id);
    return readSettlement(tx, scope, id);
  });
}

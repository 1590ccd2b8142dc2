/**
 * A settlement as stored (DECISIONS 'PEVO pay'): its jobs' figures and adjustments grouped by PEVO,
 * each PEVO's totals from packages/shared statementTotals. The office reads a run as a summary (each
 * PEVO's totals) and each PEVO's statement separately. A draft's jobs whose inputs changed since
 * their figures were stored (`stale`, set by migration 0048's triggers in the changing transaction)
 * are recomputed first, from today's plans, invoices and trip logs; the rest is a read of stored rows.
 * An approved or paid run is read as frozen. The run's totals and its pages of PEVOs: run-summary.ts.
 */
import { type Executor, pevos, settlementAdjustments, settlementJobs, settlements } from "@pevo/db";
import {
  type ExpenseLine,
  fromCents,
  type OffsetPage,
  type PageParams,
  type PayLine,
  statementTotals,
  type TSettlement,
  type TSettlementPevo,
  type TSettlementPevoSummary,
  type TSettlementSummary,
} from "@pevo/shared";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { jobsFigures, storedFigures } from "./job-figures";
import { readPevoPage, readRunTotals, runOf, SETTLEMENT_NOT_FOUND } from "./run-summary";

export { SETTLEMENT_NOT_FOUND };

export const PEVO_NOT_IN_SETTLEMENT = "This PEVO has no statement in the settlement";
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

/** The same JSON whatever the key order (jsonb does not keep the order it was given). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      // An undefined field is not stored (JSON drops it).
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value ?? null);
}

/**
 * Recomputes a locked draft's figures (a job's plan, invoice or trip log may have changed): all its
 * jobs (approval), or only the stale ones (a read), or one PEVO's, in a few queries, and stores those
 * that changed in one UPDATE. The jobs are locked first (in dispatch order, as the triggers' marks
 * take them): a change committed while they are recomputed waits to mark them, so its mark stays
 * set for the next read instead of being cleared with figures computed before it.
 */
export async function refreshFigures(
  tx: Executor,
  scope: Scope,
  settlementId: string,
  only: { pevoId?: string; stale?: boolean } = {},
) {
  const stored = await tx
    .select({
      dispatchId: settlementJobs.dispatchId,
      payPlanId: settlementJobs.payPlanId,
      jobDate: settlementJobs.jobDate,
      jobNumber: settlementJobs.jobNumber,
      route: settlementJobs.route,
      position: settlementJobs.position,
      invoicedCents: settlementJobs.invoicedCents,
      payCents: settlementJobs.payCents,
      reimbursedCents: settlementJobs.reimbursedCents,
      figures: settlementJobs.figures,
    })
    .from(settlementJobs)
    .where(
      scoped(
        settlementJobs,
        scope,
        eq(settlementJobs.settlementId, settlementId),
        only.pevoId ? eq(settlementJobs.pevoId, only.pevoId) : undefined,
        only.stale ? eq(settlementJobs.stale, true) : undefined,
      ),
    )
    .orderBy(asc(settlementJobs.dispatchId))
    .for("update");
  if (stored.length === 0) return;
  const ids = stored.map((j) => j.dispatchId);
  const figures = await jobsFigures(tx, scope, ids);
  const before = new Map(stored.map((j) => [j.dispatchId, canonical(j)]));
  const changed = figures
    .map((f) => ({
      dispatchId: f.dispatchId,
      payPlanId: f.payPlanId,
      jobDate: f.jobDate,
      jobNumber: f.jobNumber,
      route: f.route,
      position: f.position,
      invoicedCents: f.invoicedCents,
      payCents: f.pay.payCents,
      reimbursedCents: f.pay.reimbursedCents,
      figures: storedFigures(f.pay),
    }))
    .filter((f) => before.get(f.dispatchId) !== canonical(f));
  if (changed.length > 0) {
    await tx.execute(sql`
      update ${settlementJobs} set
        pay_plan_id = f."payPlanId", job_date = f."jobDate", job_number = f."jobNumber", route = f.route,
        position = f.position, invoiced_cents = f."invoicedCents", pay_cents = f."payCents",
        reimbursed_cents = f."reimbursedCents", figures = f.figures, stale = false
      from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as f(
        "dispatchId" uuid, "payPlanId" uuid, "jobDate" date, "jobNumber" text, route text, position text,
        "invoicedCents" bigint, "payCents" bigint, "reimbursedCents" bigint, figures jsonb)
      where ${settlementJobs.companyId} = ${scope.companyId}
        and ${settlementJobs.settlementId} = ${settlementId}
        and ${settlementJobs.dispatchId} = f."dispatchId"`);
  }
  // The rest is current too (only the rows locked above: a job marked since is left for the next read).
  await tx
    .update(settlementJobs)
    .set({ stale: false })
    .where(
      scoped(
        settlementJobs,
        scope,
        eq(settlementJobs.settlementId, settlementId),
        eq(settlementJobs.stale, true),
        inArray(settlementJobs.dispatchId, ids),
      ),
    );
}

/**
 * Recomputes a draft's stale jobs (one PEVO's when given), if it has any: one index probe when it
 * has none, which is every read that no change preceded. The run is locked only to recompute.
 */
async function refreshStale(scope: Scope, id: string, pevoId?: string) {
  const [row] = await scope.db
    .select({
      status: settlements.status,
      stale: sql<boolean>`exists (
        select 1 from ${settlementJobs}
        where ${settlementJobs.companyId} = ${settlements.companyId}
          and ${settlementJobs.settlementId} = ${settlements.id}
          and ${settlementJobs.stale}
          ${pevoId ? sql`and ${settlementJobs.pevoId} = ${pevoId}` : sql``})`,
    })
    .from(settlements)
    .where(scoped(settlements, scope, eq(settlements.id, id)));
  if (!row) throw new NotFoundError(SETTLEMENT_NOT_FOUND);
  if (row.status !== "draft" || !row.stale) return;
  await scope.db.transaction(async (tx) => {
    const locked = await lockSettlement(tx, scope, id);
    if (locked.status === "draft") await refreshFigures(tx, scope, id, { pevoId, stale: true });
  });
}

/** The PEVOs' names in one query. */
async function pevoNames(db: Executor, scope: Scope, ids: string[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: pevos.id, first: pevos.firstName, last: pevos.lastName })
          .from(pevos)
          .where(scoped(pevos, scope, inArray(pevos.id, ids)));
  return new Map(rows.map((p) => [p.id, `${p.first} ${p.last}`]));
}

type Figures = { lines: PayLine[]; expenses: ExpenseLine[] };

/** PEVOs in name order, as localeCompare orders them (one collator instead of one per comparison). */
const byName = new Intl.Collator().compare;

/** A stored job of a statement as the API answers it (the office's and the PEVO's Earnings). */
export function statementJob(j: typeof settlementJobs.$inferSelect): TSettlementPevo["jobs"][number] {
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
}

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
  const names = await pevoNames(db, scope, pevoIds);
  const byPevo: TSettlementPevo[] = pevoIds
    .map((pid) => {
      const own = jobs.filter((j) => j.pevoId === pid);
      const adj = adjustments.filter((a) => a.pevoId === pid);
      const totals = statementTotals(own, adj);
      return {
        pevoId: pid,
        pevoName: names.get(pid) ?? "-",
        jobs: own.map(statementJob),
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
    .sort((a, b) => byName(a.pevoName, b.pevoName));
  const net = statementTotals(jobs, adjustments).netCents;
  return { ...runOf(row), pevos: byPevo, net: fromCents(net) };
}

/** Its reads in one snapshot (a concurrent edit shows whole or not at all), without locking the run. */
const snapshot = <T>(scope: Scope, read: (tx: Executor) => Promise<T>) =>
  scope.db.transaction(read, { isolationLevel: "repeatable read", accessMode: "read only" });

/** The office's read of a run, its state and totals: a draft's stale jobs are recomputed first. */
export async function getSettlement(scope: Scope, id: string): Promise<TSettlementSummary> {
  await refreshStale(scope, id);
  return snapshot(scope, (tx) => readRunTotals(tx, scope, id));
}

/** A page of the run's PEVOs with their totals (a draft's stale jobs recomputed first). */
export async function getSettlementPevos(
  scope: Scope,
  id: string,
  params: PageParams,
): Promise<OffsetPage<TSettlementPevoSummary>> {
  await refreshStale(scope, id);
  return snapshot(scope, (tx) => readPevoPage(tx, scope, id, params));
}

/** The run with one PEVO's statement only (that PEVO's stale jobs recomputed first in a draft). */
export async function getPevoSettlement(scope: Scope, id: string, pevoId: string): Promise<TSettlement> {
  await refreshStale(scope, id, pevoId);
  return snapshot(scope, (tx) => readSettlement(tx, scope, id, pevoId));
}

/** One PEVO's statement of a run: jobs with pay lines and expenses, adjustments, totals; 404 if none. */
export async function getSettlementPevo(scope: Scope, id: string, pevoId: string): Promise<TSettlementPevo> {
  const own = (await getPevoSettlement(scope, id, pevoId)).pevos[0];
  if (!own) throw new NotFoundError(PEVO_NOT_IN_SETTLEMENT);
  return own;
}

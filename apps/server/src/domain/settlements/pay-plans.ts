/**
 * Pay plans (DECISIONS 'PEVO pay'): the company default and a PEVO's own, each a list of versions by
 * effective date. A save adds a version (never edits one): a job is paid under the version in force
 * on its day, so a change applies to jobs from its date on and an approved settlement keeps its
 * figures.
 */
import { type Executor, missingRow, payPlans, pevos } from "@pevo/db";
import {
  type ExpenseType,
  fromCents,
  type PayPlanTerms,
  type TPayPlan,
  type TPayPlanSave,
  type TPayPlans,
  toCents,
} from "@pevo/shared";
import { desc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { todayIso } from "../../lib/dates";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";

export const PEVO_NOT_FOUND = "PEVO not found";

type PlanRow = typeof payPlans.$inferSelect;

const money = (cents: number | null) => (cents === null ? null : fromCents(cents));
const cents = (amount: string | null) => (amount === null ? null : toCents(amount));

const planView = (row: PlanRow): TPayPlan => ({
  id: row.id,
  pevoId: row.pevoId,
  effectiveFrom: row.effectiveFrom,
  kind: row.kind,
  percent: row.percentBasisPoints === null ? null : fromCents(row.percentBasisPoints),
  dayRate: money(row.dayRateCents),
  mileRate: money(row.mileRateCents),
  mileageMinimum: row.mileageMinimum,
  overnightRate: money(row.overnightCents),
  noGoRate: money(row.noGoCents),
  waitRate: money(row.waitRateCents),
  waitThreshold: row.waitThresholdHours,
  deadheadRate: money(row.deadheadRateCents),
  perDiem: money(row.perDiemCents),
  highPoleRate: money(row.highPoleCents),
  reimbursedExpenses: row.reimbursedExpenses as ExpenseType[],
  createdAt: row.createdAt.toISOString(),
});

export const planTerms = (row: PlanRow): PayPlanTerms => ({
  kind: row.kind,
  percentBasisPoints: row.percentBasisPoints,
  dayRateCents: row.dayRateCents,
  mileRateCents: row.mileRateCents,
  mileageMinimum: row.mileageMinimum,
  overnightCents: row.overnightCents,
  noGoCents: row.noGoCents,
  waitRateCents: row.waitRateCents,
  waitThresholdHours: row.waitThresholdHours,
  deadheadRateCents: row.deadheadRateCents,
  perDiemCents: row.perDiemCents,
  highPoleCents: row.highPoleCents,
  reimbursedExpenses: row.reimbursedExpenses as ExpenseType[],
});

async function assertPevo(db: Executor, scope: Scope, pevoId: string) {
  const [pevo] = await db
    .select({ name: pevos.firstName, lastName: pevos.lastName })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  if (!pevo) throw new NotFoundError(PEVO_NOT_FOUND);
  return `${pevo.name} ${pevo.lastName}`;
}

const versionsOf = (db: Executor, scope: Scope, pevoId: string | null) =>
  db
    .select()
    .from(payPlans)
    .where(scoped(payPlans, scope, pevoId === null ? isNull(payPlans.pevoId) : eq(payPlans.pevoId, pevoId)))
    .orderBy(desc(payPlans.effectiveFrom), desc(payPlans.createdAt));

/** The version in force on `day`: the latest effective on or before it (the latest saved of a day). */
const inForce = (versions: PlanRow[], day: string) => versions.find((v) => v.effectiveFrom <= day) ?? null;

/** The company default (pevoId null) or a PEVO's plan: its versions and the company default in force. */
export async function payPlansOf(scope: Scope, pevoId: string | null): Promise<TPayPlans> {
  if (pevoId !== null) await assertPevo(scope.db, scope, pevoId);
  const today = todayIso();
  const versions = await versionsOf(scope.db, scope, pevoId);
  const defaults = pevoId === null ? versions : await versionsOf(scope.db, scope, null);
  const current = inForce(versions, today);
  const companyDefault = inForce(defaults, today);
  return {
    current: current && planView(current),
    versions: versions.map(planView),
    companyDefault: companyDefault && planView(companyDefault),
  };
}

/** A new version of the company default (pevoId null) or of a PEVO's plan, with its activity event. */
export async function savePayPlan(
  scope: Scope,
  { pevoId, plan }: { pevoId: string | null; plan: TPayPlanSave },
) {
  await scope.db.transaction(async (tx) => {
    const pevoName = pevoId === null ? null : await assertPevo(tx, scope, pevoId);
    const [row = missingRow("pay_plans")] = await tx
      .insert(payPlans)
      .values({
        companyId: scope.companyId,
        pevoId,
        effectiveFrom: plan.effectiveFrom,
        kind: plan.kind,
        percentBasisPoints: plan.kind === "percentage" ? cents(plan.percent) : null,
        dayRateCents: cents(plan.dayRate),
        mileRateCents: cents(plan.mileRate),
        mileageMinimum: plan.mileageMinimum,
        overnightCents: cents(plan.overnightRate),
        noGoCents: cents(plan.noGoRate),
        waitRateCents: cents(plan.waitRate),
        waitThresholdHours: plan.waitThreshold,
        deadheadRateCents: cents(plan.deadheadRate),
        perDiemCents: cents(plan.perDiem),
        highPoleCents: cents(plan.highPoleRate),
        reimbursedExpenses: plan.reimbursedExpenses,
        createdBy: scope.userId,
      })
      .returning({ id: payPlans.id });
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: "pay_plan_changed",
      pevo: pevoName,
      pevoId,
      message: `${pevoName ? `${pevoName}'s pay plan` : "The company's default pay plan"} changed from ${plan.effectiveFrom}`,
    });
    return row.id;
  });
  return payPlansOf(scope, pevoId);
}

/**
 * The plan versions that can pay these PEVOs' jobs up to `until`: a picker of the version in force
 * on a job's day, the PEVO's own first, then the company default.
 */
export async function planPicker(db: Executor, scope: Scope, pevoIds: string[], until: string) {
  const rows =
    pevoIds.length === 0
      ? []
      : await db
          .select()
          .from(payPlans)
          .where(
            scoped(
              payPlans,
              scope,
              lte(payPlans.effectiveFrom, until),
              or(isNull(payPlans.pevoId), inArray(payPlans.pevoId, pevoIds)),
            ),
          )
          .orderBy(desc(payPlans.effectiveFrom), desc(payPlans.createdAt));
  const own = new Map<string, PlanRow[]>();
  const defaults: PlanRow[] = [];
  for (const row of rows) {
    if (row.pevoId === null) defaults.push(row);
    else own.set(row.pevoId, [...(own.get(row.pevoId) ?? []), row]);
  }
  return (pevoId: string, day: string) => inForce(own.get(pevoId) ?? [], day) ?? inForce(defaults, day);
}

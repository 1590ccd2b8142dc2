import { dispatches, type Executor, pevos, positions, rateConfirmations } from "@pevo/db";
import type { DispatchStatus, PositionType, TCoverage } from "@pevo/shared";
import {
  type AnyColumn,
  and,
  asc,
  count,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  type SQL,
  sql,
} from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/*
 * Coverage (DECISIONS 'One dispatch per position'): a rate confirmation's position is covered by a
 * non-canceled dispatch with the same position (type and, for a custom one, name) AND a PEVO. A
 * dispatch a PEVO declined is pending without a PEVO: nobody drives that position, so it covers
 * nothing. Two chase cars need two chase car dispatches; a third chase car dispatch covers nothing
 * more. A dispatch stores the position by type and name because saving a rate confirmation rewrites
 * its position rows.
 */

const keyOf = (rc: string, type: string, name: string | null) => `${rc}\u0000${type}\u0000${name ?? ""}`;

/** The dispatches that cover positions: on these rate confirmations, not canceled, with a PEVO. */
const covering = (scope: Scope, ids: string[]) =>
  scoped(
    dispatches,
    scope,
    inArray(dispatches.rateConfirmationId, ids),
    ne(dispatches.status, "canceled"),
    isNotNull(dispatches.pevoId),
    isNotNull(dispatches.positionType),
  );

/**
 * How many dispatches cover the position group `p` (a positions row grouped by type and custom name)
 * of the rate confirmation `rc` of `company` (the outer row's columns): the rule above in SQL, for the
 * lists' coverage column and the dashboard's count.
 */
const coveringCount = (company: AnyColumn, rc: AnyColumn) => sql`(
  select count(*) from ${dispatches} d
  where d.company_id = ${company} and d.rate_confirmation_id = ${rc}
    and d.status <> 'canceled' and d.pevo_id is not null
    and d.position_type = p.position_type and d.position_name is not distinct from p.custom_name)`;

/**
 * A rate confirmation's coverage as a column of a list's one statement (null without positions):
 * per position group the smaller of positions and covering dispatches, summed.
 */
const coverageSql = (company: AnyColumn, rc: AnyColumn) => sql<TCoverage | null>`(
  select case when sum(g.n) > 0 then json_build_object('covered', sum(least(g.n, g.covered))::int, 'total', sum(g.n)::int) end
  from (
    select count(*) as n, ${coveringCount(company, rc)} as covered from ${positions} p
    where p.company_id = ${company} and p.rate_confirmation_id = ${rc}
    group by p.position_type, p.custom_name
  ) g)`;

/** The coverage of a dispatch's rate confirmation (the dispatch list); null without positions. */
export const dispatchCoverageColumn = () => coverageSql(dispatches.companyId, dispatches.rateConfirmationId);

/** A rate confirmation's coverage (its list); 0 of 0 without positions. */
export const rateConfirmationCoverageColumn = () =>
  sql<TCoverage>`coalesce(${coverageSql(rateConfirmations.companyId, rateConfirmations.id)}, json_build_object('covered', 0, 'total', 0))`;

type PositionRow = { positionType: PositionType; customName: string | null; pevoId: string | null };

/** The dispatch that covers a position: its id, its PEVO's name and its status. */
export type CoveredBy = { dispatchId: string; pevoName: string; status: DispatchStatus };

/**
 * Which dispatch covers each position of one rate confirmation (its page and 'Create Dispatch'),
 * in the positions' order; null for an open one. The count per group equals the lists' coverage
 * column; within a group of equal positions the ones whose PEVO has a covering dispatch are matched
 * first, then the others in order, so the form offers the position that is really still open.
 */
export async function coveredPositions(
  db: Executor,
  scope: Scope,
  id: string,
  list: PositionRow[],
): Promise<(CoveredBy | null)[]> {
  const rows = await db
    .select({
      dispatchId: dispatches.id,
      type: dispatches.positionType,
      name: dispatches.positionName,
      pevoId: dispatches.pevoId,
      pevoName: sql<string>`${pevos.firstName} || ' ' || ${pevos.lastName}`,
      status: dispatches.status,
    })
    .from(dispatches)
    .innerJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(covering(scope, [id]))
    .orderBy(asc(dispatches.positionSlot), asc(dispatches.createdAt), asc(dispatches.id));
  /** Per position key: its covering dispatches, not yet matched to a position. */
  const open = new Map<string, typeof rows>();
  for (const d of rows) {
    const key = keyOf(id, d.type ?? "", d.name);
    open.set(key, [...(open.get(key) ?? []), d]);
  }
  const covered: (CoveredBy | null)[] = list.map(() => null);
  const take = (p: PositionRow, i: number, samePevo: boolean) => {
    const left = open.get(keyOf(id, p.positionType, p.customName)) ?? [];
    const at = !samePevo
      ? left.length
        ? 0
        : -1
      : p.pevoId
        ? left.findIndex((d) => d.pevoId === p.pevoId)
        : -1;
    if (covered[i] || at < 0) return;
    const [d] = left.splice(at, 1);
    if (d) covered[i] = { dispatchId: d.dispatchId, pevoName: d.pevoName, status: d.status };
  };
  for (const samePevo of [true, false]) for (const [i, p] of list.entries()) take(p, i, samePevo);
  return covered;
}

/**
 * The dashboard's count: active rate confirmations running in [from, until) with at least one
 * position not covered. One SQL aggregate: the date window uses the (company, last day) index, the
 * correlated parts the positions' rc index and dispatches' (company, rc) index.
 */
export async function countUncoveredJobs(scope: Scope, from: string, until: string) {
  const uncovered = sql`exists (
    select 1 from ${positions} p
    where p.company_id = ${rateConfirmations.companyId} and p.rate_confirmation_id = ${rateConfirmations.id}
    group by p.position_type, p.custom_name
    having count(*) > ${coveringCount(rateConfirmations.companyId, rateConfirmations.id)}
  )`;
  const [row] = await scope.db
    .select({ n: count() })
    .from(rateConfirmations)
    .where(
      scoped(
        rateConfirmations,
        scope,
        isNull(rateConfirmations.canceledAt),
        and(
          lt(rateConfirmations.startDate, until),
          gte(sql`greatest(${rateConfirmations.startDate}, ${rateConfirmations.endDate})`, from),
        ) as SQL,
        uncovered,
      ),
    );
  return row?.n ?? 0;
}

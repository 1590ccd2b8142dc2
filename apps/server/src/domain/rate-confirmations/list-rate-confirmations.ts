/** The office's list of rate confirmations and the next free job number. */
import { clients, rateConfirmations } from "@pevo/db";
import type { OffsetPage, RcSort, TRateConfirmationListItem, TRateConfirmationListQuery } from "@pevo/shared";
import { eq, gte, inArray, isNotNull, isNull, like, lte, type SQLWrapper } from "drizzle-orm";
import { countRows, offsetPageOf, searchMatches, sortBy } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { rateConfirmationCoverageColumn } from "../dispatches";
import { signatureStateSql } from "./signature-state";

const RC_SORT_COLUMNS = {
  startDate: rateConfirmations.startDate,
  jobNumber: rateConfirmations.jobNumber,
  clientName: clients.name,
  endDate: rateConfirmations.endDate,
  createdAt: rateConfirmations.createdAt,
} satisfies Record<RcSort, SQLWrapper>;

/**
 * A page of the list. Active ones by default (the dispatch form's picker leaves the canceled ones
 * out); `includeCanceled` adds them, `canceled` shows only them. `q` searches the job number, origin
 * and destination. The positions are counted for the page's rows only.
 */
export async function listRateConfirmations(
  scope: Scope,
  params: TRateConfirmationListQuery,
): Promise<OffsetPage<TRateConfirmationListItem>> {
  const where = scoped(
    rateConfirmations,
    scope,
    params.clientId ? eq(rateConfirmations.clientId, params.clientId) : undefined,
    params.startFrom ? gte(rateConfirmations.startDate, params.startFrom) : undefined,
    params.startTo ? lte(rateConfirmations.startDate, params.startTo) : undefined,
    params.q ? searchMatches(rateConfirmations.searchText, params.q) : undefined,
    params.canceled === true
      ? isNotNull(rateConfirmations.canceledAt)
      : params.canceled === false || !params.includeCanceled
        ? isNull(rateConfirmations.canceledAt)
        : undefined,
  );
  // A null end date sorts as the last of an ascending order (and first of a descending one).
  const sortColumn = RC_SORT_COLUMNS[params.sort];
  return offsetPageOf(params, {
    rows: async (limit, offset) => {
      // One statement (as the dispatch list): the page's ids in a subquery (the client joined only to
      // sort by its name), then those rows with their client and coverage.
      const ids = scope.db.select({ id: rateConfirmations.id }).from(rateConfirmations).$dynamic();
      if (params.sort === "clientName") ids.innerJoin(clients, eq(clients.id, rateConfirmations.clientId));
      const order = sortBy(sortColumn, params.dir, rateConfirmations.id);
      const page = ids
        // scoped: `where` is built with scoped() above
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const rows = await scope.db
        .select({
          id: rateConfirmations.id,
          jobNumber: rateConfirmations.jobNumber,
          originAddress: rateConfirmations.originAddress,
          destinationAddress: rateConfirmations.destinationAddress,
          startDate: rateConfirmations.startDate,
          endDate: rateConfirmations.endDate,
          clientName: clients.name,
          signatureStatus: signatureStateSql,
          canceledAt: rateConfirmations.canceledAt,
          createdAt: rateConfirmations.createdAt,
          coverage: rateConfirmationCoverageColumn(),
        })
        .from(rateConfirmations)
        .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
        .where(scoped(rateConfirmations, scope, inArray(rateConfirmations.id, page)))
        .orderBy(...order);
      return rows.map((r) => ({
        ...r,
        // Every position counts towards the coverage's total.
        positionsCount: r.coverage.total,
        canceledAt: r.canceledAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
      }));
    },
    // The client join is needed only to sort by its name: the count reads the rate confirmations alone.
    count: (cap) => countRows(scope.db, rateConfirmations, where, cap),
  });
}

/** RC-YYYYMMDD-###: the next number of that day not used by the company. */
export async function nextJobNumber(scope: Scope, isoDay: string) {
  const prefix = `RC-${isoDay.replaceAll("-", "")}-`;
  const rows = await scope.db
    .select({ jobNumber: rateConfirmations.jobNumber })
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, like(rateConfirmations.jobNumber, `${prefix}%`)));
  const used = rows.map((r) => Number(r.jobNumber.slice(prefix.length))).filter(Number.isInteger);
  const next = used.length ? Math.max(...used) + 1 : 1;
  return `${prefix}${String(next).padStart(3, "0")}`;
}

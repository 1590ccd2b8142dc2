import {
  clients,
  dispatches,
  type Executor,
  invoices,
  missingRow,
  pevos,
  positions,
  rateConfirmations,
  standardRates,
  tripLogs,
} from "@pevo/db";
import {
  DISPATCH_STATUS_LABELS,
  type DispatchSort,
  type OffsetPage,
  type TDispatch,
  type TDispatchData,
  type TDispatchFilters,
  type TDispatchListItem,
  type TDispatchListQuery,
} from "@pevo/shared";
import { asc, count, eq, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Deps } from "../../http/context";
import type { CsvValue } from "../../http/csv";
import { ConflictError, InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { invoiceToday, overdueSql } from "../../lib/invoice-status";
import { dispatchEvent, publishEvent } from "../../lib/live-events";
import { loadDetailsOf, permitsOf } from "../../lib/load-details";
import { allRows, countUpTo, keyset, likePattern, offsetPageOf, sortBy } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { mailState } from "../../mail/mail-jobs";
import { dispatchCoverageColumn } from "./coverage";
import { dispatchAlertKey, notify, recordAssignment } from "./dispatch-alert";
import { endAssignment, reopenJob } from "./office-assignment";
import { syncPickupReminders } from "./pickup-reminders";
import {
  checkBooking,
  checkDispatchQualification,
  columnsOf,
  recordQualificationOverrides,
} from "./position-rules";

export const DISPATCH_NOT_FOUND = "Dispatch not found";
const DISPATCH_HAS_INVOICES = "This dispatch has invoices and cannot be deleted. Delete its invoices first.";
/** Only a draft invoice can be deleted (DECISIONS, Invoices): a billed dispatch is canceled instead. */
const DISPATCH_BILLED =
  "This dispatch is billed (an invoice was sent or voided) and cannot be deleted. Set its status to canceled instead.";
const DISPATCH_HAS_TRIPS =
  "This dispatch has trip log entries from its PEVO and cannot be deleted. Set its status to canceled instead.";

const pevoName = () => sql<string | null>`${pevos.firstName} || ' ' || ${pevos.lastName}`;

/**
 * The sort keys of each `sort` (the id tie-breaker comes last, see sortBy / keyset). Every key is
 * non-null, so the CSV export can walk the same order with a keyset: a name from a left join is
 * coalesced to '' (an unassigned dispatch or one without a rate confirmation sorts first ascending).
 * Status sorts in its lifecycle order (the enum's): pending, dispatched, completed, canceled.
 */
const SORT_KEYS: Record<DispatchSort, () => [PgColumn | SQL, ...(PgColumn | SQL)[]]> = {
  pickupDate: () => [dispatches.pickupDate, dispatches.pickupTime],
  driverName: () => [dispatches.driverName],
  pevoName: () => [sql`coalesce(${pevoName()}, '')`],
  status: () => [dispatches.status],
  jobNumber: () => [sql`coalesce(${rateConfirmations.jobNumber}, '')`],
  createdAt: () => [dispatches.createdAt],
};

/**
 * The WHERE of the list and the export. A PEVO or client id of another company matches nothing
 * (a dispatch only references its own company's rows). `joinsRateConfirmation`: the client filter
 * reads the rate confirmation, so the count joins it too.
 */
function filterOf(scope: Scope, f: TDispatchFilters) {
  const term = f.q ? likePattern(f.q) : undefined;
  return {
    where: (...more: (SQL | undefined)[]) =>
      scoped(
        dispatches,
        scope,
        f.status?.length ? inArray(dispatches.status, f.status) : undefined,
        f.pickupFrom ? gte(dispatches.pickupDate, f.pickupFrom) : undefined,
        f.pickupTo ? lte(dispatches.pickupDate, f.pickupTo) : undefined,
        f.pevoId ? eq(dispatches.pevoId, f.pevoId) : undefined,
        f.clientId ? eq(rateConfirmations.clientId, f.clientId) : undefined,
        f.unassigned ? isNull(dispatches.pevoId) : undefined,
        // The job number side as a subquery on rate confirmations: an OR across the join would defeat
        // both trigram indexes (a sequential scan at 100k); this way each side uses its own.
        term
          ? or(
              ilike(dispatches.driverName, term),
              sql`${dispatches.rateConfirmationId} = any(array(${scope.db
                .select({ id: rateConfirmations.id })
                .from(rateConfirmations)
                .where(scoped(rateConfirmations, scope, ilike(rateConfirmations.jobNumber, term)))}))`,
            )
          : undefined,
        ...more,
      ),
    joinsRateConfirmation: Boolean(f.clientId),
  };
}

const listColumns = {
  id: dispatches.id,
  driverName: dispatches.driverName,
  pickupDate: dispatches.pickupDate,
  pickupTime: dispatches.pickupTime,
  status: dispatches.status,
  pevoId: dispatches.pevoId,
  pevoName: pevoName(),
  rateConfirmationId: dispatches.rateConfirmationId,
  jobNumber: rateConfirmations.jobNumber,
  positionType: dispatches.positionType,
  positionName: dispatches.positionName,
  createdAt: dispatches.createdAt,
};

/** A dispatch's invoices (id and number), oldest first, as a column (the list's page, the CSV). */
const invoiceNumbers = sql<{ id: string; invoiceNumber: string }[]>`(
  select coalesce(
    json_agg(json_build_object('id', ${invoices.id}, 'invoiceNumber', ${invoices.invoiceNumber})
      order by ${invoices.createdAt}, ${invoices.id}),
    '[]'::json)
  from ${invoices}
  where ${invoices.companyId} = ${dispatches.companyId} and ${invoices.dispatchId} = ${dispatches.id})`;

/** One page of the company's dispatches, filtered and sorted (default: latest pickup first). */
export async function listDispatches(
  scope: Scope,
  params: TDispatchListQuery,
): Promise<OffsetPage<TDispatchListItem>> {
  const { db } = scope;
  const filter = filterOf(scope, params);
  // scoped: filterOf() builds it with scoped()
  const where = filter.where();
  return offsetPageOf(params, {
    rows: async (limit, offset) => {
      // The page's ids in a subquery, joining only what the sort or a filter reads: a deep page then
      // skips index entries instead of joined rows (offset 50,000 at 100k: ~19 ms instead of ~170 ms).
      // One statement reads the page, its joins, invoices and coverage: round trips are what a list costs.
      const ids = db.select({ id: dispatches.id }).from(dispatches).$dynamic();
      if (params.sort === "pevoName") ids.leftJoin(pevos, eq(pevos.id, dispatches.pevoId));
      if (params.sort === "jobNumber" || filter.joinsRateConfirmation) {
        ids.leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId));
      }
      const order = sortBy(SORT_KEYS[params.sort](), params.dir, dispatches.id);
      const page = ids
        // scoped: filterOf() builds it with scoped()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const rows = await db
        .select({ ...listColumns, invoices: invoiceNumbers, coverage: dispatchCoverageColumn() })
        .from(dispatches)
        .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
        .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
        .where(scoped(dispatches, scope, inArray(dispatches.id, page)))
        .orderBy(...order);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
    count: (cap) => {
      const query = db.select({ one: sql`1` }).from(dispatches).$dynamic();
      if (filter.joinsRateConfirmation) {
        query.leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId));
      }
      // scoped: filterOf() builds it with scoped()
      return countUpTo(db, query.where(where), cap);
    },
  });
}

export const DISPATCH_CSV_HEADER = [
  "Job Number",
  "Client",
  "Driver",
  "Driver Phone",
  "Driver Company",
  "PEVO",
  "Pickup Date",
  "Pickup Time",
  "Status",
  "Invoices",
  "Created",
];

/**
 * Every dispatch the filters match, in the list's order, as CSV rows (no paging). Read in keyset
 * batches over the sort keys + id (`allRows`), so the whole set streams at one batch of memory and
 * each row comes exactly once, whatever the sort.
 */
export async function* dispatchCsvRows(scope: Scope, f: TDispatchFilters): AsyncGenerator<CsvValue[]> {
  const { db } = scope;
  const filter = filterOf(scope, f);
  const key = keyset([...SORT_KEYS[f.sort](), dispatches.id], f.dir);
  const rows = allRows((cursor, limit) =>
    db
      .select({
        ...listColumns,
        driverPhone: dispatches.driverPhone,
        driverCompany: dispatches.driverCompany,
        clientName: clients.name,
        invoices: invoiceNumbers,
        cursor: key.cursor,
      })
      .from(dispatches)
      .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
      // scoped: filterOf() builds it with scoped()
      .where(filter.where(key.after(cursor)))
      .orderBy(...key.orderBy)
      .limit(limit),
  );
  for await (const r of rows) {
    yield [
      r.jobNumber,
      r.clientName,
      r.driverName,
      r.driverPhone,
      r.driverCompany,
      r.pevoName,
      r.pickupDate,
      r.pickupTime,
      DISPATCH_STATUS_LABELS[r.status],
      r.invoices.map((inv) => inv.invoiceNumber).join("; "),
      r.createdAt.toISOString(),
    ];
  }
}

/** The rate confirmation part of a dispatch: job, route, rates, positions and load details. */
async function rateConfirmationSummary(scope: Scope, id: string) {
  const { db } = scope;
  const [rc] = await db
    .select({ rc: rateConfirmations, clientName: clients.name, rates: standardRates })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!rc) return null;
  const [pos, permitRows] = await Promise.all([
    db
      .select({
        positionType: positions.positionType,
        customName: positions.customName,
        pevoId: positions.pevoId,
      })
      .from(positions)
      .where(scoped(positions, scope, eq(positions.rateConfirmationId, id)))
      .orderBy(asc(positions.sortOrder)),
    permitsOf(db, scope, id),
  ]);
  const r = rc.rates;
  return {
    id: rc.rc.id,
    jobNumber: rc.rc.jobNumber,
    clientId: rc.rc.clientId,
    clientName: rc.clientName,
    originAddress: rc.rc.originAddress,
    destinationAddress: rc.rc.destinationAddress,
    startDate: rc.rc.startDate,
    description: rc.rc.description,
    standardRates: r
      ? {
          minimumDailyRate: r.minimumDailyRate,
          mileageRate: r.mileageRate,
          overnightRate: r.overnightRate,
          noGoRate: r.noGoRate,
          detentionRate: r.detentionRate,
          detentionThreshold: r.detentionThreshold,
        }
      : null,
    positions: pos,
    loadDetails: loadDetailsOf(rc.rc, permitRows),
  };
}

export async function getDispatch(scope: Scope, id: string): Promise<TDispatch> {
  const { db } = scope;
  const [row] = await db
    .select({ d: dispatches, pevoFirst: pevos.firstName, pevoLast: pevos.lastName })
    .from(dispatches)
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(scoped(dispatches, scope, eq(dispatches.id, id)));
  if (!row) throw new NotFoundError(DISPATCH_NOT_FOUND);
  const today = await invoiceToday(db, scope);
  const [invoiceRows, rateConfirmation] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        status: invoices.status,
        total: invoices.total,
        overdue: overdueSql(today),
      })
      .from(invoices)
      .where(scoped(invoices, scope, eq(invoices.dispatchId, id)))
      .orderBy(asc(invoices.createdAt)),
    row.d.rateConfirmationId ? rateConfirmationSummary(scope, row.d.rateConfirmationId) : null,
  ]);
  const d = row.d;
  return {
    id: d.id,
    rateConfirmationId: d.rateConfirmationId,
    pevoId: d.pevoId,
    driverName: d.driverName,
    driverPhone: d.driverPhone,
    driverCompany: d.driverCompany,
    pickupDate: d.pickupDate,
    pickupTime: d.pickupTime,
    notes: d.notes,
    status: d.status,
    positionType: d.positionType,
    positionName: d.positionName,
    pevoName: row.pevoFirst ? `${row.pevoFirst} ${row.pevoLast}` : null,
    createdAt: d.createdAt.toISOString(),
    alertMail: await mailState(db, scope, dispatchAlertKey(d.id)),
    hasInvoices: invoiceRows.length > 0,
    invoices: invoiceRows,
    rateConfirmation,
  };
}

/** The rate confirmation and PEVO must be the company's own; the PEVO must be active when newly assigned. */
async function checkReferences(scope: Scope, input: TDispatchData, currentPevoId: string | null) {
  const { db } = scope;
  if (input.rateConfirmationId) {
    const [rc] = await db
      .select({ id: rateConfirmations.id })
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, input.rateConfirmationId)));
    if (!rc) {
      const message = "Choose a rate confirmation from the list";
      throw new InvalidInputError(message, { rateConfirmationId: message });
    }
  }
  if (input.pevoId) {
    const [pevo] = await db
      .select({ status: pevos.status })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, input.pevoId)));
    if (!pevo || (pevo.status !== "active" && input.pevoId !== currentPevoId)) {
      const message = "Choose an active PEVO from the list";
      throw new InvalidInputError(message, { pevoId: message });
    }
  }
}

/**
 * What a dispatch's live event says (lib/live-events.ts dispatchEvent), read in the change's
 * transaction so the event is published in it (ADR 0012, Live events).
 */
export async function publishDispatchEvent(
  tx: Executor,
  scope: Scope,
  id: string,
  event: ReturnType<typeof dispatchEvent>,
) {
  const [row = missingRow("dispatches")] = await tx
    .select({
      id: dispatches.id,
      pevoId: dispatches.pevoId,
      pevoName: pevoName(),
      status: dispatches.status,
      driverName: dispatches.driverName,
      jobNumber: rateConfirmations.jobNumber,
    })
    .from(dispatches)
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(scoped(dispatches, scope, eq(dispatches.id, id)));
  const { jobNumber, ...d } = row;
  await publishEvent(tx, {
    companyId: scope.companyId,
    by: scope.userId,
    ...event({ ...d, rateConfirmation: jobNumber === null ? null : { jobNumber } }),
  });
}

export async function createDispatch(
  scope: Scope,
  { deps, dispatch: input }: { deps: Pick<Deps, "mailer" | "config">; dispatch: TDispatchData },
) {
  const { db, companyId, userId } = scope;
  await checkReferences(scope, input, null);
  const qualification = await checkDispatchQualification(scope, input, null);
  const { id, alertJob } = await db.transaction(async (tx) => {
    await checkBooking(tx, scope, input, null);
    const [row = missingRow("dispatches")] = await tx
      .insert(dispatches)
      .values({ ...columnsOf(input), companyId, createdBy: userId })
      .returning({ id: dispatches.id });
    await recordQualificationOverrides(tx, scope, qualification, input);
    await syncPickupReminders(tx, scope, row.id);
    const alertJob = await recordAssignment(tx, scope, deps, input, row.id);
    await publishDispatchEvent(tx, scope, row.id, dispatchEvent("dispatch.created"));
    return { id: row.id, alertJob };
  });
  await notify({ db, ...deps }, alertJob);
  return getDispatch(scope, id);
}

export async function updateDispatch(
  scope: Scope,
  {
    deps,
    id,
    dispatch: input,
  }: { deps: Pick<Deps, "mailer" | "config">; id: string; dispatch: TDispatchData },
) {
  const { db } = scope;
  const [current] = await db
    .select({
      pevoId: dispatches.pevoId,
      pickupDate: dispatches.pickupDate,
      rateConfirmationId: dispatches.rateConfirmationId,
      status: dispatches.status,
    })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, id)));
  if (!current) throw new NotFoundError(DISPATCH_NOT_FOUND);
  await checkReferences(scope, input, current.pevoId);
  const qualification = await checkDispatchQualification(scope, input, { id, ...current });
  const alertJob = await db.transaction(async (tx) => {
    await checkBooking(tx, scope, input, { id, ...current });
    await tx
      .update(dispatches)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(scoped(dispatches, scope, eq(dispatches.id, id)));
    await recordQualificationOverrides(tx, scope, qualification, input);
    await syncPickupReminders(tx, scope, id);
    // A new PEVO answers anew (office-assignment.ts); taking the PEVO off voids the emailed link;
    // the same PEVO on a job set back from completed or canceled continues it.
    if (!input.pevoId && current.pevoId) await endAssignment(tx, scope, id);
    if (input.pevoId === current.pevoId) {
      await reopenJob(tx, scope, {
        dispatchId: id,
        pevoId: input.pevoId,
        from: current.status,
        to: input.status,
      });
    }
    const alertJob =
      input.pevoId && input.pevoId !== current.pevoId
        ? await recordAssignment(tx, scope, deps, input, id)
        : null;
    await publishDispatchEvent(tx, scope, id, dispatchEvent("dispatch.changed", current.pevoId));
    return alertJob;
  });
  await notify({ db, ...deps }, alertJob);
  return getDispatch(scope, id);
}

export async function deleteDispatch(scope: Scope, { id }: { id: string }) {
  await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: dispatches.id, pevoId: dispatches.pevoId })
      .from(dispatches)
      .where(scoped(dispatches, scope, eq(dispatches.id, id)));
    if (!row) throw new NotFoundError(DISPATCH_NOT_FOUND);
    const [used = missingRow("invoices")] = await tx
      .select({ n: count(), billed: count(sql`case when ${invoices.status} <> 'draft' then 1 end`) })
      .from(invoices)
      .where(scoped(invoices, scope, eq(invoices.dispatchId, id)));
    if (used.billed > 0) throw new ConflictError(DISPATCH_BILLED);
    if (used.n > 0) throw new ConflictError(DISPATCH_HAS_INVOICES);
    const [trips = missingRow("tripLogs")] = await tx
      .select({ n: count() })
      .from(tripLogs)
      .where(scoped(tripLogs, scope, eq(tripLogs.dispatchId, id)));
    if (trips.n > 0) throw new ConflictError(DISPATCH_HAS_TRIPS);
    await tx.delete(dispatches).where(scoped(dispatches, scope, eq(dispatches.id, id)));
    await syncPickupReminders(tx, scope, id);
    await publishEvent(tx, {
      companyId: scope.companyId,
      kind: "dispatch.deleted",
      ids: { dispatchId: id },
      pevoIds: [row.pevoId],
      text: "Dispatch deleted",
    });
  });
}

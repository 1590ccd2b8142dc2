import {
  clients,
  customRates,
  dispatches,
  type Executor,
  missingRow,
  permits,
  pevos,
  positions,
  rateConfirmations,
  standardRates,
} from "@pevo/db";
import type {
  OffsetPage,
  RcSort,
  TRateConfirmation,
  TRateConfirmationData,
  TRateConfirmationListItem,
  TRateConfirmationListQuery,
} from "@pevo/shared";
import { asc, count, eq, gte, inArray, isNotNull, isNull, like, lte, type SQLWrapper } from "drizzle-orm";
import { recordActivity } from "../../lib/activity";
import { coveredPositions, rateConfirmationCoverageColumn } from "../../lib/coverage";
import { todayIso } from "../../lib/dates";
import {
  ConflictError,
  InvalidInputError,
  isUniqueViolation,
  NotFoundError,
  pgError,
} from "../../lib/domain-errors";
import { publishEvent, published, rateConfirmationEvent } from "../../lib/live-events";
import { loadDetailsOf, permitsOf } from "../../lib/load-details";
import { countRows, offsetPageOf, searchMatches, sortBy } from "../../lib/paging";
import { recordOverrides } from "../../lib/qualification";
import { type Scope, scoped } from "../../lib/tenant";
import { checkPositionBookings, checkPositionQualifications } from "./position-conflicts";
import {
  currentDocumentHash,
  signatureStateSql,
  voidSignatureOnChange,
  withdrawSignatureOnCancel,
} from "./signature-requests";

export const RC_NOT_FOUND = "Rate confirmation not found";
const JOB_NUMBER_TAKEN = "This job number is already used by another rate confirmation";
const RC_IN_USE =
  "This rate confirmation cannot be deleted: dispatches (and their invoices) refer to it. Cancel it instead.";
const RC_CANCELED = "This rate confirmation is canceled: restore it before editing it";

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

/** One rate confirmation with its rates and positions (`db`: a transaction reads its own writes). */
export async function getRateConfirmation(
  scope: Scope,
  id: string,
  db: Executor = scope.db,
): Promise<TRateConfirmation> {
  const [rc] = await db
    .select({
      rc: rateConfirmations,
      clientName: clients.name,
      rates: standardRates,
      signatureState: signatureStateSql,
    })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!rc) throw new NotFoundError(RC_NOT_FOUND);
  const [custom, pos, permitRows] = await Promise.all([
    db
      .select({
        id: customRates.id,
        name: customRates.name,
        amount: customRates.amount,
        unit: customRates.unit,
      })
      .from(customRates)
      .where(scoped(customRates, scope, eq(customRates.rateConfirmationId, id)))
      .orderBy(asc(customRates.sortOrder)),
    db
      .select({
        id: positions.id,
        positionType: positions.positionType,
        customName: positions.customName,
        pevoId: positions.pevoId,
        firstName: pevos.firstName,
        lastName: pevos.lastName,
      })
      .from(positions)
      .leftJoin(pevos, eq(pevos.id, positions.pevoId))
      .where(scoped(positions, scope, eq(positions.rateConfirmationId, id)))
      .orderBy(asc(positions.sortOrder)),
    permitsOf(db, scope, id),
  ]);
  const dispatched = await coveredPositions(db, scope, id, pos);
  const { rates } = rc;
  return {
    id: rc.rc.id,
    clientId: rc.rc.clientId,
    clientName: rc.clientName,
    jobNumber: rc.rc.jobNumber,
    originAddress: rc.rc.originAddress,
    destinationAddress: rc.rc.destinationAddress,
    startDate: rc.rc.startDate,
    endDate: rc.rc.endDate,
    description: rc.rc.description,
    additionalTerms: rc.rc.additionalTerms,
    signatureStatus: rc.signatureState,
    canceledAt: rc.rc.canceledAt?.toISOString() ?? null,
    createdAt: rc.rc.createdAt.toISOString(),
    coverage: { covered: dispatched.filter(Boolean).length, total: pos.length },
    standardRates: {
      minimumDailyRate: rates?.minimumDailyRate ?? "0.00",
      mileageRate: rates?.mileageRate ?? "0.00",
      overnightRate: rates?.overnightRate ?? "0.00",
      noGoRate: rates?.noGoRate ?? "0.00",
      detentionRate: rates?.detentionRate ?? "0.00",
      detentionThreshold: rates?.detentionThreshold ?? 2,
    },
    customRates: custom,
    positions: pos.map(({ firstName, lastName, ...p }, i) => ({
      ...p,
      pevoName: firstName ? `${firstName} ${lastName}` : null,
      dispatched: dispatched[i] ?? false,
    })),
    loadDetails: loadDetailsOf(rc.rc, permitRows),
  };
}

/**
 * The PEVOs whose screens show this job (its dispatches' and its positions' PEVOs): its live event
 * names them, so an assigned PEVO's job screen refetches when the office edits the route or dates.
 */
async function pevosOfJob(db: Executor, scope: Scope, id: string): Promise<string[]> {
  const [onDispatches, onPositions] = await Promise.all([
    db
      .selectDistinct({ pevoId: dispatches.pevoId })
      .from(dispatches)
      .where(scoped(dispatches, scope, eq(dispatches.rateConfirmationId, id), isNotNull(dispatches.pevoId))),
    db
      .selectDistinct({ pevoId: positions.pevoId })
      .from(positions)
      .where(scoped(positions, scope, eq(positions.rateConfirmationId, id), isNotNull(positions.pevoId))),
  ]);
  return [...onDispatches, ...onPositions].flatMap((r) => (r.pevoId ? [r.pevoId] : []));
}

/** The client and every assigned PEVO must be the company's own: a foreign id is a field error. */
async function checkReferences(scope: Scope, input: TRateConfirmationData) {
  const { db } = scope;
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(scoped(clients, scope, eq(clients.id, input.clientId)));
  if (!client) throw new InvalidInputError("Please select a client", { clientId: "Please select a client" });
  const pevoIds = [
    ...new Set(input.positions.map((p) => p.pevoId).filter((id): id is string => Boolean(id))),
  ];
  if (pevoIds.length === 0) return;
  const found = await db
    .select({ id: pevos.id })
    .from(pevos)
    .where(scoped(pevos, scope, inArray(pevos.id, pevoIds)));
  const known = new Set(found.map((p) => p.id));
  const fields: Record<string, string> = {};
  input.positions.forEach((p, i) => {
    if (p.pevoId && !known.has(p.pevoId)) fields[`positions.${i}.pevoId`] = "Choose a PEVO from the list";
  });
  if (Object.keys(fields).length) throw new InvalidInputError("Choose a PEVO from the list", fields);
}

async function writeChildren(tx: Executor, scope: Scope, id: string, input: TRateConfirmationData) {
  const parent = { companyId: scope.companyId, rateConfirmationId: id };
  await tx.insert(standardRates).values({ ...parent, ...input.standardRates });
  if (input.customRates.length) {
    await tx
      .insert(customRates)
      .values(input.customRates.map((r, sortOrder) => ({ ...r, ...parent, sortOrder })));
  }
  await tx.insert(positions).values(input.positions.map((p, sortOrder) => ({ ...p, ...parent, sortOrder })));
  const permitRows = input.loadDetails.permits;
  if (permitRows.length) {
    await tx
      .insert(permits)
      .values(
        permitRows.map((p, sortOrder) => ({ ...parent, state: p.state, permitNumber: p.number, sortOrder })),
      );
  }
}

function duplicateJobNumber(error: unknown): never {
  if (isUniqueViolation(error)) throw new ConflictError(JOB_NUMBER_TAKEN, { jobNumber: JOB_NUMBER_TAKEN });
  throw error;
}

const header = (input: TRateConfirmationData) => ({
  clientId: input.clientId,
  jobNumber: input.jobNumber,
  originAddress: input.originAddress,
  destinationAddress: input.destinationAddress,
  startDate: input.startDate,
  endDate: input.endDate,
  description: input.description,
  additionalTerms: input.additionalTerms,
  loadDescription: input.loadDetails.description,
  loadWidthInches: input.loadDetails.widthInches,
  loadHeightInches: input.loadDetails.heightInches,
  loadLengthInches: input.loadDetails.lengthInches,
  loadWeightPounds: input.loadDetails.weightPounds,
  frontOverhangInches: input.loadDetails.frontOverhangInches,
  rearOverhangInches: input.loadDetails.rearOverhangInches,
  truckNumber: input.loadDetails.truckNumber,
  trailerNumber: input.loadDetails.trailerNumber,
  cbChannel: input.loadDetails.cbChannel,
  routeDescription: input.loadDetails.routeDescription,
  routeStates: input.loadDetails.routeStates,
});

/** Confirmation, standard rates, custom rates and positions: one transaction, all or nothing. */
export async function createRateConfirmation(scope: Scope, input: TRateConfirmationData) {
  const { db, companyId, userId } = scope;
  await checkReferences(scope, input);
  const overridden = await checkPositionQualifications(scope, input, null);
  const id = await db
    .transaction(async (tx) => {
      await checkPositionBookings(tx, scope, input, null);
      const [row = missingRow("rateConfirmations")] = await tx
        .insert(rateConfirmations)
        .values({ ...header(input), companyId, createdBy: userId })
        .returning({ id: rateConfirmations.id });
      await writeChildren(tx, scope, row.id, input);
      await recordOverrides(tx, scope, overridden, input.qualificationOverride?.reason, input.jobNumber);
      return row.id;
    })
    .catch(duplicateJobNumber);
  return published(
    scope,
    await getRateConfirmation(scope, id),
    rateConfirmationEvent("created", await pevosOfJob(db, scope, id)),
  );
}

/**
 * A real update in one transaction. A change of the document (terms, rates, positions, the client)
 * voids an open or signed signature in the same transaction; a save that changes nothing keeps it.
 */
export async function updateRateConfirmation(scope: Scope, id: string, input: TRateConfirmationData) {
  const { db } = scope;
  const [existing] = await db
    .select({ id: rateConfirmations.id, canceledAt: rateConfirmations.canceledAt })
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!existing) throw new NotFoundError(RC_NOT_FOUND);
  if (existing.canceledAt) throw new ConflictError(RC_CANCELED);
  await checkReferences(scope, input);
  const overridden = await checkPositionQualifications(scope, input, id);
  // A PEVO taken off a position hears of it too (their job screen listed the position).
  const pevosBefore = await pevosOfJob(db, scope, id);
  await db
    .transaction(async (tx) => {
      await checkPositionBookings(tx, scope, input, id);
      const read = () => getRateConfirmation(scope, id, tx);
      const before = await currentDocumentHash(tx, scope, read);
      const [row] = await tx
        .update(rateConfirmations)
        .set({ ...header(input), updatedAt: new Date() })
        .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)))
        .returning({ id: rateConfirmations.id });
      if (!row) throw new NotFoundError(RC_NOT_FOUND);
      await tx
        .delete(standardRates)
        .where(scoped(standardRates, scope, eq(standardRates.rateConfirmationId, id)));
      await tx.delete(customRates).where(scoped(customRates, scope, eq(customRates.rateConfirmationId, id)));
      await tx.delete(positions).where(scoped(positions, scope, eq(positions.rateConfirmationId, id)));
      await tx.delete(permits).where(scoped(permits, scope, eq(permits.rateConfirmationId, id)));
      await writeChildren(tx, scope, id, input);
      await recordOverrides(tx, scope, overridden, input.qualificationOverride?.reason, input.jobNumber);
      await voidSignatureOnChange(tx, scope, id, before, await currentDocumentHash(tx, scope, read));
    })
    .catch(duplicateJobNumber);
  const pevoIds = [...pevosBefore, ...(await pevosOfJob(db, scope, id))];
  return published(scope, await getRateConfirmation(scope, id), rateConfirmationEvent("updated", pevoIds));
}

/** The job number and client name of one of the company's rate confirmations, or 404. */
async function findHeader(db: Executor, scope: Scope, id: string) {
  const [row] = await db
    .select({
      jobNumber: rateConfirmations.jobNumber,
      canceledAt: rateConfirmations.canceledAt,
      clientName: clients.name,
    })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!row) throw new NotFoundError(RC_NOT_FOUND);
  return row;
}

/**
 * Cancel (`canceled: true`) or restore it. A canceled one is kept for history (list, its page,
 * its dispatches) but is read-only and left out of the dispatch picker and the dashboard counts.
 */
export async function setRateConfirmationCanceled(scope: Scope, id: string, canceled: boolean) {
  await scope.db.transaction(async (tx) => {
    const rc = await findHeader(tx, scope, id);
    if (Boolean(rc.canceledAt) === canceled) return;
    await tx
      .update(rateConfirmations)
      .set({ canceledAt: canceled ? new Date() : null, updatedAt: new Date() })
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
    if (canceled) await withdrawSignatureOnCancel(tx, scope, id);
    await recordActivity(tx, scope, {
      actorId: scope.userId,
      type: canceled ? "rate_canceled" : "rate_restored",
      status: canceled ? "error" : "success",
      message: canceled
        ? `Rate confirmation ${rc.jobNumber} canceled`
        : `Rate confirmation ${rc.jobNumber} restored`,
      client: rc.clientName,
      job: rc.jobNumber,
    });
  });
  const pevoIds = await pevosOfJob(scope.db, scope, id);
  return published(scope, await getRateConfirmation(scope, id), (rc) =>
    rateConfirmationEvent(rc.canceledAt ? "canceled" : "restored", pevoIds)(rc),
  );
}

/** The foreign key refusals that mean "something refers to it". */
const isReferenced = (error: unknown) => pgError(error)?.code === "23503";

/**
 * Deletes it with its rates and positions (cascade), in one transaction; refused (409) while
 * dispatches refer to it (invoices refer to dispatches, so they are covered too).
 */
export async function deleteRateConfirmation(scope: Scope, id: string) {
  await scope.db
    .transaction(async (tx) => {
      const rc = await findHeader(tx, scope, id);
      const [used = missingRow("dispatches")] = await tx
        .select({ n: count() })
        .from(dispatches)
        .where(scoped(dispatches, scope, eq(dispatches.rateConfirmationId, id)));
      if (used.n > 0) throw new ConflictError(RC_IN_USE);
      await tx
        .delete(rateConfirmations)
        .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
      await recordActivity(tx, scope, {
        actorId: scope.userId,
        type: "rate_deleted",
        status: "error",
        message: `Rate confirmation ${rc.jobNumber} deleted`,
        client: rc.clientName,
        job: rc.jobNumber,
      });
    })
    .catch((error: unknown) => {
      if (isReferenced(error)) throw new ConflictError(RC_IN_USE);
      throw error;
    });
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    kind: "rate_confirmation.changed",
    ids: { rateConfirmationId: id },
    text: "Rate confirmation deleted",
  });
}

/**
 * A new draft copied from it: client, route, description, terms, rates, custom rates, positions
 * (type and custom name; no PEVO, so nobody is booked twice) and the load details but the permits
 * (issued per trip), with today's next job number and start date today (no end date). A job number taken meanwhile is retried.
 */
export async function duplicateRateConfirmation(scope: Scope, id: string) {
  const source = await getRateConfirmation(scope, id);
  const today = todayIso();
  const input: TRateConfirmationData = {
    clientId: source.clientId,
    jobNumber: "",
    originAddress: source.originAddress,
    destinationAddress: source.destinationAddress,
    startDate: today,
    endDate: null,
    description: source.description,
    additionalTerms: source.additionalTerms,
    standardRates: source.standardRates,
    customRates: source.customRates.map(({ name, amount, unit }) => ({ name, amount, unit })),
    positions: source.positions.map(({ positionType, customName }) => ({
      positionType,
      customName,
      pevoId: null,
    })),
    // The load and route usually repeat; the permits are issued per trip and are not copied.
    loadDetails: { ...source.loadDetails, permits: [] },
    // Its positions have no PEVO: nobody to double-book.
    allowConflict: false,
    qualificationOverride: null,
  } as TRateConfirmationData;
  for (let attempt = 0; ; attempt++) {
    input.jobNumber = await nextJobNumber(scope, today);
    try {
      const copy = await createRateConfirmation(scope, input);
      await recordActivity(scope.db, scope, {
        actorId: scope.userId,
        type: "rate_duplicated",
        message: `Rate confirmation ${copy.jobNumber} duplicated from ${source.jobNumber}`,
        client: source.clientName,
        job: copy.jobNumber,
      });
      return copy;
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= 4) throw error;
    }
  }
}

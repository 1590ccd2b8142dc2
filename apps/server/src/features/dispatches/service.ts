import {
  clients,
  dispatches,
  type Executor,
  invoices,
  pevos,
  positions,
  rateConfirmations,
  standardRates,
  tripLogs,
  user,
  userSettings,
} from "@pevo/db";
import type { TDispatch, TDispatchData, TDispatchListItem } from "@pevo/shared";
import { asc, count, desc, eq } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { recordActivity } from "../../lib/activity";
import { formatDay } from "../../lib/dates";
import { ConflictError, InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { dispatchEvent, publishEvent, published } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { dispatchAssignedMail } from "../../mail/templates";

export const DISPATCH_NOT_FOUND = "Dispatch not found";
export const DISPATCH_HAS_INVOICES =
  "This dispatch has invoices and cannot be deleted. Delete its invoices first.";
export const DISPATCH_HAS_TRIPS =
  "This dispatch has trip log entries from its PEVO and cannot be deleted. Set its status to canceled instead.";

export async function listDispatches(scope: Scope): Promise<TDispatchListItem[]> {
  const rows = await scope.db
    .select({
      id: dispatches.id,
      driverName: dispatches.driverName,
      pickupDate: dispatches.pickupDate,
      pickupTime: dispatches.pickupTime,
      status: dispatches.status,
      pevoId: dispatches.pevoId,
      pevoFirst: pevos.firstName,
      pevoLast: pevos.lastName,
      rateConfirmationId: dispatches.rateConfirmationId,
      jobNumber: rateConfirmations.jobNumber,
      createdAt: dispatches.createdAt,
    })
    .from(dispatches)
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(scoped(dispatches, scope))
    .orderBy(desc(dispatches.createdAt));
  // One query for all the rows' invoices (not one per dispatch).
  const invoiceRows = rows.length
    ? await scope.db
        .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, dispatchId: invoices.dispatchId })
        .from(invoices)
        .where(scoped(invoices, scope))
        .orderBy(asc(invoices.createdAt))
    : [];
  const byDispatch = new Map<string, { id: string; invoiceNumber: string }[]>();
  for (const { dispatchId, ...inv } of invoiceRows) {
    byDispatch.set(dispatchId, [...(byDispatch.get(dispatchId) ?? []), inv]);
  }
  return rows.map(({ pevoFirst, pevoLast, ...r }) => ({
    ...r,
    pevoName: pevoFirst ? `${pevoFirst} ${pevoLast}` : null,
    createdAt: r.createdAt.toISOString(),
    invoices: byDispatch.get(r.id) ?? [],
  }));
}

/** The rate confirmation part of a dispatch: job, route, rates and positions. */
async function rateConfirmationSummary(scope: Scope, id: string) {
  const { db } = scope;
  const [rc] = await db
    .select({ rc: rateConfirmations, clientName: clients.name, rates: standardRates })
    .from(rateConfirmations)
    .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .leftJoin(standardRates, eq(standardRates.rateConfirmationId, rateConfirmations.id))
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
  if (!rc) return null;
  const pos = await db
    .select({
      positionType: positions.positionType,
      customName: positions.customName,
      pevoId: positions.pevoId,
    })
    .from(positions)
    .where(scoped(positions, scope, eq(positions.rateConfirmationId, id)))
    .orderBy(asc(positions.sortOrder));
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
  const [invoiceRows, rateConfirmation] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        status: invoices.status,
        total: invoices.total,
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
    pevoName: row.pevoFirst ? `${row.pevoFirst} ${row.pevoLast}` : null,
    createdAt: d.createdAt.toISOString(),
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

type Assignment = {
  email: string;
  name: string;
  jobNumber: string | null;
  pickupDate: string;
  pickupTime: string;
};

/** Records the assignment and finds who to tell (their dispatch alerts setting decides). */
async function recordAssignment(
  tx: Executor,
  scope: Scope,
  dispatch: TDispatchData,
): Promise<Assignment | null> {
  if (!dispatch.pevoId) return null;
  const [pevo] = await tx
    .select({
      firstName: pevos.firstName,
      lastName: pevos.lastName,
      pevoEmail: pevos.email,
      loginEmail: user.email,
      alerts: userSettings.dispatchAlerts,
    })
    .from(pevos)
    .leftJoin(user, eq(user.id, pevos.userId))
    .leftJoin(userSettings, eq(userSettings.userId, pevos.userId))
    .where(scoped(pevos, scope, eq(pevos.id, dispatch.pevoId)));
  if (!pevo) return null;
  const rc = dispatch.rateConfirmationId
    ? (
        await tx
          .select({ jobNumber: rateConfirmations.jobNumber, client: clients.name })
          .from(rateConfirmations)
          .innerJoin(clients, eq(clients.id, rateConfirmations.clientId))
          .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, dispatch.rateConfirmationId)))
      )[0]
    : undefined;
  const name = `${pevo.firstName} ${pevo.lastName}`;
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: "pevo_dispatched",
    pevo: name,
    pevoId: dispatch.pevoId,
    job: rc?.jobNumber ?? null,
    client: rc?.client ?? null,
    message: `${name} dispatched${rc ? ` on ${rc.jobNumber}` : ""} for ${formatDay(dispatch.pickupDate)}`,
  });
  const email = pevo.loginEmail ?? pevo.pevoEmail;
  if (!email || pevo.alerts === false) return null;
  return {
    email,
    name,
    jobNumber: rc?.jobNumber ?? null,
    pickupDate: dispatch.pickupDate,
    pickupTime: dispatch.pickupTime,
  };
}

async function notify(deps: Pick<Deps, "mailer" | "config">, assignment: Assignment | null) {
  if (!assignment) return;
  try {
    await deps.mailer.send(dispatchAssignedMail(assignment, `${deps.config.appUrl}/pevo/dispatches`));
  } catch (error) {
    // The dispatch is saved; a mail server hiccup must not undo it.
    console.error("Could not send the dispatch alert", error);
  }
}

export async function createDispatch(
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  input: TDispatchData,
) {
  const { db, companyId, userId } = scope;
  await checkReferences(scope, input, null);
  const { id, assignment } = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dispatches)
      .values({ ...input, companyId, createdBy: userId })
      .returning({ id: dispatches.id });
    return { id: row.id, assignment: await recordAssignment(tx, scope, input) };
  });
  await notify(deps, assignment);
  return published(scope, await getDispatch(scope, id), dispatchEvent("dispatch.created"));
}

export async function updateDispatch(
  scope: Scope,
  deps: Pick<Deps, "mailer" | "config">,
  id: string,
  input: TDispatchData,
) {
  const { db } = scope;
  const [current] = await db
    .select({ pevoId: dispatches.pevoId })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, id)));
  if (!current) throw new NotFoundError(DISPATCH_NOT_FOUND);
  await checkReferences(scope, input, current.pevoId);
  const assignment = await db.transaction(async (tx) => {
    await tx
      .update(dispatches)
      .set({ ...input, updatedAt: new Date() })
      .where(scoped(dispatches, scope, eq(dispatches.id, id)));
    return input.pevoId && input.pevoId !== current.pevoId ? recordAssignment(tx, scope, input) : null;
  });
  await notify(deps, assignment);
  return published(scope, await getDispatch(scope, id), dispatchEvent("dispatch.changed", current.pevoId));
}

export async function deleteDispatch(scope: Scope, id: string) {
  const deleted = await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: dispatches.id, pevoId: dispatches.pevoId })
      .from(dispatches)
      .where(scoped(dispatches, scope, eq(dispatches.id, id)));
    if (!row) throw new NotFoundError(DISPATCH_NOT_FOUND);
    const [used] = await tx
      .select({ n: count() })
      .from(invoices)
      .where(scoped(invoices, scope, eq(invoices.dispatchId, id)));
    if (used.n > 0) throw new ConflictError(DISPATCH_HAS_INVOICES);
    const [trips] = await tx
      .select({ n: count() })
      .from(tripLogs)
      .where(scoped(tripLogs, scope, eq(tripLogs.dispatchId, id)));
    if (trips.n > 0) throw new ConflictError(DISPATCH_HAS_TRIPS);
    await tx.delete(dispatches).where(scoped(dispatches, scope, eq(dispatches.id, id)));
    return row;
  });
  await publishEvent(scope.db, {
    companyId: scope.companyId,
    kind: "dispatch.deleted",
    ids: { dispatchId: id },
    pevoIds: [deleted.pevoId],
    text: "Dispatch deleted",
  });
}

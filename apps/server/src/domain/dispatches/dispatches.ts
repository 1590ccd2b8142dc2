/**
 * The office's commands on a dispatch (create, update, delete): each one transaction with its
 * booking and qualification checks, its pickup reminders, the PEVO's dispatch alert and its live event.
 */
import {
  dispatches,
  type Executor,
  invoices,
  missingRow,
  pevos,
  rateConfirmations,
  tripLogs,
} from "@pevo/db";
import type { TDispatchData } from "@pevo/shared";
import { count, eq, sql } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError, InvalidInputError, NotFoundError } from "../../lib/domain-errors";
import { dispatchEvent, publishEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { notify, recordAssignment } from "./dispatch-alert";
import { pevoName } from "./dispatch-list";
import { DISPATCH_NOT_FOUND, getDispatch } from "./dispatch-page";
import { endAssignment, reopenJob } from "./office-assignment";
import { syncPickupReminders } from "./pickup-reminders";
import {
  checkBooking,
  checkDispatchQualification,
  columnsOf,
  recordQualificationOverrides,
} from "./position-rules";
import { positionRaceError, takePositionSlot } from "./position-slot";

const DISPATCH_HAS_INVOICES = "This dispatch has invoices and cannot be deleted. Delete its invoices first.";
/** Only a draft invoice can be deleted (DECISIONS, Invoices): a billed dispatch is canceled instead. */
const DISPATCH_BILLED =
  "This dispatch is billed (an invoice was sent or voided) and cannot be deleted. Set its status to canceled instead.";
const DISPATCH_HAS_TRIPS =
  "This dispatch has trip log entries from its PEVO and cannot be deleted. Set its status to canceled instead.";

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
  const columns = columnsOf(input);
  const { id, alertJob } = await db
    .transaction(async (tx) => {
      await checkBooking(tx, scope, input, null);
      const positionSlot = await takePositionSlot(tx, scope, columns, null);
      const [row = missingRow("dispatches")] = await tx
        .insert(dispatches)
        .values({ ...columns, positionSlot, companyId, createdBy: userId })
        .returning({ id: dispatches.id });
      await recordQualificationOverrides(tx, scope, qualification, input);
      await syncPickupReminders(tx, scope, row.id);
      const alertJob = await recordAssignment(tx, scope, deps, input, row.id);
      await publishDispatchEvent(tx, scope, row.id, dispatchEvent("dispatch.created"));
      return { id: row.id, alertJob };
    })
    .catch(async (error: unknown) => {
      throw await positionRaceError(scope, error, [columns], null);
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
  const columns = columnsOf(input);
  const alertJob = await db
    .transaction(async (tx) => {
      await checkBooking(tx, scope, input, { id, ...current });
      const positionSlot = await takePositionSlot(tx, scope, columns, id);
      await tx
        .update(dispatches)
        .set({ ...columns, positionSlot, updatedAt: new Date() })
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
    })
    .catch(async (error: unknown) => {
      throw await positionRaceError(scope, error, [columns], id);
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

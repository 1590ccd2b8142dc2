import { dispatches, type Executor, missingRow, pevos, rateConfirmations } from "@pevo/db";
import type { TBookingConflict, TDispatchBatchData, TDispatchData } from "@pevo/shared";
import { eq, inArray } from "drizzle-orm";
import type { Deps } from "../../http/context";
import { ConflictError, InvalidInputError } from "../../lib/domain-errors";
import { dispatchEvent } from "../../lib/live-events";
import { type Scope, scoped } from "../../lib/tenant";
import { DOUBLE_BOOKING, findBookingConflicts, lockBookings } from "./booking-conflicts";
import { notify, recordAssignment } from "./dispatch-alert";
import { publishDispatchEvent } from "./dispatches";
import { syncPickupReminders } from "./pickup-reminders";
import {
  bookingSpan,
  checkDispatchQualification,
  columnsOf,
  type QualificationCheck,
  recordQualificationOverrides,
} from "./position-rules";
import { positionRaceError, takePositionSlot } from "./position-slot";

const CHOOSE_RC = "Choose a rate confirmation from the list";
const CHOOSE_PEVO = "Choose an active PEVO from the list";

/** The rate confirmation must be the company's own and active; each PEVO the company's own and active. */
async function checkBatchReferences(scope: Scope, input: TDispatchBatchData) {
  const [rc] = await scope.db
    .select({ canceledAt: rateConfirmations.canceledAt })
    .from(rateConfirmations)
    .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, input.rateConfirmationId)));
  if (!rc || rc.canceledAt) {
    throw new InvalidInputError(CHOOSE_RC, { rateConfirmationId: CHOOSE_RC });
  }
  const ids = [...new Set(input.positions.map((p) => p.pevoId).filter((p): p is string => Boolean(p)))];
  const active = ids.length
    ? await scope.db
        .select({ id: pevos.id })
        .from(pevos)
        .where(scoped(pevos, scope, inArray(pevos.id, ids), eq(pevos.status, "active")))
    : [];
  const known = new Set(active.map((p) => p.id));
  const fields: Record<string, string> = {};
  input.positions.forEach((p, i) => {
    if (p.pevoId && !known.has(p.pevoId)) fields[`positions.${i}.pevoId`] = CHOOSE_PEVO;
  });
  if (Object.keys(fields).length) throw new InvalidInputError(CHOOSE_PEVO, fields);
}

/**
 * Every assignment of the batch against the PEVOs' other jobs: one 409 with all the conflicts. Runs
 * in the batch's transaction, before the inserts, with every PEVO of the batch locked (lockBookings).
 */
async function checkBatchBookings(
  tx: Executor,
  scope: Scope,
  input: TDispatchBatchData,
  items: TDispatchData[],
) {
  if (input.status === "canceled") return;
  await lockBookings(
    tx,
    scope,
    items.flatMap((item) => (item.pevoId ? [item.pevoId] : [])),
  );
  if (input.allowConflict) return;
  const found = new Map<string, TBookingConflict>();
  for (const item of items) {
    if (!item.pevoId) continue;
    const span = await bookingSpan(tx, scope, item.rateConfirmationId, item.pickupDate);
    const conflicts = await findBookingConflicts(tx, scope, {
      pevoIds: [item.pevoId],
      ...span,
      pickupDate: item.pickupDate,
      rateConfirmationId: item.rateConfirmationId,
    });
    for (const c of conflicts) found.set(`${c.kind}:${c.id}:${c.pevoId}`, c);
  }
  if (found.size) {
    const conflicts = [...found.values()].sort((a, b) => a.date.localeCompare(b.date));
    throw new ConflictError(DOUBLE_BOOKING, undefined, { conflicts });
  }
}

/**
 * Every assignment of the batch through the qualification check: one 400 with a field error on each
 * unqualified position's PEVO (`positions.{i}.pevoId`) unless overridden. Returns each position (`i`:
 * its place in the batch) with its check.
 */
async function checkBatchQualification(scope: Scope, items: TDispatchData[]) {
  const checks: { i: number; item: TDispatchData; check: QualificationCheck }[] = [];
  const fields: Record<string, string> = {};
  for (const [i, item] of items.entries()) {
    try {
      checks.push({
        i,
        item,
        check: await checkDispatchQualification(scope, item, null, `positions.${i}.pevoId`),
      });
    } catch (error) {
      if (!(error instanceof InvalidInputError) || !error.fields) throw error;
      Object.assign(fields, error.fields);
    }
  }
  const first = Object.values(fields)[0];
  if (first) throw new InvalidInputError(first, fields);
  return checks;
}

/**
 * 'Create Dispatch' from a rate confirmation: one dispatch per chosen position, all in one
 * transaction (all or none), each PEVO told as by a single create.
 */
export async function createDispatchBatch(
  scope: Scope,
  { deps, batch: input }: { deps: Pick<Deps, "mailer" | "config">; batch: TDispatchBatchData },
) {
  const { db, companyId, userId } = scope;
  await checkBatchReferences(scope, input);
  const { positions, allowConflict, qualificationOverride, ...shared } = input;
  const items: TDispatchData[] = positions.map((p) => ({
    ...shared,
    ...p,
    allowConflict,
    qualificationOverride,
  }));
  const checked = await checkBatchQualification(scope, items);
  const created = await db
    .transaction(async (tx) => {
      await checkBatchBookings(tx, scope, input, items);
      // Inserted in pickup-date order (the answer keeps the positions' order): each insert locks its
      // day's row of the kept per-day counts (migration 0029) until commit, so two batches over the
      // same days take them in the same order and cannot deadlock.
      const byDay = checked.toSorted((a, b) => a.item.pickupDate.localeCompare(b.item.pickupDate));
      const out: { id: string; alertJob: string | null }[] = [];
      for (const { i, item, check } of byDay) {
        const columns = columnsOf(item);
        // A covered position refuses the whole batch (the transaction rolls back what it inserted).
        const positionSlot = await takePositionSlot(tx, scope, columns, null);
        const [row = missingRow("dispatches")] = await tx
          .insert(dispatches)
          .values({ ...columns, positionSlot, companyId, createdBy: userId })
          .returning({ id: dispatches.id });
        await syncPickupReminders(tx, scope, row.id);
        await recordQualificationOverrides(tx, scope, check, item);
        out[i] = { id: row.id, alertJob: await recordAssignment(tx, scope, deps, item, row.id) };
      }
      // In the positions' order, as the answer's ids.
      for (const { id } of out) await publishDispatchEvent(tx, scope, id, dispatchEvent("dispatch.created"));
      return out;
    })
    .catch(async (error: unknown) => {
      throw await positionRaceError(scope, error, items.map(columnsOf), null);
    });
  for (const { alertJob } of created) await notify({ db, ...deps }, alertJob);
  return { ids: created.map((c) => c.id) };
}

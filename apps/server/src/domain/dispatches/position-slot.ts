/**
 * One position is covered once (DECISIONS 'One dispatch per position'): a dispatch that covers a
 * position of its rate confirmation (not canceled, with a PEVO) takes one of the position's slots
 * (two chase cars: slots 1 and 2). The unique index dispatches_position_once_idx holds the rule
 * under concurrent saves; the check here names the dispatch that already covers the position.
 */
import { dispatches, type Executor, pevos, positions, rateConfirmations } from "@pevo/db";
import { DISPATCH_STATUS_LABELS, type DispatchStatus, type PositionType, positionLabel } from "@pevo/shared";
import { asc, count, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { ConflictError, pgError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { pevoName } from "./dispatch-list";

type Covering = {
  rateConfirmationId: string | null;
  positionType: PositionType | null;
  positionName: string | null;
  pevoId: string | null;
  status: DispatchStatus;
};

/** The dispatches on the same position as `item` that cover it, other than `selfId`. */
const samePosition = (scope: Scope, rc: string, item: Covering, selfId: string | null) =>
  scoped(
    dispatches,
    scope,
    eq(dispatches.rateConfirmationId, rc),
    sql`${dispatches.positionType} = ${item.positionType}`,
    sql`coalesce(${dispatches.positionName}, '') = ${item.positionName ?? ""}`,
    ne(dispatches.status, "canceled"),
    isNotNull(dispatches.pevoId),
    selfId ? ne(dispatches.id, selfId) : undefined,
  ) as SQL;

/** The 409 naming the dispatch that covers the position (its job number, PEVO and status). */
async function positionTaken(db: Executor, scope: Scope, rc: string, item: Covering, selfId: string | null) {
  const [other] = await db
    .select({
      id: dispatches.id,
      jobNumber: rateConfirmations.jobNumber,
      pevoName: pevoName(),
      status: dispatches.status,
    })
    .from(dispatches)
    .innerJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(pevos, eq(pevos.id, dispatches.pevoId))
    .where(samePosition(scope, rc, item, selfId))
    .orderBy(asc(dispatches.positionSlot));
  const label = positionLabel(item) ?? "This position";
  if (!other) return null;
  return new ConflictError(
    `${label} of ${other.jobNumber} is already covered by ${other.pevoName ?? "a PEVO"}'s dispatch (${DISPATCH_STATUS_LABELS[other.status]}). Cancel that dispatch to dispatch the position again.`,
    undefined,
    { dispatchId: other.id },
  );
}

/**
 * The slot the dispatch `item` (`selfId` when it exists) takes on its position: the first free one
 * of the rate confirmation's equal positions. Null when it covers nothing (canceled, no PEVO, no
 * position, or a position the rate confirmation does not list). Throws the 409 when every equal
 * position is covered. Runs in the save's transaction `tx`.
 */
export async function takePositionSlot(
  tx: Executor,
  scope: Scope,
  item: Covering,
  selfId: string | null,
): Promise<number | null> {
  const rc = item.rateConfirmationId;
  if (!rc || !item.positionType || !item.pevoId || item.status === "canceled") return null;
  const [listed] = await tx
    .select({ n: count() })
    .from(positions)
    .where(
      scoped(
        positions,
        scope,
        eq(positions.rateConfirmationId, rc),
        sql`${positions.positionType} = ${item.positionType}`,
        sql`coalesce(${positions.customName}, '') = ${item.positionName ?? ""}`,
      ),
    );
  const n = listed?.n ?? 0;
  if (n === 0) return null;
  const taken = await tx
    .select({ slot: dispatches.positionSlot })
    .from(dispatches)
    .where(samePosition(scope, rc, item, selfId));
  // A covering row written without a slot (fixtures written straight to the table) counts too.
  const used = new Set(taken.map((t) => t.slot));
  if (taken.length < n) for (let slot = 1; slot <= n; slot++) if (!used.has(slot)) return slot;
  throw (
    (await positionTaken(tx, scope, rc, item, selfId)) ??
    new ConflictError(`${positionLabel(item)} of this rate confirmation is already covered.`)
  );
}

/**
 * A save that lost the race for a slot (the unique index refused it) becomes the same 409 as the
 * check, naming the dispatch that won; read after the rollback. Other errors pass through.
 */
export async function positionRaceError(
  scope: Scope,
  error: unknown,
  items: Covering[],
  selfId: string | null,
): Promise<unknown> {
  if (pgError(error)?.constraint !== "dispatches_position_once_idx") return error;
  for (const item of items) {
    if (!item.rateConfirmationId || !item.positionType) continue;
    const taken = await positionTaken(scope.db, scope, item.rateConfirmationId, item, selfId);
    if (taken) return taken;
  }
  return new ConflictError("A position was just dispatched by someone else. Reload to see it.");
}

import { dispatches, type Executor, pevos, userSettings } from "@pevo/db";
import { eq } from "drizzle-orm";
import { ConflictError, NotFoundError } from "../../lib/domain-errors";
import { publishEvent } from "../../lib/live-events";
import { type CompanyId, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";

export const DISPATCH_NOT_FOUND = "Dispatch not found";
const CANCELED = "This dispatch was canceled: nothing more can be recorded on it";

/** Who reads a job's paperwork: the office, or the PEVO assigned to it (another's job is 404). */
export type PaperworkViewer = { role: "admin" } | { role: "pevo"; pevoId: string };

/** The dispatch, when the viewer may see it; 404 otherwise. */
export async function visibleDispatch(
  db: Executor,
  scope: { companyId: CompanyId },
  dispatchId: string,
  viewer: PaperworkViewer,
) {
  const [d] = await db
    .select({ id: dispatches.id, pevoId: dispatches.pevoId, status: dispatches.status })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)));
  if (!d || (viewer.role === "pevo" && d.pevoId !== viewer.pevoId))
    throw new NotFoundError(DISPATCH_NOT_FOUND);
  return d;
}

/** The assigned PEVO's write: their own dispatch (else 404), locked, not canceled (else 409). */
export async function writableDispatch(
  tx: Executor,
  scope: { companyId: CompanyId },
  dispatchId: string,
  pevoId: string,
) {
  const [d] = await tx
    .select({ id: dispatches.id, pevoId: dispatches.pevoId, status: dispatches.status })
    .from(dispatches)
    .where(scoped(dispatches, scope, eq(dispatches.id, dispatchId)))
    .for("update");
  if (!d || d.pevoId !== pevoId) throw new NotFoundError(DISPATCH_NOT_FOUND);
  if (d.status === "canceled") throw new ConflictError(CANCELED);
  return d;
}

/** The PEVO's Location Services setting decides whether coordinates are kept at all (as for job steps). */
export async function locationAllowed(db: Executor, userId: string) {
  const [row] = await db
    .select({ on: userSettings.locationServices })
    .from(userSettings)
    // unscoped: the acting PEVO's own settings row
    .where(eq(userSettings.userId, userId));
  return row?.on ?? false;
}

/** The activity line and the live event of a PEVO's paperwork write (the office's dispatch page refetches). */
export async function announce(
  tx: Executor,
  scope: { companyId: CompanyId; userId: string },
  { dispatchId, pevoId, what }: { dispatchId: string; pevoId: string; what: string },
) {
  const [pevo] = await tx
    .select({ firstName: pevos.firstName, lastName: pevos.lastName })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  const name = pevo ? `${pevo.firstName} ${pevo.lastName}` : "The PEVO";
  const text = `${name} ${what}`;
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: "dispatch_step",
    pevo: name,
    pevoId,
    message: text,
  });
  await publishEvent(tx, {
    companyId: scope.companyId,
    kind: "dispatch.changed",
    ids: { dispatchId },
    pevoIds: [pevoId],
    text,
    by: scope.userId,
  });
}

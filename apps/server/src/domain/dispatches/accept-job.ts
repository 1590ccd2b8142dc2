import type { Database } from "@pevo/db";
import { ConflictError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { type Actor, act, addEvent, JOB_COMPLETED, onceByClientId, setStatus } from "./lifecycle";
import { getPortalLifecycle } from "./portal-lifecycle";

const ALREADY_ACCEPTED = "You already accepted this job";

/** The assigned PEVO accepts (in the portal or through the emailed link): the dispatch becomes dispatched. */
export async function accept(db: Database, actor: Actor, id: string, clientId?: string) {
  await act(db, actor, id, async (tx, d, stage) => {
    if (d.status === "completed" || stage === "completed") throw new ConflictError(JOB_COMPLETED);
    if (stage !== "awaiting") throw new ConflictError(ALREADY_ACCEPTED);
    await addEvent(tx, actor, id, { kind: "accepted", clientId });
    await setStatus(tx, actor, id, "dispatched");
    return { kind: "accepted" };
  });
}

/**
 * The signed-in PEVO accepts in the portal; answers their job's lifecycle. With the phone's id
 * (ADR 0014) a replayed accept answers as the first one did.
 */
export async function acceptJob(
  scope: Scope,
  { pevoId, id, clientId }: { pevoId: string; id: string; clientId?: string },
) {
  const actor = { companyId: scope.companyId, userId: scope.userId, pevoId };
  await onceByClientId({ ...actor, db: scope.db }, id, clientId, () => accept(scope.db, actor, id, clientId));
  return getPortalLifecycle(scope, pevoId, id);
}

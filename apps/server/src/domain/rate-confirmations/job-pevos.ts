import { dispatches, type Executor, positions } from "@pevo/db";
import { eq, isNotNull } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * The PEVOs whose screens show this job (its dispatches' and its positions' PEVOs): its live event
 * names them, so an assigned PEVO's job screen refetches when the office edits the route or dates.
 */
export async function pevosOfJob(db: Executor, scope: Scope, id: string): Promise<string[]> {
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

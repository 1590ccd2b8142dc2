import { dispatches, missingRow, rateConfirmations } from "@pevo/db";
import { count, eq } from "drizzle-orm";
import { ConflictError, pgError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { rcHeader } from "./get-rate-confirmation";
import { recordOfficeChange } from "./office-change";

const RC_IN_USE =
  "This rate confirmation cannot be deleted: dispatches (and their invoices) refer to it. Cancel it instead.";

/** The foreign key refusals that mean "something refers to it". */
const isReferenced = (error: unknown) => pgError(error)?.code === "23503";

/**
 * Deletes it with its rates and positions (cascade), in one transaction with its activity event and
 * its live event; refused (409) while dispatches refer to it (invoices refer to dispatches, so they
 * are covered too).
 */
export async function deleteRateConfirmation(scope: Scope, { id }: { id: string }) {
  await scope.db
    .transaction(async (tx) => {
      const rc = await rcHeader(tx, scope, id);
      const [used = missingRow("dispatches")] = await tx
        .select({ n: count() })
        .from(dispatches)
        .where(scoped(dispatches, scope, eq(dispatches.rateConfirmationId, id)));
      if (used.n > 0) throw new ConflictError(RC_IN_USE);
      await tx
        .delete(rateConfirmations)
        .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, id)));
      await recordOfficeChange(tx, scope, rc, {
        type: "rate_deleted",
        status: "error",
        message: `Rate confirmation ${rc.jobNumber} deleted`,
        event: "Rate confirmation deleted",
      });
    })
    .catch((error: unknown) => {
      if (isReferenced(error)) throw new ConflictError(RC_IN_USE);
      throw error;
    });
}

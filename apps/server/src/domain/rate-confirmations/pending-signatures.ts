import { missingRow, rateConfirmations } from "@pevo/db";
import { count, gt, inArray, isNull, sql } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * How many rate confirmations wait for their signer (the admin dashboard's card, DECISIONS
 * Dashboards): sent or viewed, the link not expired, not canceled.
 */
export async function countPendingSignatures(scope: Scope): Promise<number> {
  const [pending = missingRow("rateConfirmations")] = await scope.db
    .select({ n: count() })
    .from(rateConfirmations)
    .where(
      scoped(
        rateConfirmations,
        scope,
        inArray(rateConfirmations.signatureStatus, ["awaiting_signature", "viewed"]),
        gt(rateConfirmations.signatureExpiresAt, sql`now()`),
        isNull(rateConfirmations.canceledAt),
      ),
    );
  return pending.n;
}

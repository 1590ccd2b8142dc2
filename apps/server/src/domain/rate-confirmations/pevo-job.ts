import { positions, rateConfirmations } from "@pevo/db";
import type { PositionType, TLoadDetails } from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
import { loadDetailsOf, permitsOf } from "../../lib/load-details";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * What a PEVO's job page shows of its rate confirmation: the positions assigned to that PEVO, in
 * the confirmation's order, and the load details (null when the confirmation is not the company's).
 */
export async function pevoJobOf(
  scope: Scope,
  rateConfirmationId: string,
  pevoId: string,
): Promise<{
  positions: { positionType: PositionType; customName: string | null }[];
  loadDetails: TLoadDetails | null;
}> {
  const { db } = scope;
  const [[rc], mine, permitRows] = await Promise.all([
    db
      .select()
      .from(rateConfirmations)
      .where(scoped(rateConfirmations, scope, eq(rateConfirmations.id, rateConfirmationId))),
    db
      .select({ positionType: positions.positionType, customName: positions.customName })
      .from(positions)
      .where(
        scoped(
          positions,
          scope,
          eq(positions.rateConfirmationId, rateConfirmationId),
          eq(positions.pevoId, pevoId),
        ),
      )
      .orderBy(asc(positions.sortOrder)),
    permitsOf(db, scope, rateConfirmationId),
  ]);
  return { positions: mine, loadDetails: rc ? loadDetailsOf(rc, permitRows) : null };
}

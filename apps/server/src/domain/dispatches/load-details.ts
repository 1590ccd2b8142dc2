/**
 * A rate confirmation's load details as the API returns them, read in one place for the rate
 * confirmation, the dispatch page and the PEVO's job details.
 */
import { type Executor, permits, type rateConfirmations } from "@pevo/db";
import type { TLoadDetails, UsState } from "@pevo/shared";
import { asc, eq } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/** The permit numbers of one of the company's rate confirmations, in the order entered. */
export async function permitsOf(
  db: Executor,
  scope: Pick<Scope, "companyId">,
  rateConfirmationId: string,
): Promise<TLoadDetails["permits"]> {
  const rows = await db
    .select({ state: permits.state, number: permits.permitNumber })
    .from(permits)
    .where(scoped(permits, scope, eq(permits.rateConfirmationId, rateConfirmationId)))
    .orderBy(asc(permits.sortOrder));
  // The codes were checked against US_STATES by the shared schema on write.
  return rows as TLoadDetails["permits"];
}

/** The load details of a rate confirmation row with its permits. */
export function loadDetailsOf(
  row: typeof rateConfirmations.$inferSelect,
  permitRows: TLoadDetails["permits"],
): TLoadDetails {
  return {
    description: row.loadDescription,
    widthInches: row.loadWidthInches,
    heightInches: row.loadHeightInches,
    lengthInches: row.loadLengthInches,
    weightPounds: row.loadWeightPounds,
    frontOverhangInches: row.frontOverhangInches,
    rearOverhangInches: row.rearOverhangInches,
    truckNumber: row.truckNumber,
    trailerNumber: row.trailerNumber,
    cbChannel: row.cbChannel,
    permits: permitRows,
    routeDescription: row.routeDescription,
    routeStates: row.routeStates as UsState[],
  };
}

import { dispatches, rateConfirmations, tripLogs, userSettings } from "@pevo/db";
import type { TPortalDispatchLifecycle } from "@pevo/shared";
import { count, eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { companyTimeZone } from "../company";
import { dispatchRow, eventsOf, JOB_NOT_FOUND, lifecycleOf } from "./lifecycle";

/** The PEVO's own job: its lifecycle, their Location Services setting and the trip log prefill. */
export async function getPortalLifecycle(
  scope: Scope,
  pevoId: string,
  id: string,
): Promise<TPortalDispatchLifecycle> {
  const { db } = scope;
  const d = await dispatchRow(db, scope, id);
  if (!d || d.pevoId !== pevoId) throw new NotFoundError(JOB_NOT_FOUND);
  const [events, [route], [settings], [trips], timeZone] = await Promise.all([
    eventsOf(db, scope, id),
    db
      .select({ origin: rateConfirmations.originAddress, destination: rateConfirmations.destinationAddress })
      .from(dispatches)
      .innerJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .where(scoped(dispatches, scope, eq(dispatches.id, id))),
    db
      .select({ on: userSettings.locationServices })
      .from(userSettings)
      // unscoped: the caller's own settings row (a user's, keyed by the session's user id)
      .where(eq(userSettings.userId, scope.userId)),
    db
      .select({ n: count() })
      .from(tripLogs)
      .where(scoped(tripLogs, scope, eq(tripLogs.dispatchId, id), eq(tripLogs.pevoId, pevoId))),
    companyTimeZone(db, scope),
  ]);
  // The PEVO sees their own assignment's events only (not a previous PEVO's answers).
  const mine = events.filter((e) => e.pevoId === pevoId);
  return {
    ...lifecycleOf(d, mine, timeZone),
    locationServices: settings?.on ?? false,
    pickupDate: d.pickupDate,
    tripPrefill: {
      tripDate: d.pickupDate,
      startLocation: route?.origin ?? null,
      endLocation: route?.destination ?? null,
    },
    hasTripLog: (trips?.n ?? 0) > 0,
  };
}

import type { TQualificationQuery, TQualificationResponse } from "@pevo/shared";
import { pevoQualifications } from "../../domain/credentials";
import { pevoBookings } from "../../domain/dispatches";
import type { Scope } from "../../lib/tenant";

/**
 * The PEVO picker's marks: each PEVO's qualification check for the job (domain/credentials) and the
 * jobs they are already booked on at its time (domain/dispatches: the save's double-booking rule),
 * so the office sees "Busy" before choosing: for a dispatch's job (a saved rate confirmation, a
 * pickup date) and for the dates of a rate confirmation form (a new one, or the one being edited,
 * whose own positions and dispatches are the same job), as each save would check them.
 */
export async function pickerMarks(scope: Scope, q: TQualificationQuery): Promise<TQualificationResponse> {
  const checked = await pevoQualifications(scope, q);
  const busy = checked.results.length
    ? await pevoBookings(scope, {
        pevoIds: checked.results.map((r) => r.pevoId),
        from: checked.from,
        to: checked.to,
        pickupDate: q.pickupDate,
        rateConfirmationId: q.rateConfirmationId ?? q.editedRateConfirmationId ?? null,
        excludeDispatchIds: q.dispatchId ? [q.dispatchId] : [],
      })
    : [];
  return {
    ...checked,
    results: checked.results.map((r) => ({ ...r, busy: busy.filter((b) => b.pevoId === r.pevoId) })),
  };
}

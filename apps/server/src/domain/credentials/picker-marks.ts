import type { TPevoQualification, TQualificationQuery, TQualificationResponse } from "@pevo/shared";
import { InvalidInputError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { jobOfRateConfirmation, qualificationsOf } from "./qualification";

const CHOOSE_RC = "Choose a rate confirmation from the list";

/**
 * The picker's marks (DECISIONS 'Every assignment is checked'): the check of a few PEVOs for a saved job (a dispatch's rate
 * confirmation; `from`/`to` widen its dates, e.g. to a pickup date outside them) or for the route
 * and dates being edited on a rate confirmation form.
 */
export async function pevoQualifications(
  scope: Scope,
  q: TQualificationQuery,
): Promise<Omit<TQualificationResponse, "results"> & { results: TPevoQualification[] }> {
  let routeStates: string[] = q.routeStates ?? [];
  let from = q.from as string;
  let to = q.to ?? from;
  if (q.rateConfirmationId) {
    const job = await jobOfRateConfirmation(scope.db, scope, q.rateConfirmationId);
    if (!job) throw new InvalidInputError(CHOOSE_RC, { rateConfirmationId: CHOOSE_RC });
    routeStates = job.routeStates;
    from = q.from && q.from < job.from ? q.from : job.from;
    const last = q.to ?? q.from;
    to = last && last > job.to ? last : job.to;
  }
  const job = { routeStates, from, to };
  const checked = await qualificationsOf(scope.db, scope, q.pevoIds, job);
  return {
    ...job,
    results: checked.map(({ pevoId, pevoName, result }) => ({ pevoId, pevoName, ...result })),
  };
}

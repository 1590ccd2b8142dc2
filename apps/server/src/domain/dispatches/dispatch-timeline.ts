import type { TDispatchLifecycle } from "@pevo/shared";
import { NotFoundError } from "../../lib/domain-errors";
import type { Scope } from "../../lib/tenant";
import { companyTimeZone } from "../company";
import { dispatchRow, eventsOf, JOB_NOT_FOUND, lifecycleOf } from "./lifecycle";

/** The office's timeline of a dispatch. */
export async function getDispatchTimeline(scope: Scope, id: string): Promise<TDispatchLifecycle> {
  const d = await dispatchRow(scope.db, scope, id);
  if (!d) throw new NotFoundError(JOB_NOT_FOUND);
  const [events, timeZone] = await Promise.all([
    eventsOf(scope.db, scope, id),
    companyTimeZone(scope.db, scope),
  ]);
  return lifecycleOf(d, events, timeZone);
}

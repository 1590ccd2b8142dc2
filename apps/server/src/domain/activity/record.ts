import { activityEvents, type Executor } from "@pevo/db";
import { type ActivityStatus, type ActivityType, TEXT_LIMITS } from "@pevo/shared";
import type { CompanyId } from "../../lib/tenant";

export type NewActivity = {
  actorId: string | null;
  type: ActivityType;
  message: string;
  status?: ActivityStatus;
  client?: string | null;
  job?: string | null;
  pevo?: string | null;
  pevoId?: string | null;
  amount?: string | null;
};

/** An activity item as the office reads it (the dashboard's Recent Activity and the activity page). */
export const activityItemColumns = {
  id: activityEvents.id,
  type: activityEvents.type,
  status: activityEvents.status,
  message: activityEvents.message,
  client: activityEvents.client,
  job: activityEvents.job,
  pevo: activityEvents.pevo,
  amount: activityEvents.amount,
  createdAt: activityEvents.createdAt,
};

const MAX = TEXT_LIMITS.activity;

/** Cuts a text to the activity bound (the database's CHECK), ending with '…' when cut. */
function clip<T extends string | null | undefined>(text: T): T {
  if (typeof text !== "string" || [...text].length <= MAX) return text;
  return `${[...text].slice(0, MAX - 1).join("")}…` as T;
}

/**
 * Recent Activity is written by the server, in the same transaction as the change it reports. Its
 * texts quote user input, so they are cut to the bound: an event is never refused.
 */
export async function recordActivity(db: Executor, scope: { companyId: CompanyId }, event: NewActivity) {
  await db.insert(activityEvents).values({
    status: "success",
    ...event,
    companyId: scope.companyId,
    message: clip(event.message),
    client: clip(event.client),
    job: clip(event.job),
    pevo: clip(event.pevo),
  });
}

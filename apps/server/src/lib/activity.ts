import { activityEvents, type Executor } from "@pevo/db";
import type { ActivityStatus, ActivityType } from "@pevo/shared";

export type NewActivity = {
  companyId: string;
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

/** Recent Activity is written by the server, in the same transaction as the change it reports. */
export async function recordActivity(db: Executor, event: NewActivity) {
  await db.insert(activityEvents).values({ status: "success", ...event });
}

import { activityEvents } from "@pevo/db";
import { desc, eq } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { activityItemColumns } from "./record";

/** The office dashboard's Recent Activity: the company's latest events. */
export function recentActivity(scope: Scope, limit: number) {
  return scope.db
    .select(activityItemColumns)
    .from(activityEvents)
    .where(scoped(activityEvents, scope))
    .orderBy(desc(activityEvents.createdAt))
    .limit(limit);
}

/** The PEVO dashboard's Recent Activity: the events about this PEVO only (DECISIONS: Dashboards). */
export function pevoActivity(scope: Scope, pevoId: string, limit: number) {
  return scope.db
    .select({
      id: activityEvents.id,
      type: activityEvents.type,
      status: activityEvents.status,
      message: activityEvents.message,
      createdAt: activityEvents.createdAt,
    })
    .from(activityEvents)
    .where(scoped(activityEvents, scope, eq(activityEvents.pevoId, pevoId)))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(limit);
}

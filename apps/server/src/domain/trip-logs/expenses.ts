import { tripLogExpenses } from "@pevo/db";
import { asc, inArray } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/**
 * The expenses of these trip log entries, in their entered order (the trip log screens and the
 * invoice's suggested lines read them through this one query).
 */
export async function tripLogExpensesOf(scope: Scope, tripLogIds: string[]) {
  if (tripLogIds.length === 0) return [];
  return scope.db
    .select()
    .from(tripLogExpenses)
    .where(scoped(tripLogExpenses, scope, inArray(tripLogExpenses.tripLogId, tripLogIds)))
    .orderBy(asc(tripLogExpenses.sortOrder));
}

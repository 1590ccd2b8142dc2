import { getMe } from "../company";

/**
 * The name of who makes a change to a money record, for its activity message (DECISIONS 'Invoices':
 * the activity says who, when, and before → after; the list shows the message, not the actor id).
 */
export async function actorName(scope: { db: Parameters<typeof getMe>[0]; userId: string }) {
  return (await getMe(scope.db, scope.userId))?.user.name || "An admin";
}

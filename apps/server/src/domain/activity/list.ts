import { activityEvents } from "@pevo/db";
import type { CursorPage, TActivityItemResponse, TActivityQuery } from "@pevo/shared";
import { inArray } from "drizzle-orm";
import { InvalidInputError, pgError } from "../../lib/domain-errors";
import { cursorPageOf, INVALID_CURSOR, keyset } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { activityItemColumns } from "./record";

/**
 * The company's activity log, newest first, a keyset page at a time: an event recorded between two
 * reads is not repeated and does not shift the next page (it sits before the cursor).
 */
export async function listActivity(
  scope: Scope,
  params: TActivityQuery,
): Promise<CursorPage<TActivityItemResponse>> {
  const key = keyset([activityEvents.createdAt, activityEvents.id], "desc");
  const read = scope.db
    .select({ ...activityItemColumns, cursor: key.cursor })
    .from(activityEvents)
    .where(
      scoped(
        activityEvents,
        scope,
        params.type?.length ? inArray(activityEvents.type, params.type) : undefined,
        key.after(params.cursor),
      ),
    )
    .orderBy(...key.orderBy)
    .limit(params.limit + 1);
  const rows = await read.catch((error: unknown) => {
    // A cursor of the right shape whose values are not a time and an id (edited by hand).
    if (params.cursor && pgError(error)?.code?.startsWith("22")) {
      throw new InvalidInputError(INVALID_CURSOR, { cursor: INVALID_CURSOR });
    }
    throw error;
  });
  const page = cursorPageOf(rows, params.limit);
  return {
    items: page.items.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
    nextCursor: page.nextCursor,
  };
}

import { pevos } from "@pevo/db";
import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";
import { scopeOf } from "./session";

/**
 * The PEVO row of the signed-in PEVO user. Looked up on every portal request, so a PEVO the
 * office deleted loses access at once (even while a session cookie is cached).
 */
export async function pevoIdOf(c: Context<AppEnv>): Promise<string> {
  const { db, companyId, userId } = scopeOf(c);
  const [row] = await db
    .select({ id: pevos.id })
    .from(pevos)
    .where(and(eq(pevos.userId, userId), eq(pevos.companyId, companyId)));
  if (!row) throw new ApiError(401, "You must be logged in to perform this action");
  return row.id;
}

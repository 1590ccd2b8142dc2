import { pevos } from "@pevo/db";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { scoped } from "../lib/tenant";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";
import { scopeOf } from "./session";

/**
 * The PEVO row of the signed-in PEVO user. Looked up on every portal request, so a PEVO the
 * office deleted loses access at once (even while a session cookie is cached).
 */
export async function pevoIdOf(c: Context<AppEnv>): Promise<string> {
  const scope = scopeOf(c);
  const [row] = await scope.db
    .select({ id: pevos.id })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.userId, scope.userId)));
  if (!row) throw new ApiError(401, "You must be logged in to perform this action");
  return row.id;
}

import type { Context } from "hono";
import { pevoOfLogin } from "../domain/pevos";
import type { AppEnv } from "./context";
import { ApiError } from "./errors";
import { scopeOf } from "./session";

/**
 * The PEVO row of the signed-in PEVO user. Looked up on every portal request, so a PEVO the
 * office deleted loses access at once (even while a session cookie is cached).
 */
export async function pevoIdOf(c: Context<AppEnv>): Promise<string> {
  const scope = scopeOf(c);
  const id = await pevoOfLogin(scope.db, scope);
  if (!id) throw new ApiError(401, "You must be logged in to perform this action");
  return id;
}

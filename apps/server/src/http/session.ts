import type { Role } from "@pevo/shared";
import type { Context, MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { companyIdFromCredential } from "../lib/company-id";
import type { Actor, AppEnv, Deps, Scope } from "./context";
import { ApiError } from "./errors";
import { sessionLookup } from "./session-lookup";

export const sessionMiddleware = (deps: Deps): MiddlewareHandler<AppEnv> => {
  const lookup = sessionLookup(deps.auth, deps.db);
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("deps", deps);
    // Read from the session table (no cookie cache): a removed user is signed out at once.
    const u = await lookup(c.req.raw.headers);
    c.set(
      "actor",
      u && (u.role === "admin" || u.role === "pevo")
        ? { userId: u.id, email: u.email, companyId: companyIdFromCredential(u.companyId), role: u.role }
        : null,
    );
    await next();
  });
};

export function actorOf(c: Context<AppEnv>): Actor {
  const actor = c.get("actor");
  if (!actor) throw new ApiError(401, "You must be logged in to perform this action");
  return actor;
}

const requireRole = (role: Role): MiddlewareHandler<AppEnv> =>
  createMiddleware<AppEnv>(async (c, next) => {
    const actor = actorOf(c);
    if (actor.role !== role) throw new ApiError(403, "You do not have access to this area");
    await next();
  });

export const requireUser: MiddlewareHandler<AppEnv> = createMiddleware<AppEnv>(async (c, next) => {
  actorOf(c);
  await next();
});
export const requireAdmin = requireRole("admin");
export const requirePevo = requireRole("pevo");

/** The tenant scope of the signed-in caller. */
export function scopeOf(c: Context<AppEnv>): Scope {
  const actor = actorOf(c);
  return { db: c.get("deps").db, companyId: actor.companyId, userId: actor.userId };
}

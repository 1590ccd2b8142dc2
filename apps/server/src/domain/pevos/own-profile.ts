/**
 * The PEVO's own row, read and edited from the portal (My Profile; DECISIONS 'The driver's licence
 * is reviewed like the other credentials': their own licence change waits for the office).
 */
import { pevos } from "@pevo/db";
import type { TPevoProfile, ZPevoProfile } from "@pevo/shared";
import { count, eq } from "drizzle-orm";
import type { z } from "zod";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { renameLogin } from "../company";
import { pevoFacts } from "./columns";
import { licenceReviewOnSave } from "./licence-review";

const PROFILE_NOT_FOUND = "Profile not found";

export async function getOwnProfile(scope: Scope, pevoId: string): Promise<TPevoProfile> {
  const [row] = await scope.db
    .select({
      ...pevoFacts,
      licenceReviewStatus: pevos.licenceReviewStatus,
      status: pevos.status,
    })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  if (!row) throw new NotFoundError(PROFILE_NOT_FOUND);
  return row;
}

/** The PEVO edits their own row: the same one the office sees; their login's name follows. */
export async function updateOwnProfile(
  scope: Scope,
  { pevoId, profile }: { pevoId: string; profile: z.output<typeof ZPevoProfile> },
): Promise<TPevoProfile> {
  const { db, userId } = scope;
  await db.transaction(async (tx) => {
    const review = await licenceReviewOnSave(tx, scope, pevoId, profile, { role: "pevo" });
    await tx
      .update(pevos)
      .set({ ...profile, ...review, updatedAt: new Date() })
      .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
    if (review) {
      const name = `${profile.firstName} ${profile.lastName}`;
      await recordActivity(tx, scope, {
        actorId: userId,
        type: "credential_submitted",
        status: "pending",
        message: `${name} updated their driver's licence (pending review)`,
        pevo: name,
        pevoId,
      });
    }
    // The caller's own login (the session's user).
    await renameLogin(tx, userId, { firstName: profile.firstName, lastName: profile.lastName });
  });
  return getOwnProfile(scope, pevoId);
}

/** The PEVO dashboard's profile card: active or inactive (a removed row reads as inactive). */
export async function pevoStatus(scope: Scope, pevoId: string) {
  const [row] = await scope.db
    .select({ status: pevos.status })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  return row?.status ?? "inactive";
}

/** The admin dashboard's PEVOs card. */
export async function countActivePevos(scope: Pick<Scope, "db" | "companyId">) {
  const [row] = await scope.db
    .select({ n: count() })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.status, "active")));
  return row?.n ?? 0;
}

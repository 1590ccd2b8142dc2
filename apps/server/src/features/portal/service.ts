import { pevos, profiles } from "@pevo/db";
import type { TPevoProfile, ZPevoProfile } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { pevoActivity, recordActivity } from "../../domain/activity";
import { pevoJobCounts, pevoUpcomingJobs } from "../../domain/dispatches";
import { licenceReviewOnSave } from "../../domain/pevos";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";

/** The PEVO dashboard (DECISIONS: Dashboards): their own figures only. */
export async function getPortalDashboard(scope: Scope, pevoId: string, today: string) {
  const { db } = scope;
  const [counts, [pevo], upcomingJobs, activity] = await Promise.all([
    pevoJobCounts(scope, pevoId, today),
    db
      .select({ status: pevos.status })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, pevoId))),
    pevoUpcomingJobs(scope, pevoId, today, 10),
    pevoActivity(scope, pevoId, 10),
  ]);
  return {
    cards: {
      upcomingJobs: counts.upcoming,
      completedJobs: counts.completed,
      profileStatus: pevo?.status ?? "inactive",
    },
    upcomingJobs,
    activity,
  };
}

export async function getPortalProfile(scope: Scope, pevoId: string): Promise<TPevoProfile> {
  const [row] = await scope.db
    .select({
      id: pevos.id,
      firstName: pevos.firstName,
      lastName: pevos.lastName,
      email: pevos.email,
      phone: pevos.phone,
      licenseNumber: pevos.licenseNumber,
      certificationExpiry: pevos.certificationExpiry,
      licenceReviewStatus: pevos.licenceReviewStatus,
      status: pevos.status,
    })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  if (!row) throw new NotFoundError("Profile not found");
  return row;
}

/** The PEVO edits their own row: the same one the office sees. */
export async function updatePortalProfile(
  scope: Scope,
  pevoId: string,
  input: z.output<typeof ZPevoProfile>,
): Promise<TPevoProfile> {
  const { db, userId } = scope;
  await db.transaction(async (tx) => {
    const review = await licenceReviewOnSave(tx, scope, pevoId, input, { role: "pevo" });
    await tx
      .update(pevos)
      .set({ ...input, ...review, updatedAt: new Date() })
      .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
    if (review) {
      const name = `${input.firstName} ${input.lastName}`;
      await recordActivity(tx, scope, {
        actorId: userId,
        type: "credential_submitted",
        status: "pending",
        message: `${name} updated their driver's licence (pending review)`,
        pevo: name,
        pevoId,
      });
    }
    await tx
      .update(profiles)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        contactPerson: `${input.firstName} ${input.lastName}`,
      })
      // unscoped: the caller's own profile (a user, not tenant data)
      .where(eq(profiles.id, userId));
  });
  return getPortalProfile(scope, pevoId);
}

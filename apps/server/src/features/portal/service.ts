import { clients, dispatches, missingRow, pevos, profiles, rateConfirmations } from "@pevo/db";
import type { TPevoProfile, TPortalDispatchListQuery } from "@pevo/shared";
import { POSITION_TYPES, type ZPevoProfile } from "@pevo/shared";
import { asc, count, eq, gte, lt, lte, ne, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { pevoActivity, recordActivity } from "../../domain/activity";
import { licenceReviewOnSave } from "../../domain/pevos";
import { pevoJobOf } from "../../domain/rate-confirmations";
import { addDaysIso } from "../../lib/dates";
import { NotFoundError } from "../../lib/domain-errors";
import { cursorPageOf, keyset } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";

export const PORTAL_DISPATCH_NOT_FOUND = "Dispatch not found";

const portalDispatchColumns = {
  id: dispatches.id,
  pickupDate: dispatches.pickupDate,
  pickupTime: dispatches.pickupTime,
  status: dispatches.status,
  driverName: dispatches.driverName,
  jobNumber: rateConfirmations.jobNumber,
  originAddress: rateConfirmations.originAddress,
  destinationAddress: rateConfirmations.destinationAddress,
};

/** The company's dispatches assigned to this PEVO (and the further conditions). */
const ownDispatches = (scope: Scope, pevoId: string, ...conditions: SQL[]) =>
  scoped(dispatches, scope, eq(dispatches.pevoId, pevoId), ...conditions);

/**
 * My Dispatches, a keyset page: upcoming (pickup today or later) soonest first, past (before today)
 * latest first, or all latest first; within the pickup date range when one is given.
 */
export async function listPortalDispatches(
  scope: Scope,
  pevoId: string,
  query: TPortalDispatchListQuery,
  today: string,
) {
  const { when, pickupFrom: from, pickupTo: to, cursor, limit } = query;
  const key = keyset(
    [dispatches.pickupDate, dispatches.pickupTime, dispatches.id],
    when === "upcoming" ? "asc" : "desc",
  );
  const conditions = [
    when === "upcoming" ? gte(dispatches.pickupDate, today) : undefined,
    when === "past" ? lt(dispatches.pickupDate, today) : undefined,
    from ? gte(dispatches.pickupDate, from) : undefined,
    to ? lte(dispatches.pickupDate, to) : undefined,
    key.after(cursor),
  ].filter((c): c is SQL => c !== undefined);
  const rows = await scope.db
    .select({ ...portalDispatchColumns, cursor: key.cursor })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(ownDispatches(scope, pevoId, ...conditions))
    .orderBy(...key.orderBy)
    .limit(limit + 1);
  return cursorPageOf(rows, limit);
}

/** What a PEVO needs on the road; only their own dispatch (another's is 404). */
export async function getPortalDispatch(scope: Scope, pevoId: string, id: string) {
  const { db } = scope;
  const [row] = await db
    .select({
      ...portalDispatchColumns,
      driverPhone: dispatches.driverPhone,
      driverCompany: dispatches.driverCompany,
      notes: dispatches.notes,
      rateConfirmationId: dispatches.rateConfirmationId,
      description: rateConfirmations.description,
      clientName: clients.name,
    })
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .leftJoin(clients, eq(clients.id, rateConfirmations.clientId))
    .where(ownDispatches(scope, pevoId, eq(dispatches.id, id)));
  if (!row) throw new NotFoundError(PORTAL_DISPATCH_NOT_FOUND);
  const { rateConfirmationId, ...dispatch } = row;
  const job = rateConfirmationId ? await pevoJobOf(scope, rateConfirmationId, pevoId) : null;
  const mine = job?.positions ?? [];
  const position =
    mine
      .map((p) => (p.positionType === "custom" ? p.customName : POSITION_TYPES[p.positionType]))
      .filter(Boolean)
      .join(", ") || null;
  return {
    ...dispatch,
    position,
    positionTypes: mine.map((p) => p.positionType),
    loadDetails: job?.loadDetails ?? null,
  };
}

/** The PEVO dashboard (DECISIONS: Dashboards): their own figures only. */
export async function getPortalDashboard(scope: Scope, pevoId: string, today: string) {
  const { db } = scope;
  const weekEnd = addDaysIso(today, 7);
  const monthAgo = addDaysIso(today, -30);
  const [
    [upcoming = missingRow("dispatches")],
    [completed = missingRow("dispatches")],
    [pevo],
    upcomingJobs,
    activity,
  ] = await Promise.all([
    db
      .select({ n: count() })
      .from(dispatches)
      .where(
        ownDispatches(
          scope,
          pevoId,
          gte(dispatches.pickupDate, today),
          lt(dispatches.pickupDate, weekEnd),
          ne(dispatches.status, "canceled"),
        ),
      ),
    db
      .select({ n: count() })
      .from(dispatches)
      .where(
        ownDispatches(
          scope,
          pevoId,
          eq(dispatches.status, "completed"),
          gte(dispatches.pickupDate, monthAgo),
          lte(dispatches.pickupDate, today),
        ),
      ),
    db
      .select({ status: pevos.status })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, pevoId))),
    db
      .select(portalDispatchColumns)
      .from(dispatches)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .where(
        ownDispatches(scope, pevoId, gte(dispatches.pickupDate, today), ne(dispatches.status, "canceled")),
      )
      .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime), asc(dispatches.id))
      .limit(10),
    pevoActivity(scope, pevoId, 10),
  ]);
  return {
    cards: {
      upcomingJobs: upcoming.n,
      completedJobs: completed.n,
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

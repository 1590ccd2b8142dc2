import { activityEvents, clients, dispatches, pevos, positions, profiles, rateConfirmations } from "@pevo/db";
import type { TPevoProfile } from "@pevo/shared";
import { POSITION_TYPES, type PositionType, type ZPevoProfile } from "@pevo/shared";
import { and, asc, count, desc, eq, gte, lt, lte, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Scope } from "../../http/context";
import { notFound } from "../../http/errors";
import { addDaysIso } from "../../lib/dates";

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

const own = (companyId: string, pevoId: string) =>
  and(eq(dispatches.companyId, companyId), eq(dispatches.pevoId, pevoId));

/** My Dispatches: everything assigned to this PEVO, latest pickup first. */
export function listPortalDispatches({ db, companyId }: Scope, pevoId: string) {
  return db
    .select(portalDispatchColumns)
    .from(dispatches)
    .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
    .where(own(companyId, pevoId))
    .orderBy(desc(dispatches.pickupDate), desc(dispatches.pickupTime));
}

/** What a PEVO needs on the road; only their own dispatch (another's is 404). */
export async function getPortalDispatch({ db, companyId }: Scope, pevoId: string, id: string) {
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
    .where(and(own(companyId, pevoId), eq(dispatches.id, id)));
  if (!row) throw notFound(PORTAL_DISPATCH_NOT_FOUND);
  const { rateConfirmationId, ...dispatch } = row;
  const mine = rateConfirmationId
    ? await db
        .select({ positionType: positions.positionType, customName: positions.customName })
        .from(positions)
        .where(and(eq(positions.rateConfirmationId, rateConfirmationId), eq(positions.pevoId, pevoId)))
    : [];
  const position =
    mine
      .map((p) =>
        p.positionType === "custom" ? p.customName : POSITION_TYPES[p.positionType as PositionType],
      )
      .filter(Boolean)
      .join(", ") || null;
  return { ...dispatch, position };
}

/** The PEVO dashboard (DECISIONS: Dashboards): their own figures only. */
export async function getPortalDashboard(scope: Scope, pevoId: string, today: string) {
  const { db, companyId } = scope;
  const weekEnd = addDaysIso(today, 7);
  const monthAgo = addDaysIso(today, -30);
  const [[upcoming], [completed], [pevo], upcomingJobs, activity] = await Promise.all([
    db
      .select({ n: count() })
      .from(dispatches)
      .where(
        and(
          own(companyId, pevoId),
          gte(dispatches.pickupDate, today),
          lt(dispatches.pickupDate, weekEnd),
          ne(dispatches.status, "canceled"),
        ),
      ),
    db
      .select({ n: count() })
      .from(dispatches)
      .where(
        and(
          own(companyId, pevoId),
          eq(dispatches.status, "completed"),
          gte(dispatches.pickupDate, monthAgo),
          lte(dispatches.pickupDate, today),
        ),
      ),
    db.select({ status: pevos.status }).from(pevos).where(eq(pevos.id, pevoId)),
    db
      .select(portalDispatchColumns)
      .from(dispatches)
      .leftJoin(rateConfirmations, eq(rateConfirmations.id, dispatches.rateConfirmationId))
      .where(
        and(own(companyId, pevoId), gte(dispatches.pickupDate, today), ne(dispatches.status, "canceled")),
      )
      .orderBy(asc(dispatches.pickupDate), asc(dispatches.pickupTime))
      .limit(10),
    db
      .select({
        id: activityEvents.id,
        type: activityEvents.type,
        status: activityEvents.status,
        message: activityEvents.message,
        createdAt: activityEvents.createdAt,
      })
      .from(activityEvents)
      .where(and(eq(activityEvents.companyId, companyId), eq(activityEvents.pevoId, pevoId)))
      .orderBy(desc(activityEvents.createdAt))
      .limit(10),
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

export async function getPortalProfile({ db, companyId }: Scope, pevoId: string): Promise<TPevoProfile> {
  const [row] = await db
    .select({
      id: pevos.id,
      firstName: pevos.firstName,
      lastName: pevos.lastName,
      email: pevos.email,
      phone: pevos.phone,
      licenseNumber: pevos.licenseNumber,
      certificationExpiry: pevos.certificationExpiry,
      status: pevos.status,
    })
    .from(pevos)
    .where(and(eq(pevos.id, pevoId), eq(pevos.companyId, companyId)));
  if (!row) throw notFound("Profile not found");
  return { ...row, status: row.status === "active" ? "active" : "inactive" };
}

/** The PEVO edits their own row: the same one the office sees. */
export async function updatePortalProfile(
  scope: Scope,
  pevoId: string,
  input: z.output<typeof ZPevoProfile>,
): Promise<TPevoProfile> {
  const { db, companyId, userId } = scope;
  await db.transaction(async (tx) => {
    await tx
      .update(pevos)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(pevos.id, pevoId), eq(pevos.companyId, companyId)));
    await tx
      .update(profiles)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        contactPerson: `${input.firstName} ${input.lastName}`,
      })
      .where(eq(profiles.id, userId));
  });
  return getPortalProfile(scope, pevoId);
}

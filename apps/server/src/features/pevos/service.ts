import { randomBytes } from "node:crypto";
import { dispatches, pevos, positions, profiles, tripLogs, user } from "@pevo/db";
import { createUserWithAccount } from "@pevo/db/seed";
import type { TPevoData } from "@pevo/shared";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Scope } from "../../http/context";
import { ApiError, notFound, pgError } from "../../http/errors";
import { loginEmailTaken } from "../../lib/accounts";

export const PEVO_NOT_FOUND = "PEVO not found";
export const PEVO_EMAIL_TAKEN = "An account with this email already exists";
export const PEVO_IN_USE =
  "This PEVO is assigned to dispatches or rate confirmation positions and cannot be deleted. Set them inactive instead.";
export const PEVO_HAS_TRIPS =
  "This PEVO has trip log entries and cannot be deleted. Set them inactive instead.";

const columns = {
  id: pevos.id,
  firstName: pevos.firstName,
  lastName: pevos.lastName,
  email: pevos.email,
  phone: pevos.phone,
  licenseNumber: pevos.licenseNumber,
  certificationExpiry: pevos.certificationExpiry,
  states: pevos.states,
  status: pevos.status,
  hasLogin: sql<boolean>`${pevos.userId} is not null`,
  createdAt: pevos.createdAt,
  updatedAt: pevos.updatedAt,
};

export function listPevos({ db, companyId }: Scope) {
  return db.select(columns).from(pevos).where(eq(pevos.companyId, companyId)).orderBy(desc(pevos.createdAt));
}

/** The pickers' list: active PEVOs by last name. */
export function listActivePevos({ db, companyId }: Scope) {
  return db
    .select({ id: pevos.id, firstName: pevos.firstName, lastName: pevos.lastName, status: pevos.status })
    .from(pevos)
    .where(and(eq(pevos.companyId, companyId), eq(pevos.status, "active")))
    .orderBy(asc(pevos.lastName), asc(pevos.firstName));
}

export async function getPevo({ db, companyId }: Scope, id: string) {
  const [row] = await db
    .select(columns)
    .from(pevos)
    .where(and(eq(pevos.id, id), eq(pevos.companyId, companyId)));
  if (!row) throw notFound(PEVO_NOT_FOUND);
  return row;
}

/**
 * Adds a PEVO. With an email, the login account (role pevo, same company, confirmed, random
 * password nobody sees) is created in the same transaction; the caller sends the invitation.
 */
export async function createPevo(scope: Scope, input: TPevoData) {
  const { db, companyId, userId } = scope;
  const { email, ...fields } = input;
  if (email && (await loginEmailTaken(db, email))) {
    throw new ApiError(409, PEVO_EMAIL_TAKEN, { email: PEVO_EMAIL_TAKEN });
  }
  const emailConflict = (error: unknown): never => {
    // Two adds racing for one address: the unique index on the login decides.
    if (email && pgError(error)?.code === "23505")
      throw new ApiError(409, PEVO_EMAIL_TAKEN, { email: PEVO_EMAIL_TAKEN });
    throw error;
  };
  return db
    .transaction(async (tx) => {
      let loginId: string | null = null;
      if (email) {
        const [company] = await tx
          .select({ name: profiles.companyName })
          .from(profiles)
          .where(eq(profiles.id, userId));
        const name = `${fields.firstName} ${fields.lastName}`;
        const login = await createUserWithAccount(tx, {
          companyId,
          email,
          password: randomBytes(24).toString("base64url"),
          role: "pevo",
          name,
          companyName: company?.name ?? "",
          contactPerson: name,
          emailVerified: true,
          firstName: fields.firstName,
          lastName: fields.lastName,
        });
        loginId = login.id;
      }
      const [row] = await tx
        .insert(pevos)
        .values({ ...fields, email, companyId, createdBy: userId, userId: loginId })
        .returning({ id: pevos.id });
      return { id: row.id, email, invite: Boolean(loginId) };
    })
    .catch(emailConflict);
}

/** Email is not editable here: it belongs to the login account. */
export async function updatePevo(scope: Scope, id: string, input: TPevoData) {
  const { db, companyId } = scope;
  const { email: _ignored, ...fields } = input;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(pevos)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(pevos.id, id), eq(pevos.companyId, companyId)))
      .returning({ userId: pevos.userId });
    if (!row) throw notFound(PEVO_NOT_FOUND);
    if (row.userId) {
      await tx
        .update(profiles)
        .set({
          firstName: fields.firstName,
          lastName: fields.lastName,
          contactPerson: `${fields.firstName} ${fields.lastName}`,
        })
        .where(eq(profiles.id, row.userId));
    }
  });
  return getPevo(scope, id);
}

/** Refused while the PEVO is assigned anywhere; removes the login account (and its sessions) too. */
export async function deletePevo({ db, companyId }: Scope, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: pevos.userId })
      .from(pevos)
      .where(and(eq(pevos.id, id), eq(pevos.companyId, companyId)));
    if (!row) throw notFound(PEVO_NOT_FOUND);
    const [[inDispatches], [inPositions]] = await Promise.all([
      tx.select({ n: count() }).from(dispatches).where(eq(dispatches.pevoId, id)),
      tx.select({ n: count() }).from(positions).where(eq(positions.pevoId, id)),
    ]);
    if (inDispatches.n > 0 || inPositions.n > 0) throw new ApiError(409, PEVO_IN_USE);
    const [trips] = await tx.select({ n: count() }).from(tripLogs).where(eq(tripLogs.pevoId, id));
    if (trips.n > 0) throw new ApiError(409, PEVO_HAS_TRIPS);
    await tx.delete(pevos).where(eq(pevos.id, id));
    if (row.userId) await tx.delete(user).where(eq(user.id, row.userId));
  });
}

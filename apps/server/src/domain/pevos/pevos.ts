import { randomBytes } from "node:crypto";
import { dispatches, missingRow, pevos, positions, profiles, tripLogs } from "@pevo/db";
import { EMAIL_NOT_INVITABLE, type PevoSort, type TPevoData, type TPevoListQuery } from "@pevo/shared";
import { count, eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { ConflictError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import {
  countRows,
  offsetPageOf,
  offsetPageWithTotal,
  searchMatches,
  sortBy,
  totalColumn,
} from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import {
  createUserWithAccount,
  deleteLogin,
  loginEmailTaken,
  renameLogin,
  withInvitationMail,
} from "../company";
import { pevoFacts } from "./columns";
import { licenceReviewOnSave } from "./licence-review";

export const PEVO_NOT_FOUND = "PEVO not found";
const PEVO_EMAIL_TAKEN = EMAIL_NOT_INVITABLE;
const PEVO_IN_USE =
  "This PEVO is assigned to dispatches or rate confirmation positions and cannot be deleted. Set them inactive instead.";
const PEVO_HAS_TRIPS = "This PEVO has trip log entries and cannot be deleted. Set them inactive instead.";

const columns = {
  ...pevoFacts,
  status: pevos.status,
  hasLogin: sql<boolean>`${pevos.userId} is not null`,
  userId: pevos.userId,
  createdAt: pevos.createdAt,
  updatedAt: pevos.updatedAt,
};

// Text sorts are case-insensitive (the same order on PostgreSQL and PGlite whatever the collation).
const SORTS: Record<PevoSort, SQLWrapper[]> = {
  lastName: [sql`lower(${pevos.lastName})`, sql`lower(${pevos.firstName})`],
  email: [sql`lower(${pevos.email})`],
  phone: [pevos.phone],
  licenseNumber: [sql`lower(${pevos.licenseNumber})`],
  certificationExpiry: [pevos.certificationExpiry],
  status: [pevos.status],
  createdAt: [pevos.createdAt],
};

/**
 * A page of the company's PEVOs: sorted, filtered by status, searched by first or last name, the
 * full name ("casey whit"), email or phone. The PEVO pickers ask for `status=active`.
 */
export function listPevos(scope: Scope, params: TPevoListQuery) {
  const where = scoped(
    pevos,
    scope,
    params.status ? eq(pevos.status, params.status) : undefined,
    params.q ? searchMatches(pevos.searchText, params.q) : undefined,
  );
  const page = (total: SQL<number>) => (limit: number, offset: number) =>
    scope.db
      .select({ ...columns, total })
      .from(pevos)
      .where(where)
      .orderBy(...sortBy(SORTS[params.sort], params.dir, pevos.id))
      .limit(limit)
      .offset(offset);
  const count = (cap: number) => countRows(scope.db, pevos, where, cap);
  // A search tests every PEVO of the company anyway: the page and its total in one pass. Without
  // one, the count reads the index alone and the page stops after its rows.
  if (params.q) {
    const searched = page(totalColumn());
    return offsetPageWithTotal(params, {
      rows: async (limit, offset) => withInvitationMail(scope, await searched(limit, offset)),
      count,
    });
  }
  return offsetPageOf(params, {
    rows: async (limit, offset) =>
      withInvitationMail(
        scope,
        (await page(sql`0`)(limit, offset)).map(({ total: _, ...pevo }) => pevo),
      ),
    count,
  });
}

export async function getPevo(scope: Scope, id: string) {
  const [row] = await scope.db
    .select(columns)
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, id)));
  if (!row) throw new NotFoundError(PEVO_NOT_FOUND);
  const [pevo = missingRow("pevos")] = await withInvitationMail(scope, [row]);
  return pevo;
}

/**
 * Adds a PEVO. With an email, the login account (role pevo, same company, confirmed, random
 * password nobody sees) is created in the same transaction; the caller sends the invitation.
 */
export async function createPevo(scope: Scope, input: TPevoData) {
  const { db, companyId, userId } = scope;
  const { email, ...fields } = input;
  if (email && (await loginEmailTaken(db, email))) {
    throw new ConflictError(PEVO_EMAIL_TAKEN, { email: PEVO_EMAIL_TAKEN });
  }
  const emailConflict = (error: unknown): never => {
    // Two adds racing for one address: the unique index on the login decides.
    if (email && isUniqueViolation(error))
      throw new ConflictError(PEVO_EMAIL_TAKEN, { email: PEVO_EMAIL_TAKEN });
    throw error;
  };
  return db
    .transaction(async (tx) => {
      let loginId: string | null = null;
      if (email) {
        const [company] = await tx
          .select({ name: profiles.companyName })
          .from(profiles)
          // unscoped: the caller's own profile (a user, not tenant data)
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
      const [row = missingRow("pevos")] = await tx
        .insert(pevos)
        .values({ ...fields, email, companyId, createdBy: userId, userId: loginId })
        .returning({ id: pevos.id });
      return { id: row.id, email, loginId };
    })
    .catch(emailConflict);
}

/** Email is not editable here: it belongs to the login account. */
export async function updatePevo(scope: Scope, { id, input }: { id: string; input: TPevoData }) {
  const { email: _ignored, ...fields } = input;
  await scope.db.transaction(async (tx) => {
    // The office's own licence change is approved at once (a pending one from the PEVO stays pending
    // until reviewed, unless the office changes the licence itself).
    const review = await licenceReviewOnSave(tx, scope, id, fields, { role: "admin", userId: scope.userId });
    const [row] = await tx
      .update(pevos)
      .set({ ...fields, ...review, updatedAt: new Date() })
      .where(scoped(pevos, scope, eq(pevos.id, id)))
      .returning({ userId: pevos.userId });
    if (!row) throw new NotFoundError(PEVO_NOT_FOUND);
    if (row.userId) {
      // The login of the PEVO row found above (same company: pevos_user_fk).
      await renameLogin(tx, row.userId, { firstName: fields.firstName, lastName: fields.lastName });
    }
  });
  return getPevo(scope, id);
}

/** Refused while the PEVO is assigned anywhere; removes the login account (and its sessions) too. */
export async function deletePevo(scope: Scope, { id }: { id: string }) {
  await scope.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ userId: pevos.userId })
      .from(pevos)
      .where(scoped(pevos, scope, eq(pevos.id, id)));
    if (!row) throw new NotFoundError(PEVO_NOT_FOUND);
    const [[inDispatches = missingRow("dispatches")], [inPositions = missingRow("positions")]] =
      await Promise.all([
        tx
          .select({ n: count() })
          .from(dispatches)
          .where(scoped(dispatches, scope, eq(dispatches.pevoId, id))),
        tx
          .select({ n: count() })
          .from(positions)
          .where(scoped(positions, scope, eq(positions.pevoId, id))),
      ]);
    if (inDispatches.n > 0 || inPositions.n > 0) throw new ConflictError(PEVO_IN_USE);
    const [trips = missingRow("tripLogs")] = await tx
      .select({ n: count() })
      .from(tripLogs)
      .where(scoped(tripLogs, scope, eq(tripLogs.pevoId, id)));
    if (trips.n > 0) throw new ConflictError(PEVO_HAS_TRIPS);
    await tx.delete(pevos).where(scoped(pevos, scope, eq(pevos.id, id)));
    if (row.userId) await deleteLogin(tx, scope, row.userId);
  });
}

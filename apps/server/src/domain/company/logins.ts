import { companies, type Executor, profiles, session, user } from "@pevo/db";
import { insertCompanyWithAdmin, insertLogin, type NewLogin } from "@pevo/db/seed";
import type { Role } from "@pevo/shared";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { companyIdOfCompany } from "../../lib/company-id";
import { type CompanyId, scoped } from "../../lib/tenant";
import { ensureCredentialDigest } from "../credentials";

export { hashPassword };

/** Whether a login already uses this address (any company: an email signs in to one account). */
export async function loginEmailTaken(db: Executor, email: string) {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    // unscoped: an email signs in to one account, whatever its company
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

export type NewUser = Omit<NewLogin, "passwordHash"> & { password: string; role: Role };

/** A login (user + credential account + profile + settings). Run it inside a transaction. */
export async function createUserWithAccount(tx: Executor, input: NewUser) {
  const { password, ...rest } = input;
  return insertLogin(tx, { ...rest, passwordHash: await hashPassword(password) });
}

/**
 * Deletes one of the company's logins (a removed admin, a deleted PEVO's portal login): its
 * sessions first, so it is signed out at once; its password account, profile and settings go with
 * the user row (ON DELETE CASCADE). Run it inside the caller's transaction.
 */
export async function deleteLogin(tx: Executor, scope: { companyId: CompanyId }, userId: string) {
  // unscoped: sessions have no company_id; the user row below is deleted only within the company
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(user).where(scoped(user, scope, eq(user.id, userId)));
}

/** A login's name on its profile (a PEVO renamed by the office). The caller checked the login is its company's. */
export async function renameLogin(
  tx: Executor,
  userId: string,
  name: { firstName: string; lastName: string },
) {
  await tx
    .update(profiles)
    .set({ ...name, contactPerson: `${name.firstName} ${name.lastName}` })
    // unscoped: profiles have no company_id; the caller found the login through a row of its company
    .where(eq(profiles.id, userId));
}

/**
 * Signup: a company, its first admin and its daily credentials run (digest and licence reminders:
 * due from the first day, whatever the company records), in one transaction.
 */
export async function createCompanyWithAdmin(
  db: Executor,
  input: { companyName: string; contactPerson: string; email: string; password: string; timeZone?: string },
) {
  const { password, ...rest } = input;
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const created = await insertCompanyWithAdmin(tx, { ...rest, passwordHash });
    // A signed-up company gets the first-sign-in set-up and the "Get started" checklist (DECISIONS
    // 'Company set-up and logo'); the demo and seeded companies do not.
    await tx
      .update(companies)
      .set({ setupPending: true, checklistOpen: true })
      // unscoped: the company this signup has just created
      .where(eq(companies.id, created.company.id));
    await ensureCredentialDigest(tx, { companyId: companyIdOfCompany(created.company) });
    return created;
  });
}

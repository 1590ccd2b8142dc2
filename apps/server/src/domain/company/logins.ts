import { type Executor, user } from "@pevo/db";
import { insertCompanyWithAdmin, insertLogin, type NewLogin } from "@pevo/db/seed";
import type { Role } from "@pevo/shared";
import { hashPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { companyIdOfCompany } from "../../lib/company-id";
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
    await ensureCredentialDigest(tx, { companyId: companyIdOfCompany(created.company) });
    return created;
  });
}

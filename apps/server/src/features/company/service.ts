import { randomBytes } from "node:crypto";
import { companies, profiles, user } from "@pevo/db";
import { createUserWithAccount } from "@pevo/db/seed";
import type { TCompanySettings } from "@pevo/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Scope } from "../../http/context";
import { ApiError, pgError } from "../../http/errors";
import { loginEmailTaken } from "../../lib/accounts";

export const EMAIL_TAKEN = "An account with this email already exists";

export async function getCompanySettings({ db, companyId }: Scope): Promise<TCompanySettings> {
  const [row] = await db
    .select({
      name: companies.name,
      contactPerson: companies.contactPerson,
      address: companies.address,
      phone: companies.phone,
      email: companies.email,
      mcNumber: companies.mcNumber,
      dotNumber: companies.dotNumber,
      paymentTermsDays: companies.paymentTermsDays,
      taxRate: companies.taxRate,
      invoiceFooter: companies.invoiceFooter,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row;
}

/** The company profile (used on invoices) and the invoice defaults. */
export async function updateCompanySettings(scope: Scope, input: TCompanySettings) {
  await scope.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(companies.id, scope.companyId));
    await tx
      .update(profiles)
      .set({ companyName: input.name })
      .where(
        sql`${profiles.id} in (select ${user.id} from ${user} where ${user.companyId} = ${scope.companyId})`,
      );
  });
  return getCompanySettings(scope);
}

export function listTeam({ db, companyId }: Scope) {
  return db
    .select({
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(and(eq(user.companyId, companyId), eq(user.role, "admin")))
    .orderBy(asc(user.createdAt));
}

/** Another admin of the same company: a confirmed account with a random password; the caller sends the invitation. */
export async function createTeamAdmin(scope: Scope, input: { name: string; email: string }) {
  const { db, companyId } = scope;
  const email = input.email.toLowerCase();
  if (await loginEmailTaken(db, email)) throw new ApiError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const company = await getCompanySettings(scope);
  return db
    .transaction((tx) =>
      createUserWithAccount(tx, {
        companyId,
        email,
        password: randomBytes(24).toString("base64url"),
        role: "admin",
        name: input.name,
        companyName: company.name,
        contactPerson: input.name,
        emailVerified: true,
      }),
    )
    .catch((error: unknown) => {
      if (pgError(error)?.code === "23505") throw new ApiError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
      throw error;
    });
}

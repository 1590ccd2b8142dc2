import { companies, type Database, profiles, user } from "@pevo/db";
import { DEMO_ACCOUNTS } from "@pevo/db/seed";
import { type TMe, type TSignup, validSignupTimeZone } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { ConflictError } from "../../lib/domain-errors";
import { createCompanyWithAdmin, loginEmailTaken } from "./logins";

const isDemoLogin = (email: string) => Object.values(DEMO_ACCOUNTS).some((a) => a.email === email);

const DUPLICATE_EMAIL =
  "An account with this email already exists. Please use a different email or try logging in.";

/** Signup: the company and its first admin, together or not at all. */
export async function signUp(db: Database, input: TSignup) {
  if (await loginEmailTaken(db, input.email)) {
    throw new ConflictError(DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
  }
  try {
    return await createCompanyWithAdmin(db, { ...input, timeZone: validSignupTimeZone(input.timeZone) });
  } catch (error) {
    // Two signups racing for one address: the unique index decides.
    if (await loginEmailTaken(db, input.email))
      throw new ConflictError(DUPLICATE_EMAIL, { email: DUPLICATE_EMAIL });
    throw error;
  }
}

export async function getMe(db: Database, userId: string): Promise<TMe | null> {
  const [row] = await db
    .select({
      user,
      profile: profiles,
      company: { id: companies.id, name: companies.name, isDemo: companies.isDemo },
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .innerJoin(companies, eq(companies.id, user.companyId))
    // unscoped: the session's own login, before any company is known
    .where(eq(user.id, userId));
  if (!row) return null;
  const role = row.user.role === "pevo" ? "pevo" : "admin";
  return {
    user: {
      id: row.user.id,
      email: row.user.email,
      name: row.user.name,
      role,
      emailVerified: row.user.emailVerified,
    },
    profile: {
      role,
      companyName: row.profile.companyName,
      contactPerson: row.profile.contactPerson,
      firstName: row.profile.firstName,
      lastName: row.profile.lastName,
    },
    company: { id: row.company.id, name: row.company.name },
    // Only the two built-in demo logins are "demo accounts"; people the demo admin adds are not.
    demo: row.company.isDemo && isDemoLogin(row.user.email),
  };
}

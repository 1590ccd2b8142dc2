import { randomBytes } from "node:crypto";
import { companies, missingRow, profiles, user } from "@pevo/db";
import { EMAIL_NOT_INVITABLE, type TCompanySettings, type TeamSort, type TTeamListQuery } from "@pevo/shared";
import { eq, ilike, inArray, or, type SQLWrapper, sql } from "drizzle-orm";
import { ConflictError, isUniqueViolation, NotFoundError } from "../../lib/domain-errors";
import { countRows, likePattern, offsetPageOf, sortBy } from "../../lib/paging";
import { ownCompany, type Scope, scoped } from "../../lib/tenant";
import { withInvitationMail } from "./invitation-mails";
import { createUserWithAccount, deleteLogin, loginEmailTaken } from "./logins";

const EMAIL_TAKEN = EMAIL_NOT_INVITABLE;
export const TEAM_MEMBER_NOT_FOUND = "Team member not found";
const LAST_ADMIN = "The last admin of the company cannot be removed: add another admin first";

export async function getCompanySettings(scope: Scope): Promise<Required<TCompanySettings>> {
  const [row = missingRow("companies")] = await scope.db
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
      timeZone: companies.timeZone,
      invoiceReminders: companies.invoiceReminders,
      credentialExpiryEmails: companies.credentialExpiryEmails,
    })
    .from(companies)
    .where(ownCompany(scope));
  return row;
}

/**
 * The company profile (used on invoices), the invoice defaults and the time zone (left out: kept).
 * Pickup reminders already scheduled follow a new zone when they run (domain/dispatches/pickup-reminders.ts).
 */
export async function updateCompanySettings(scope: Scope, input: TCompanySettings) {
  await scope.db.transaction(async (tx) => {
    await tx
      .update(companies)
      .set({ ...input, updatedAt: new Date() })
      .where(ownCompany(scope));
    const logins = tx.select({ id: user.id }).from(user).where(scoped(user, scope));
    // unscoped: profiles have no company_id; the logins of the company are the scoped subquery
    await tx.update(profiles).set({ companyName: input.name }).where(inArray(profiles.id, logins));
  });
  return getCompanySettings(scope);
}

const TEAM_SORTS: Record<TeamSort, SQLWrapper[]> = {
  name: [sql`lower(${user.name})`],
  email: [sql`lower(${user.email})`],
  createdAt: [user.createdAt],
};

/** A page of the company's admins (the team), sorted and searched by name or email. */
export function listTeam(scope: Scope, params: TTeamListQuery) {
  const pattern = params.q ? likePattern(params.q) : undefined;
  const where = scoped(
    user,
    scope,
    eq(user.role, "admin"),
    pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
  );
  return offsetPageOf(params, {
    rows: (limit, offset) =>
      scope.db
        .select({
          id: user.id,
          userId: user.id,
          name: user.name,
          email: user.email,
          emailVerified: user.emailVerified,
          createdAt: user.createdAt,
        })
        .from(user)
        .where(where)
        .orderBy(...sortBy(TEAM_SORTS[params.sort], params.dir, user.id))
        .limit(limit)
        .offset(offset)
        .then((rows) => withInvitationMail(scope, rows)),
    count: (cap) => countRows(scope.db, user, where, cap),
  });
}

/** Another admin of the same company: a confirmed account with a random password; the caller sends the invitation. */
export async function createTeamAdmin(scope: Scope, input: { name: string; email: string }) {
  const { db, companyId } = scope;
  const email = input.email.toLowerCase();
  if (await loginEmailTaken(db, email)) throw new ConflictError(EMAIL_TAKEN, { email: EMAIL_TAKEN });
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
      if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      throw error;
    });
}

/**
 * Removes an admin of the company: the login is deleted (its password and sessions go with it, so
 * they are signed out at once and cannot sign in again; the email can be invited again). What they
 * made stays: created_by and the activity's actor become null. Removing yourself is allowed while
 * another admin remains; the last admin cannot be removed. The company's admin rows are locked,
 * so two admins removing each other at once cannot leave the company without one.
 */
export async function removeTeamMember(scope: Scope, { userId }: { userId: string }) {
  await scope.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: user.id })
      .from(user)
      .where(scoped(user, scope, eq(user.role, "admin")))
      .for("update");
    if (!admins.some((a) => a.id === userId)) throw new NotFoundError(TEAM_MEMBER_NOT_FOUND);
    if (admins.length <= 1) throw new ConflictError(LAST_ADMIN);
    await deleteLogin(tx, scope, userId);
  });
}

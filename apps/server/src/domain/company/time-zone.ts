import { companies, type Executor, missingRow } from "@pevo/db";
import { type CompanyId, ownCompany } from "../../lib/tenant";

/**
 * The company's IANA time zone (Settings; default from the browser at signup): pickup dates and
 * times, due dates and reminders are wall-clock times of it (lib/zoned-time.ts converts them).
 */
export async function companyTimeZone(db: Executor, scope: { companyId: CompanyId }): Promise<string> {
  const [company = missingRow("companies")] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(ownCompany(scope));
  return company.timeZone;
}

/**
 * Whether the company sends credential expiry emails (Settings → Notifications, on by default):
 * the reminders to the PEVO and the office and the admins' daily digest check it when they run.
 */
export async function credentialExpiryEmailsOn(
  db: Executor,
  scope: { companyId: CompanyId },
): Promise<boolean> {
  const [company = missingRow("companies")] = await db
    .select({ on: companies.credentialExpiryEmails })
    .from(companies)
    .where(ownCompany(scope));
  return company.on;
}

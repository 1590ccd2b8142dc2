/**
 * When the admins' daily credentials digest (digest.ts) runs: one durable job
 * per company (lib/jobs.ts), key `credentials-digest`, at DIGEST_TIME in the company's time zone.
 * Every company needs it from its first day: signup schedules it (domain/company/logins.ts),
 * start-up makes it for companies without one, and recording a credential makes sure it is there.
 */
import { companies, type Database, type Executor, jobs } from "@pevo/db";
import { and, eq, notExists } from "drizzle-orm";
import { companyIdOfCompany } from "../../lib/company-id";
import { addDaysIso } from "../../lib/dates";
import { schedule } from "../../lib/jobs";
import { type CompanyId, scoped } from "../../lib/tenant";
import { zonedDate, zonedTimeToUtc } from "../../lib/zoned-time";
import { companyTimeZone } from "../company";
import { scheduleExpiryReminders } from "./reminders";

export const CREDENTIALS_DIGEST = "credentials-digest";
/** Local time of the digest. */
const DIGEST_TIME = "07:00";

/** The first DIGEST_TIME in the zone strictly after `now`. */
export function nextDigestInstant(timeZone: string, now: Date): Date {
  const today = zonedDate(timeZone, now);
  const at = zonedTimeToUtc(today, DIGEST_TIME, timeZone);
  return at.getTime() > now.getTime() ? at : zonedTimeToUtc(addDaysIso(today, 1), DIGEST_TIME, timeZone);
}

/** Schedules the company's digest unless it is already pending. Call in a write's transaction. */
export async function ensureCredentialDigest(
  tx: Executor,
  scope: { companyId: CompanyId },
  now = new Date(),
) {
  const [pending] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(scoped(jobs, scope, eq(jobs.key, CREDENTIALS_DIGEST), eq(jobs.status, "pending")));
  if (pending) return;
  const runAt = nextDigestInstant(await companyTimeZone(tx, scope), now);
  await schedule(tx, scope, { kind: CREDENTIALS_DIGEST, key: CREDENTIALS_DIGEST, runAt, payload: {} });
}

/** At start-up: every company without a pending digest gets one. */
export async function ensureAllCredentialDigests(db: Database, now = new Date()) {
  const missing = await db
    .select({ id: companies.id })
    .from(companies)
    // unscoped: the start-up pass serves every company
    .where(
      notExists(
        db
          .select({ id: jobs.id })
          .from(jobs)
          // unscoped: each company's own jobs (matched on companies.id)
          .where(
            and(
              eq(jobs.companyId, companies.id),
              eq(jobs.key, CREDENTIALS_DIGEST),
              eq(jobs.status, "pending"),
            ),
          ),
      ),
    );
  for (const company of missing) {
    await db.transaction((tx) => ensureCredentialDigest(tx, { companyId: companyIdOfCompany(company) }, now));
  }
}

/** At start-up: the expiry reminders' pass (reminders.ts) for every company, one transaction each. */
export async function scheduleAllExpiryReminders(db: Database, now = new Date()) {
  // unscoped: the start-up pass serves every company
  const all = await db.select({ id: companies.id }).from(companies);
  for (const company of all) {
    await db.transaction((tx) =>
      scheduleExpiryReminders(tx, { companyId: companyIdOfCompany(company) }, { now }),
    );
  }
}

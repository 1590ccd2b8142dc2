/**
 * Removing a company and everything it owns: the one way to do it (npm run db:reset-demo uses it).
 * An explicit function rather than ON DELETE CASCADE from `companies`: the tenant references between
 * tables are partly RESTRICT (business.ts), which a cascade from the company would trip over in an
 * order PostgreSQL picks; the stored files are outside the database anyway; and mail and login
 * tokens carry no company column. See docs/DECISIONS.md "Tenancy and accounts" (removing a company).
 *
 * One transaction deletes the rows, children before parents (a table whose rows go with a parent by
 * ON DELETE CASCADE is still named, so the order does not depend on that); then the company's stored
 * files go, prefix and all (uploads in any state: stored, queued for removal, partial). A table added
 * later with a company_id and a RESTRICT reference makes the removal fail in company-removal.test.ts,
 * which checks every table with a company_id column, until it is named here.
 */
import {
  activityEvents,
  clientCreditEntries,
  clients,
  companies,
  creditNoteLines,
  creditNotes,
  customRates,
  type Database,
  dispatchDayCounts,
  dispatchEvents,
  dispatches,
  documentFileDeletions,
  documents,
  invoiceJobs,
  invoiceLineItems,
  invoiceOpenBalances,
  invoices,
  jobLogEntries,
  jobs,
  mailOutbox,
  paidCompensationYears,
  payments,
  payPlans,
  permits,
  pevoCertifications,
  pevoCredentialVersions,
  pevoInsurance,
  pevos,
  pevoTaxProfiles,
  pevoVehicles,
  positions,
  publicLinks,
  rateConfirmations,
  safetyChecklists,
  safetyMeetings,
  settlementAdjustments,
  settlementJobs,
  settlements,
  signatureRequests,
  standardRates,
  taxYearSettings,
  tripLogDeletions,
  tripLogExpenses,
  tripLogs,
  user,
  verification,
} from "@pevo/db";
import { eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FileStorage } from "./storage";

/** Tenant tables, children before parents. */
const OWNED: { table: PgTable; companyId: PgColumn }[] = [
  settlementAdjustments,
  settlementJobs,
  settlements,
  // Emptied by settlement_jobs' and settlement_adjustments' triggers above; named all the same.
  paidCompensationYears,
  payPlans,
  clientCreditEntries,
  payments,
  invoiceJobs,
  creditNoteLines,
  creditNotes,
  invoiceLineItems,
  invoiceOpenBalances,
  invoices,
  tripLogDeletions,
  tripLogExpenses,
  tripLogs,
  safetyMeetings,
  jobLogEntries,
  dispatchEvents,
  // Its trigger queues each stored object in document_file_deletions (emptied below).
  documents,
  dispatches,
  dispatchDayCounts,
  signatureRequests,
  publicLinks,
  permits,
  positions,
  customRates,
  rateConfirmations,
  standardRates,
  clients,
  pevoCredentialVersions,
  pevoCertifications,
  pevoInsurance,
  pevoVehicles,
  pevoTaxProfiles,
  pevos,
  taxYearSettings,
  safetyChecklists,
  activityEvents,
  // After documents: deleting one schedules the purge job and queues its object.
  jobs,
  documentFileDeletions,
].map((table) => ({ table, companyId: table.companyId }));

export type RemovedCompany = { logins: number };

/**
 * Deletes the company's rows (its logins with their sessions, accounts, profiles and settings, their
 * pending password-reset and invitation tokens, and the outbox mail addressed to them), then its
 * stored files. Rate limit rows are keyed by client address and email, not by company, and expire
 * with their window (a minute). Throws when the company does not exist.
 */
export async function removeCompany(
  deps: { db: Database; storage: FileStorage },
  companyId: string,
): Promise<RemovedCompany> {
  const logins = await deps.db.transaction(async (tx) => {
    // The company row locked first: a concurrent insert of one of its rows (a request, a job) waits
    // on its foreign key until this commits, then fails it, so nothing of the company is left behind.
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      // unscoped: the company being removed is the condition itself (no caller's scope)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!company) throw new Error(`No company ${companyId}`);
    const users = await tx
      .select({ id: user.id, email: user.email })
      .from(user)
      // unscoped: the company being removed is the condition itself (no caller's scope)
      .where(eq(user.companyId, companyId));
    // unscoped: the company being removed is the condition itself (no caller's scope)
    for (const { table, companyId: column } of OWNED) await tx.delete(table).where(eq(column, companyId));
    if (users.length > 0) {
      // Better Auth keeps a reset / invitation token as identifier "reset-password:<token>", value the user id.
      // unscoped: the company being removed is the condition itself (no caller's scope)
      await tx.delete(verification).where(
        inArray(
          verification.value,
          users.map((u) => u.id),
        ),
      );
      // unscoped: the company being removed is the condition itself (no caller's scope)
      await tx.delete(mailOutbox).where(
        inArray(
          mailOutbox.to,
          users.map((u) => u.email),
        ),
      );
    }
    // Sessions, accounts, profiles and settings go with their user (ON DELETE CASCADE).
    // unscoped: the company being removed is the condition itself (no caller's scope)
    await tx.delete(user).where(eq(user.companyId, companyId));
    // unscoped: the company being removed is the condition itself (no caller's scope)
    await tx.delete(companies).where(eq(companies.id, companyId));
    return users.length;
  });
  // After the commit: files removed before it would be lost if the transaction failed.
  await deps.storage.removeCompanyFiles(companyId);
  return { logins };
}

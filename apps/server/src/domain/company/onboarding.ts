/**
 * A new company's first steps (DECISIONS 'Company set-up and logo'): the first-sign-in set-up
 * (shown until it is done or skipped) and the dashboard's "Get started" checklist, whose ticks are
 * computed from the company's own data (never stored), shown until every step is done or it is
 * dismissed. Both flags are set at signup (logins.ts), so seeded and demo companies never see them.
 */
import { companies, type Executor, missingRow } from "@pevo/db";
import type { TOnboarding } from "@pevo/shared";
import { type CompanyId, ownCompany } from "../../lib/tenant";
import { hasClients } from "../clients";
import { hasDispatches } from "../dispatches";
import { hasInvoices } from "../invoices";
import { hasPevos } from "../pevos";
import { hasRateConfirmations } from "../rate-confirmations";
import { logoUrl } from "./logo";

type Scope = { db: Executor; companyId: CompanyId };

export async function getOnboarding(scope: Scope, appUrl: string): Promise<TOnboarding> {
  const [company = missingRow("companies")] = await scope.db
    .select({
      setupPending: companies.setupPending,
      checklistOpen: companies.checklistOpen,
      logoKey: companies.logoKey,
    })
    .from(companies)
    .where(ownCompany(scope));
  // Each step is asked of the table's owner (ADR 0011).
  const [client, pevo, rateConfirmation, dispatch, invoice] = await Promise.all([
    hasClients(scope),
    hasPevos(scope),
    hasRateConfirmations(scope),
    hasDispatches(scope),
    hasInvoices(scope),
  ]);
  const steps = { client, pevo, rateConfirmation, dispatch, invoice };
  return {
    setupPending: company.setupPending,
    // Gone for good once every step is done, or when dismissed.
    checklistOpen: company.checklistOpen && !Object.values(steps).every(Boolean),
    steps,
    logoUrl: logoUrl(appUrl, company.logoKey),
  };
}

/** The set-up was finished or skipped: it is not shown again. */
export async function finishSetup(scope: Scope) {
  await scope.db.update(companies).set({ setupPending: false }).where(ownCompany(scope));
}

/** The checklist was dismissed: it is not shown again. */
export async function dismissChecklist(scope: Scope) {
  await scope.db.update(companies).set({ checklistOpen: false }).where(ownCompany(scope));
}

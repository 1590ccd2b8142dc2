/**
 * A new company's first steps (DECISIONS 'Company set-up and logo'): the first-sign-in set-up
 * (shown until it is done or skipped) and the dashboard's "Get started" checklist, whose ticks are
 * computed from the company's own data (never stored), shown until every step is done or it is
 * dismissed. Both flags are set at signup (logins.ts), so seeded and demo companies never see them.
 */
import {
  clients,
  companies,
  dispatches,
  type Executor,
  invoices,
  missingRow,
  pevos,
  rateConfirmations,
} from "@pevo/db";
import type { TOnboarding } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { type CompanyId, ownCompany } from "../../lib/tenant";
import { logoUrl } from "./logo";

type Scope = { db: Executor; companyId: CompanyId };

/** `exists (select 1 from <table> where company_id = <the company>)`: at least one row of it. */
const anyOf = (
  table: typeof clients | typeof pevos | typeof rateConfirmations | typeof dispatches | typeof invoices,
  companyId: CompanyId,
) => sql<boolean>`exists (select 1 from ${table} where ${table.companyId} = ${companyId})`;

export async function getOnboarding(scope: Scope, appUrl: string): Promise<TOnboarding> {
  const [company = missingRow("companies")] = await scope.db
    .select({
      setupPending: companies.setupPending,
      checklistOpen: companies.checklistOpen,
      logoKey: companies.logoKey,
    })
    .from(companies)
    .where(ownCompany(scope));
  const [steps = missingRow("companies")] = await scope.db
    .select({
      client: anyOf(clients, scope.companyId),
      pevo: anyOf(pevos, scope.companyId),
      rateConfirmation: anyOf(rateConfirmations, scope.companyId),
      dispatch: anyOf(dispatches, scope.companyId),
      invoice: anyOf(invoices, scope.companyId),
    })
    .from(companies)
    .where(ownCompany(scope));
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

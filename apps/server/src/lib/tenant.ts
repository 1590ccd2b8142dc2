import { companies, type Database, type Executor } from "@pevo/db";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

declare const companyIdBrand: unique symbol;
/**
 * A company id that came from a credential (a signed-in session, a public link's token), from a row
 * written under a scope, or a test fixture: services take only this, never a plain string. Made
 * only in lib/company-id.ts, which says why each maker's id can be trusted.
 */
export type CompanyId = string & { readonly [companyIdBrand]: "CompanyId" };

/** What every service function gets: the database and the caller's company (never optional). */
export type Scope = { db: Database; companyId: CompanyId; userId: string };

/** Any tenant table: it has a company_id column. */
type TenantTable = { companyId: PgColumn };

/**
 * The company filter of every tenant query: `table.company_id = scope.companyId AND ...conditions`.
 *
 *   db.select().from(pevos).where(scoped(pevos, scope, eq(pevos.id, id)))
 *
 * Joins between tenant tables may match on the id alone: the composite (company_id, x_id)
 * references guarantee that a row only points at rows of its own company.
 */
export function scoped(
  table: TenantTable,
  scope: { companyId: CompanyId },
  ...conditions: (SQL | undefined)[]
) {
  return and(eq(table.companyId, scope.companyId), ...conditions) as SQL;
}

/** The caller's own company row: `companies.id = scope.companyId`. */
export const ownCompany = (scope: { companyId: CompanyId }) => eq(companies.id, scope.companyId);

/**
 * Whether the company has at least one row of its table (the "Get started" checklist's ticks). Each
 * owner exports its own `has…` so no other module reads its table (ADR 0011).
 */
export async function companyHasAny(
  scope: { db: Executor; companyId: CompanyId },
  table: PgTable & TenantTable,
) {
  const rows = await scope.db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(scoped(table, scope))
    .limit(1);
  return rows.length > 0;
}

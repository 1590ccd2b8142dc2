import { companies, type Executor } from "@pevo/db";
import { type CompanyId, ownCompany } from "../../lib/tenant";

/** The company's name (an admin's invitation mail names it), or null when there is no such company. */
export async function companyName(db: Executor, scope: { companyId: CompanyId }): Promise<string | null> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(ownCompany(scope));
  return company?.name ?? null;
}

import { companies, type Executor } from "@pevo/db";
import { eq } from "drizzle-orm";

/** The ids of the demo companies (npm run db:reset-demo removes and seeds them again). */
export async function demoCompanyIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    // unscoped: the command-line reset acts for no company; it looks for the demo ones
    .where(eq(companies.isDemo, true));
  return rows.map((row) => row.id);
}

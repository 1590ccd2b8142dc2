/**
 * The company's factoring company (Settings → Factoring; DECISIONS 'Quick pay and factoring'): read
 * by the invoice when it is marked factored, which keeps its own copy. A change is an activity event.
 */
import { companies, type Executor, missingRow } from "@pevo/db";
import type { TFactoringSettings } from "@pevo/shared";
import { type CompanyId, ownCompany, type Scope } from "../../lib/tenant";
import { recordActivity } from "../activity";

const columns = {
  name: companies.factorName,
  email: companies.factorEmail,
  remitTo: companies.factorRemitTo,
  notice: companies.factorNotice,
};

export async function getFactoringSettings(scope: {
  db: Executor;
  companyId: CompanyId;
}): Promise<TFactoringSettings> {
  const [row = missingRow("companies")] = await scope.db
    .select(columns)
    .from(companies)
    .where(ownCompany(scope));
  return row;
}

export async function updateFactoringSettings(scope: Scope, input: TFactoringSettings) {
  return scope.db.transaction(async (tx) => {
    const before = await getFactoringSettings({ db: tx, companyId: scope.companyId });
    const [row = missingRow("companies")] = await tx
      .update(companies)
      .set({
        factorName: input.name,
        factorEmail: input.email,
        factorRemitTo: input.remitTo,
        factorNotice: input.notice,
        updatedAt: new Date(),
      })
      .where(ownCompany(scope))
      .returning(columns);
    if (
      before.name !== row.name ||
      before.email !== row.email ||
      before.remitTo !== row.remitTo ||
      before.notice !== row.notice
    ) {
      await recordActivity(tx, scope, {
        actorId: scope.userId,
        type: "factoring_changed",
        message: row.name
          ? `Factoring company set to ${row.name}${before.name && before.name !== row.name ? ` (was ${before.name})` : ""}`
          : `Factoring company ${before.name ?? ""} removed`.replace("  ", " "),
      });
    }
    return row;
  });
}

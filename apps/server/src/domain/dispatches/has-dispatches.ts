import { dispatches, type Executor } from "@pevo/db";
import { type CompanyId, companyHasAny } from "../../lib/tenant";

/** Whether the company has a dispatch (DECISIONS 'Company set-up and logo': the "Get started" checklist). */
export const hasDispatches = (scope: { db: Executor; companyId: CompanyId }) =>
  companyHasAny(scope, dispatches);

import { type Executor, rateConfirmations } from "@pevo/db";
import { type CompanyId, companyHasAny } from "../../lib/tenant";

/** Whether the company has a rate confirmation (DECISIONS 'Company set-up and logo': the "Get started" checklist). */
export const hasRateConfirmations = (scope: { db: Executor; companyId: CompanyId }) =>
  companyHasAny(scope, rateConfirmations);

import { type Executor, pevos } from "@pevo/db";
import { type CompanyId, companyHasAny } from "../../lib/tenant";

/** Whether the company has a PEVO (DECISIONS 'Company set-up and logo': the "Get started" checklist). */
export const hasPevos = (scope: { db: Executor; companyId: CompanyId }) => companyHasAny(scope, pevos);

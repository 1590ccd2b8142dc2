import { clients, type Executor } from "@pevo/db";
import { type CompanyId, companyHasAny } from "../../lib/tenant";

/** Whether the company has a client (DECISIONS 'Company set-up and logo': the "Get started" checklist). */
export const hasClients = (scope: { db: Executor; companyId: CompanyId }) => companyHasAny(scope, clients);

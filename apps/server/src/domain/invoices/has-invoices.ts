import { type Executor, invoices } from "@pevo/db";
import { type CompanyId, companyHasAny } from "../../lib/tenant";

/** Whether the company has an invoice (DECISIONS 'Company set-up and logo': the "Get started" checklist). */
export const hasInvoices = (scope: { db: Executor; companyId: CompanyId }) => companyHasAny(scope, invoices);

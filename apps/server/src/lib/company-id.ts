/**
 * The makers of a CompanyId (ADR 0005): the only code that turns a string into one, each named for
 * why its id is the company the work is done for. `lib/company-id.test.ts` fails on a cast anywhere
 * else and on an import of this file by code not listed there.
 */
import type { CompanyId } from "./tenant";

/** The one cast. */
const brand = (id: string) => id as CompanyId;

/**
 * The company a credential names: the signed-in user's session (the session middleware,
 * http/session.ts) or a public link's token (domain/public-links: the token is the credential).
 */
export const companyIdFromCredential = (id: string) => brand(id);

/**
 * The company of a row that was written under a scope: its company_id came from a CompanyId (a job
 * row is inserted by `schedule(tx, scope, ...)`), so the code that claims the row acts for it.
 */
export const companyIdOfScopedRow = (row: { companyId: string }) => brand(row.companyId);

/**
 * A company's own row, when the system acts for that company with no caller: signup has just
 * created it, or a start-up pass walks every company.
 */
export const companyIdOfCompany = (company: { id: string }) => brand(company.id);

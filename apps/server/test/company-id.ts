/**
 * The tests' CompanyId: a fixture's company (from a signup in the harness, or a row a test made).
 * Tests forge one here and nowhere else (lib/company-id.test.ts).
 */
import { companyIdFromCredential } from "../src/lib/company-id";

export const asCompanyId = (id: string) => companyIdFromCredential(id);

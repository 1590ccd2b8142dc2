import type { CompanyId } from "../lib/tenant";

/**
 * The one maker of a CompanyId: the session middleware (from the signed-in user) and the tests'
 * fixtures. Services receive it inside their Scope and must not import this file (biome refuses it).
 */
export const asCompanyId = (id: string) => id as CompanyId;

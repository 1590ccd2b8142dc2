import { pevos } from "@pevo/db";
import { between, isNotNull } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";

/** The PEVOs whose driver's licence (`certification_expiry`) expires between two days (the calendar shows them). */
export async function certificationExpiriesBetween(scope: Scope, from: string, to: string) {
  const rows = await scope.db
    .select({
      id: pevos.id,
      date: pevos.certificationExpiry,
      firstName: pevos.firstName,
      lastName: pevos.lastName,
    })
    .from(pevos)
    .where(
      scoped(
        pevos,
        scope,
        isNotNull(pevos.certificationExpiry),
        between(pevos.certificationExpiry, from, to),
      ),
    );
  return rows.map(({ firstName, lastName, ...e }) => ({ ...e, pevoName: `${firstName} ${lastName}` }));
}

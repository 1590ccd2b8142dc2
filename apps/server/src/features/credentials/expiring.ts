/**
 * Credentials that are expired or expire within CREDENTIAL_WARNING_DAYS: the driver's licence
 * (pevos.certification_expiry), state certifications and insurance of the company's active PEVOs.
 * Read by the dashboard card, the PEVO list's hints and the admins' daily digest.
 */
import { type Executor, pevoCertifications, pevoInsurance, pevos } from "@pevo/db";
import { CREDENTIAL_WARNING_DAYS, INSURANCE_TYPE_LABELS, type TExpiringCredential } from "@pevo/shared";
import { asc, eq, isNotNull, lte } from "drizzle-orm";
import { addDaysIso } from "../../lib/dates";
import { type CompanyId, scoped } from "../../lib/tenant";

/** At most this many rows (a company with more has bigger problems than a long card). */
const MAX_ROWS = 500;

/** Whole days from `from` to `to` (YYYY-MM-DD calendar dates). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export async function listExpiringCredentials(
  db: Executor,
  scope: { companyId: CompanyId },
  today: string,
  withinDays: number = CREDENTIAL_WARNING_DAYS,
): Promise<TExpiringCredential[]> {
  const until = addDaysIso(today, withinDays);
  const active = eq(pevos.status, "active");
  const name = { first: pevos.firstName, last: pevos.lastName };
  const [licences, certifications, insurance] = await Promise.all([
    db
      .select({ pevoId: pevos.id, ...name, expiresOn: pevos.certificationExpiry })
      .from(pevos)
      .where(
        scoped(
          pevos,
          scope,
          active,
          isNotNull(pevos.certificationExpiry),
          lte(pevos.certificationExpiry, until),
        ),
      )
      .orderBy(asc(pevos.certificationExpiry))
      .limit(MAX_ROWS),
    db
      .select({
        pevoId: pevos.id,
        ...name,
        expiresOn: pevoCertifications.expiresOn,
        state: pevoCertifications.state,
      })
      .from(pevoCertifications)
      .innerJoin(pevos, eq(pevos.id, pevoCertifications.pevoId))
      .where(scoped(pevoCertifications, scope, active, lte(pevoCertifications.expiresOn, until)))
      .orderBy(asc(pevoCertifications.expiresOn))
      .limit(MAX_ROWS),
    db
      .select({ pevoId: pevos.id, ...name, expiresOn: pevoInsurance.expiresOn, type: pevoInsurance.type })
      .from(pevoInsurance)
      .innerJoin(pevos, eq(pevos.id, pevoInsurance.pevoId))
      .where(scoped(pevoInsurance, scope, active, lte(pevoInsurance.expiresOn, until)))
      .orderBy(asc(pevoInsurance.expiresOn))
      .limit(MAX_ROWS),
  ]);
  const item = (
    row: { pevoId: string; first: string; last: string; expiresOn: string | null },
    kind: TExpiringCredential["kind"],
    label: string,
  ): TExpiringCredential => {
    const expiresOn = row.expiresOn as string;
    return {
      pevoId: row.pevoId,
      pevoName: `${row.first} ${row.last}`,
      kind,
      label,
      expiresOn,
      daysLeft: daysBetween(today, expiresOn),
    };
  };
  return [
    ...licences.map((r) => item(r, "licence", "Driver's licence")),
    ...certifications.map((r) => item(r, "certification", `${r.state} certification`)),
    ...insurance.map((r) => item(r, "insurance", `${INSURANCE_TYPE_LABELS[r.type]} insurance`)),
  ]
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.pevoName.localeCompare(b.pevoName))
    .slice(0, MAX_ROWS);
}

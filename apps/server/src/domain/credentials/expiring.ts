/**
 * Credentials that are expired or expire within CREDENTIAL_WARNING_DAYS: the driver's licence
 * (pevos.certification_expiry), state certifications and insurance of the company's active PEVOs.
 * Read by the dashboard card, the PEVO list's hints and the admins' daily digest.
 *
 * Only current credentials count (see {@link isCurrentCredential}): a renewed certificate replaces
 * the old one, and a rejected one proves nothing, so neither keeps an alert alive.
 *
 * Active PEVOs only, on purpose: an inactive PEVO is not dispatched (the pickers list active PEVOs
 * and a dispatch refuses an inactive one), so their expiries need no action until they are active
 * again, when they show up here at once.
 */
import { type Executor, pevoCertifications, pevoInsurance, pevos } from "@pevo/db";
import { CREDENTIAL_WARNING_DAYS, INSURANCE_TYPE_LABELS, type TExpiringCredential } from "@pevo/shared";
import { and, asc, eq, gt, isNotNull, lte, ne, notExists, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { addDaysIso, daysBetween } from "../../lib/dates";
import { type CompanyId, scoped } from "../../lib/tenant";

/** At most this many rows (a company with more has bigger problems than a long card). */
const MAX_ROWS = 500;

type CredentialTable = typeof pevoCertifications | typeof pevoInsurance;
const newerCertification = alias(pevoCertifications, "newer_certification");
const newerInsurance = alias(pevoInsurance, "newer_insurance");

/**
 * The row is the PEVO's current credential of its kind: not rejected, and no other approved one of
 * the same PEVO for the same state (certification) or type (insurance) expires later (same expiry:
 * the higher id). A renewal waiting for review does not retire it: the approved one stays in force
 * until the new one is approved (DECISIONS 'Credential versions'). A PEVO's change of the credential
 * itself is a version (versions.ts) and never touches the row until approved.
 */
export function isCurrentCredential(db: Executor, table: CredentialTable) {
  const certification = table === pevoCertifications;
  const newer = certification ? newerCertification : newerInsurance;
  const sameKind = certification
    ? eq(newerCertification.state, pevoCertifications.state)
    : eq(newerInsurance.type, pevoInsurance.type);
  return and(
    ne(table.reviewStatus, "rejected"),
    notExists(
      db
        .select({ id: newer.id })
        .from(newer)
        // unscoped: the outer row's own company and PEVO (matched on its columns)
        .where(
          and(
            eq(newer.companyId, table.companyId),
            eq(newer.pevoId, table.pevoId),
            sameKind,
            eq(newer.reviewStatus, "approved"),
            or(
              gt(newer.expiresOn, table.expiresOn),
              and(eq(newer.expiresOn, table.expiresOn), gt(newer.id, table.id)),
            ),
          ),
        ),
    ),
  );
}

export async function listExpiringCredentials(
  scope: { db: Executor; companyId: CompanyId },
  today: string,
  withinDays: number = CREDENTIAL_WARNING_DAYS,
): Promise<TExpiringCredential[]> {
  const { db } = scope;
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
      .where(
        scoped(
          pevoCertifications,
          scope,
          active,
          lte(pevoCertifications.expiresOn, until),
          isCurrentCredential(db, pevoCertifications),
        ),
      )
      .orderBy(asc(pevoCertifications.expiresOn))
      .limit(MAX_ROWS),
    db
      .select({ pevoId: pevos.id, ...name, expiresOn: pevoInsurance.expiresOn, type: pevoInsurance.type })
      .from(pevoInsurance)
      .innerJoin(pevos, eq(pevos.id, pevoInsurance.pevoId))
      .where(
        scoped(
          pevoInsurance,
          scope,
          active,
          lte(pevoInsurance.expiresOn, until),
          isCurrentCredential(db, pevoInsurance),
        ),
      )
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

/**
 * Credentials that are expired or expire within CREDENTIAL_WARNING_DAYS: the driver's licence
 * (pevos.certification_expiry), state certifications and insurance of the company's active PEVOs.
 * Read by the dashboard card, the PEVO list's hints, the admins' daily digest and the expiry
 * reminder mails (expiry-reminders.ts), all through {@link currentExpiries}.
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
import { and, asc, eq, gt, gte, isNotNull, lte, ne, notExists, or } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
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
function isCurrentCredential(db: Executor, table: CredentialTable) {
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

/** A kind of credential that expires (the escort vehicle has no expiry). */
export type ExpiringKind = TExpiringCredential["kind"];

/** One current credential's expiry, as the card, the digest and the expiry reminders read it. */
export type CredentialExpiry = {
  kind: ExpiringKind;
  /** The certification's or the policy's id; the PEVO's id for the driver's licence. */
  id: string;
  pevoId: string;
  pevoName: string;
  /** "TX certification", "Auto liability insurance", "Driver's licence". */
  label: string;
  /** The certificate, policy or licence number (null: a licence recorded without one). */
  number: string | null;
  expiresOn: string;
};

/**
 * THE reading of credential expiries: the current credentials (see {@link isCurrentCredential}) of
 * the company's active PEVOs that expire in [from, until], or only the one credential `only` names.
 * Every expiry the product acts on (dashboard card, PEVO list, daily digest, the 30 / 7 / 0-day
 * reminder mails and their check when they run) comes from here, so what counts as a credential's
 * expiry is decided in one place.
 */
export async function currentExpiries(
  scope: { db: Executor; companyId: CompanyId },
  range: { from?: string; until: string; only?: { kind: ExpiringKind; id: string } },
  limit = MAX_ROWS,
): Promise<CredentialExpiry[]> {
  const { db } = scope;
  const { only } = range;
  const wanted = (kind: ExpiringKind) => !only || only.kind === kind;
  const active = eq(pevos.status, "active");
  const name = { first: pevos.firstName, last: pevos.lastName };
  const within = (column: AnyPgColumn) =>
    and(lte(column, range.until), range.from ? gte(column, range.from) : undefined);
  const [licences, certifications, insurance] = await Promise.all([
    !wanted("licence")
      ? []
      : db
          .select({
            id: pevos.id,
            pevoId: pevos.id,
            ...name,
            number: pevos.licenseNumber,
            expiresOn: pevos.certificationExpiry,
          })
          .from(pevos)
          .where(
            scoped(
              pevos,
              scope,
              active,
              isNotNull(pevos.certificationExpiry),
              within(pevos.certificationExpiry),
              only ? eq(pevos.id, only.id) : undefined,
            ),
          )
          .orderBy(asc(pevos.certificationExpiry))
          .limit(limit),
    !wanted("certification")
      ? []
      : db
          .select({
            id: pevoCertifications.id,
            pevoId: pevos.id,
            ...name,
            number: pevoCertifications.certificateNumber,
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
              within(pevoCertifications.expiresOn),
              isCurrentCredential(db, pevoCertifications),
              only ? eq(pevoCertifications.id, only.id) : undefined,
            ),
          )
          .orderBy(asc(pevoCertifications.expiresOn))
          .limit(limit),
    !wanted("insurance")
      ? []
      : db
          .select({
            id: pevoInsurance.id,
            pevoId: pevos.id,
            ...name,
            number: pevoInsurance.policyNumber,
            expiresOn: pevoInsurance.expiresOn,
            type: pevoInsurance.type,
          })
          .from(pevoInsurance)
          .innerJoin(pevos, eq(pevos.id, pevoInsurance.pevoId))
          .where(
            scoped(
              pevoInsurance,
              scope,
              active,
              within(pevoInsurance.expiresOn),
              isCurrentCredential(db, pevoInsurance),
              only ? eq(pevoInsurance.id, only.id) : undefined,
            ),
          )
          .orderBy(asc(pevoInsurance.expiresOn))
          .limit(limit),
  ]);
  const item = (
    row: {
      id: string;
      pevoId: string;
      first: string;
      last: string;
      number: string | null;
      expiresOn: string | null;
    },
    kind: ExpiringKind,
    label: string,
  ): CredentialExpiry => ({
    kind,
    id: row.id,
    pevoId: row.pevoId,
    pevoName: `${row.first} ${row.last}`,
    label,
    number: row.number,
    expiresOn: row.expiresOn as string,
  });
  return [
    ...licences.map((r) => item(r, "licence", "Driver's licence")),
    ...certifications.map((r) => item(r, "certification", `${r.state} certification`)),
    ...insurance.map((r) => item(r, "insurance", `${INSURANCE_TYPE_LABELS[r.type]} insurance`)),
  ]
    .sort((a, b) => a.expiresOn.localeCompare(b.expiresOn) || a.pevoName.localeCompare(b.pevoName))
    .slice(0, limit);
}

export async function listExpiringCredentials(
  scope: { db: Executor; companyId: CompanyId },
  today: string,
  withinDays: number = CREDENTIAL_WARNING_DAYS,
): Promise<TExpiringCredential[]> {
  const expiries = await currentExpiries(scope, { until: addDaysIso(today, withinDays) });
  return expiries.map((e) => ({
    pevoId: e.pevoId,
    pevoName: e.pevoName,
    kind: e.kind,
    label: e.label,
    expiresOn: e.expiresOn,
    daysLeft: daysBetween(today, e.expiresOn),
  }));
}

/**
 * The current state certifications and insurance policies of active PEVOs expiring in [from, to]:
 * the calendar's all-day "credential expiries" (the driver's licence has its own list there).
 */
export async function credentialExpiriesBetween(
  scope: { db: Executor; companyId: CompanyId },
  from: string,
  to: string,
) {
  const rows = await currentExpiries(scope, { from, until: to });
  return rows.flatMap(({ kind, id, pevoId, pevoName, label, expiresOn }) =>
    kind === "licence" ? [] : [{ kind, id, pevoId, pevoName, label, date: expiresOn }],
  );
}

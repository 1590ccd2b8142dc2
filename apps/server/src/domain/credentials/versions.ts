/**
 * Credential versions (DECISIONS 'Credential versions'). A change the PEVO submits from the portal
 * is a version pending the office's review; the credential's own row keeps the approved values, so
 * every read that decides something (the qualification check, the picker's marks, "Credentials
 * expiring", the reminders) reads the rows alone and needs no version logic. Approving copies the
 * version's values into the row (review.ts); rejecting leaves the row. The office's own edits are
 * recorded as approved versions, so the history is whole.
 */
import {
  type Executor,
  pevoCertifications,
  pevoCredentialVersions,
  pevoInsurance,
  pevos,
  pevoVehicles,
  user,
} from "@pevo/db";
import {
  type CredentialKind,
  certificationLabel,
  formatUsd,
  INSURANCE_TYPE_LABELS,
  insuranceLabel,
  type TCertificationData,
  type TCredentialToReview,
  type TCredentialVersion,
  type TInsuranceData,
  type TVehicleData,
} from "@pevo/shared";
import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type CompanyId, type Scope, scoped } from "../../lib/tenant";

type VersionData = TCertificationData | TInsuranceData | TVehicleData;
export type VersionRow = typeof pevoCredentialVersions.$inferSelect;

/** The version's column that names its credential, per kind. */
const credentialColumn = (kind: CredentialKind) =>
  kind === "certifications"
    ? pevoCredentialVersions.certificationId
    : kind === "insurance"
      ? pevoCredentialVersions.insuranceId
      : pevoCredentialVersions.vehicleId;

const credentialKey = (kind: CredentialKind) =>
  kind === "certifications" ? "certificationId" : kind === "insurance" ? "insuranceId" : "vehicleId";

/**
 * The PEVO's submission: it replaces their version still pending for this credential (one pending
 * version per credential: the partial unique indexes), or starts a new one.
 */
export async function submitPendingVersion(
  tx: Executor,
  scope: Scope,
  v: { kind: CredentialKind; credentialId: string; pevoId: string; data: VersionData },
) {
  const now = new Date();
  await tx
    .insert(pevoCredentialVersions)
    .values({
      companyId: scope.companyId,
      pevoId: v.pevoId,
      [credentialKey(v.kind)]: v.credentialId,
      data: v.data,
      status: "pending",
      submittedBy: scope.userId,
      submittedAt: now,
    })
    .onConflictDoUpdate({
      target: credentialColumn(v.kind),
      targetWhere: sql`status = 'pending'`,
      set: { data: v.data, submittedBy: scope.userId, submittedAt: now },
    });
}

/** The office's own edit: an approved version at once (its history entry). */
export async function recordApprovedVersion(
  tx: Executor,
  scope: Scope,
  v: { kind: CredentialKind; credentialId: string; pevoId: string; data: VersionData },
) {
  const now = new Date();
  await tx.insert(pevoCredentialVersions).values({
    companyId: scope.companyId,
    pevoId: v.pevoId,
    [credentialKey(v.kind)]: v.credentialId,
    data: v.data,
    status: "approved",
    submittedBy: scope.userId,
    submittedAt: now,
    reviewedBy: scope.userId,
    reviewedAt: now,
  });
}

/** The pending version of a credential, locked for the review's transaction. */
export async function pendingVersionOf(
  tx: Executor,
  scope: { companyId: CompanyId },
  kind: CredentialKind,
  credentialId: string,
): Promise<VersionRow | undefined> {
  const [row] = await tx
    .select()
    .from(pevoCredentialVersions)
    .where(
      scoped(
        pevoCredentialVersions,
        scope,
        eq(credentialColumn(kind), credentialId),
        eq(pevoCredentialVersions.status, "pending"),
      ),
    )
    .for("update");
  return row;
}

/** Records the office's decision on a version. */
export async function decideVersion(
  tx: Executor,
  scope: Scope,
  versionId: string,
  review: { decision: "approved" | "rejected"; note: string | null },
) {
  await tx
    .update(pevoCredentialVersions)
    .set({
      status: review.decision,
      reviewNote: review.note,
      reviewedAt: new Date(),
      reviewedBy: scope.userId,
    })
    .where(scoped(pevoCredentialVersions, scope, eq(pevoCredentialVersions.id, versionId)));
}

/** A one-line account of what a version said, for its history entry. */
function versionSummary(kind: CredentialKind, data: VersionData): string {
  if (kind === "certifications") {
    const c = data as TCertificationData;
    return `${c.state} · No. ${c.certificateNumber} · expires ${c.expiresOn}`;
  }
  if (kind === "insurance") {
    const i = data as TInsuranceData;
    return `${i.carrier} · policy ${i.policyNumber}${i.coverageAmount ? ` · ${formatUsd(i.coverageAmount)}` : ""} · expires ${i.expiresOn}`;
  }
  const v = data as TVehicleData;
  const car = [v.year, v.make, v.model].filter(Boolean).join(" ");
  return [car || "Vehicle", v.plate ? `plate ${v.plate}${v.plateState ? ` (${v.plateState})` : ""}` : null]
    .filter(Boolean)
    .join(" · ");
}

export type VersionsOf = { pending: VersionRow | null; history: TCredentialVersion[] };

const submitter = alias(user, "submitter");
const reviewer = alias(user, "reviewer");

/** Every version of a PEVO's credentials, by credential id: the pending one and the history. */
export async function readVersions(
  db: Executor,
  scope: { companyId: CompanyId },
  pevoId: string,
): Promise<Map<string, VersionsOf>> {
  const rows = await db
    .select({ v: pevoCredentialVersions, submittedBy: submitter.name, reviewedBy: reviewer.name })
    .from(pevoCredentialVersions)
    .leftJoin(submitter, eq(submitter.id, pevoCredentialVersions.submittedBy))
    .leftJoin(reviewer, eq(reviewer.id, pevoCredentialVersions.reviewedBy))
    .where(scoped(pevoCredentialVersions, scope, eq(pevoCredentialVersions.pevoId, pevoId)))
    .orderBy(desc(pevoCredentialVersions.submittedAt), desc(pevoCredentialVersions.id));
  const byCredential = new Map<string, VersionsOf>();
  for (const { v, submittedBy, reviewedBy } of rows) {
    const kind: CredentialKind = v.certificationId
      ? "certifications"
      : v.insuranceId
        ? "insurance"
        : "vehicle";
    const id = (v.certificationId ?? v.insuranceId ?? v.vehicleId) as string;
    const entry = byCredential.get(id) ?? { pending: null, history: [] };
    if (v.status === "pending") entry.pending = v;
    entry.history.push({
      id: v.id,
      status: v.status,
      submittedAt: v.submittedAt.toISOString(),
      submittedBy,
      reviewedAt: v.reviewedAt?.toISOString() ?? null,
      reviewedBy,
      reviewNote: v.reviewNote,
      summary: versionSummary(kind, v.data),
    });
    byCredential.set(id, entry);
  }
  return byCredential;
}

/**
 * The company's changes waiting for review, oldest first (the dashboard's "To review", the PEVO
 * list's badges): every pending version, with what it is about and whether an approved version is
 * in force meanwhile.
 */
export async function listCredentialsToReview(scope: {
  db: Executor;
  companyId: CompanyId;
}): Promise<TCredentialToReview[]> {
  const v = pevoCredentialVersions;
  const rows = await scope.db
    .select({
      versionId: v.id,
      pevoId: v.pevoId,
      first: pevos.firstName,
      last: pevos.lastName,
      certificationId: v.certificationId,
      insuranceId: v.insuranceId,
      vehicleId: v.vehicleId,
      data: v.data,
      submittedAt: v.submittedAt,
      certificationStatus: pevoCertifications.reviewStatus,
      insuranceStatus: pevoInsurance.reviewStatus,
      vehicleStatus: pevoVehicles.reviewStatus,
    })
    .from(v)
    .innerJoin(pevos, eq(pevos.id, v.pevoId))
    .leftJoin(pevoCertifications, eq(pevoCertifications.id, v.certificationId))
    .leftJoin(pevoInsurance, eq(pevoInsurance.id, v.insuranceId))
    .leftJoin(pevoVehicles, eq(pevoVehicles.id, v.vehicleId))
    .where(scoped(v, scope, eq(v.status, "pending")))
    .orderBy(asc(v.submittedAt), asc(v.id))
    .limit(500);
  return rows.map((r): TCredentialToReview => {
    const kind: CredentialKind = r.certificationId
      ? "certifications"
      : r.insuranceId
        ? "insurance"
        : "vehicle";
    const status = r.certificationStatus ?? r.insuranceStatus ?? r.vehicleStatus;
    const label =
      kind === "certifications"
        ? `${(r.data as TCertificationData).state} certification`
        : kind === "insurance"
          ? `${INSURANCE_TYPE_LABELS[(r.data as TInsuranceData).type]} insurance`
          : "Vehicle and equipment";
    return {
      versionId: r.versionId,
      pevoId: r.pevoId,
      pevoName: `${r.first} ${r.last}`,
      kind,
      credentialId: (r.certificationId ?? r.insuranceId ?? r.vehicleId) as string,
      label,
      change: status === "approved" ? "update" : "new",
      submittedAt: r.submittedAt.toISOString(),
    };
  });
}

/** What a version is about, in the words of the activity log and the office's email. */
export const whatOf = (kind: CredentialKind, data: VersionData) =>
  kind === "certifications"
    ? certificationLabel(data as TCertificationData)
    : kind === "insurance"
      ? insuranceLabel(data as TInsuranceData)
      : "vehicle and equipment";

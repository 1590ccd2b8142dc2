/**
 * The office's review (DECISIONS 'Credentials'): it approves or rejects, with a note, a credential
 * (a PEVO's pending change, or one it approved before) or the PEVO's driver's licence. Office only;
 * the writes of either actor are credentials.ts.
 */
import { type Executor, pevoVehicles } from "@pevo/db";
import {
  CREDENTIAL_REVIEW_LABELS,
  certificationLabel,
  insuranceLabel,
  type TCertification,
  type TCertificationData,
  type TInsurance,
  type TInsuranceData,
  type TVehicleData,
} from "@pevo/shared";
import { eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { recordLicenceReview } from "../pevos";
import {
  CREDENTIAL_NOT_FOUND,
  type CredentialActor,
  documentStillThere,
  expiringKind,
  type FoundPevo,
  findPevo,
  getCredentials,
  type ListKind,
  tableOf,
  writeListRow,
  writeVehicleRow,
} from "./credentials";
import { publishCredentialChange } from "./office-notice";
import { scheduleExpiryReminders } from "./reminders";
import { decideVersion, pendingVersionOf, type VersionRow, whatOf } from "./versions";

const OFFICE: CredentialActor = { role: "admin" };

/** The office's decision on a credential or the driver's licence. */
type Review = { decision: "approved" | "rejected"; note: string | null };

/**
 * The office approves or rejects a credential. When the PEVO's version waits for review, the decision
 * is on that version (DECISIONS 'Credential versions'): approved, its values replace the row's and are
 * in force; rejected, the row stays as it was (the approved values in force), or, when nothing was
 * approved yet, is rejected too. Without a pending version, the decision is on the row itself (the
 * office withdraws or restores its approval).
 */
export async function reviewCredential(
  scope: Scope,
  { pevoId, kind, id, ...review }: { pevoId: string; kind: ListKind | "vehicle"; id: string } & Review,
) {
  const pevo = await findPevo(scope, pevoId, { role: "admin" });
  const table = kind === "vehicle" ? pevoVehicles : tableOf(kind);
  const current = await getCredentials(scope, pevoId, { role: "admin" });
  const item =
    kind === "vehicle"
      ? current.vehicle?.id === id
        ? current.vehicle
        : undefined
      : (current[kind] as (TCertification | TInsurance)[]).find((c) => c.id === id);
  if (!item) throw new NotFoundError(CREDENTIAL_NOT_FOUND);
  await scope.db.transaction(async (tx) => {
    const pending = await pendingVersionOf(tx, scope, kind, id);
    let what =
      kind === "vehicle"
        ? "vehicle and equipment"
        : kind === "certifications"
          ? certificationLabel(item as TCertification)
          : insuranceLabel(item as TInsurance);
    if (pending) {
      what = whatOf(kind, pending.data);
      await decideVersion(tx, scope, pending.id, review);
      if (review.decision === "approved") await applyVersion(tx, scope, pevoId, id, kind, pending.data);
    }
    // A rejected version of an approved credential leaves it in force.
    if (!pending || (review.decision === "rejected" && item.reviewStatus !== "approved"))
      await tx
        .update(table)
        .set({
          reviewStatus: review.decision,
          reviewNote: review.note,
          reviewedAt: new Date(),
          reviewedBy: scope.userId,
        })
        .where(scoped(table, scope, eq(table.id, id), eq(table.pevoId, pevoId)));
    await recordReview(tx, scope, pevo, what, review);
  });
  return getCredentials(scope, pevoId, { role: "admin" });
}

/** The approved version's values become the credential's, in force (written as the office's). */
async function applyVersion(
  tx: Executor,
  scope: Scope,
  pevoId: string,
  id: string,
  kind: ListKind | "vehicle",
  data: VersionRow["data"],
) {
  if (kind === "vehicle") {
    await writeVehicleRow(tx, scope, pevoId, OFFICE, data as TVehicleData);
    return;
  }
  const withDocument = <T extends { documentId: string | null }>(d: T) =>
    documentStillThere(tx, scope, pevoId, d.documentId).then((documentId) => ({ ...d, documentId }));
  const input =
    kind === "certifications"
      ? { kind, data: await withDocument(data as TCertificationData) }
      : { kind, data: await withDocument(data as TInsuranceData) };
  await writeListRow(tx, scope, pevoId, id, OFFICE, input);
  await scheduleExpiryReminders(tx, scope, { only: { kind: expiringKind(kind), id } });
}

async function recordReview(tx: Executor, scope: Scope, pevo: FoundPevo, what: string, review: Review) {
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: review.decision === "approved" ? "credential_approved" : "credential_rejected",
    status: review.decision === "approved" ? "success" : "error",
    message: `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${pevo.name} ${CREDENTIAL_REVIEW_LABELS[review.decision].toLowerCase()}${review.note ? `: ${review.note}` : ""}`,
    pevo: pevo.name,
    pevoId: pevo.id,
  });
  await publishCredentialChange(
    tx,
    scope,
    pevo.id,
    `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${pevo.name} ${CREDENTIAL_REVIEW_LABELS[review.decision].toLowerCase()}`,
  );
}

/** The office approves or rejects (with a note) the PEVO's driver's licence (domain/pevos). */
export async function reviewLicence(scope: Scope, { pevoId, ...review }: { pevoId: string } & Review) {
  const pevo = await findPevo(scope, pevoId, { role: "admin" });
  await scope.db.transaction(async (tx) => {
    await recordLicenceReview(tx, scope, pevoId, review);
    await recordReview(tx, scope, pevo, "driver's licence", review);
  });
  return getCredentials(scope, pevoId, { role: "admin" });
}

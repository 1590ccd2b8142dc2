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
  type TInsurance,
} from "@pevo/shared";
import { eq } from "drizzle-orm";
import { NotFoundError } from "../../lib/domain-errors";
import { type Scope, scoped } from "../../lib/tenant";
import { recordActivity } from "../activity";
import { recordLicenceReview } from "../pevos";
import {
  CREDENTIAL_NOT_FOUND,
  type FoundPevo,
  findPevo,
  getCredentials,
  type ListKind,
  tableOf,
} from "./credentials";

/** The office's decision on a credential or the driver's licence. */
type Review = { decision: "approved" | "rejected"; note: string | null };

/** The office approves or rejects a credential (a PEVO's change, or one it approved before). */
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
  const what =
    kind === "vehicle"
      ? "vehicle and equipment"
      : kind === "certifications"
        ? certificationLabel(item as TCertification)
        : insuranceLabel(item as TInsurance);
  await scope.db.transaction(async (tx) => {
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

async function recordReview(tx: Executor, scope: Scope, pevo: FoundPevo, what: string, review: Review) {
  await recordActivity(tx, scope, {
    actorId: scope.userId,
    type: review.decision === "approved" ? "credential_approved" : "credential_rejected",
    status: review.decision === "approved" ? "success" : "error",
    message: `${what.charAt(0).toUpperCase()}${what.slice(1)} of ${pevo.name} ${CREDENTIAL_REVIEW_LABELS[review.decision].toLowerCase()}${review.note ? `: ${review.note}` : ""}`,
    pevo: pevo.name,
    pevoId: pevo.id,
  });
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

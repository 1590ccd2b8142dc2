/**
 * The driver's licence (pevos.license_number and certification_expiry) is reviewed like the other
 * credentials (DECISIONS 'The driver's licence is reviewed like the other credentials'): the office's change is approved at once, the PEVO's own change from My
 * Profile waits for the office, and the qualification check does not count it until then. Exported
 * by domain/pevos because the office's PEVO form and the portal profile (features/portal) both
 * write it, and the credentials screens (domain/credentials) review it.
 */
import { type Executor, pevos } from "@pevo/db";
import { eq } from "drizzle-orm";
import { type CompanyId, scoped } from "../../lib/tenant";

type Licence = { licenseNumber: string | null; certificationExpiry: string | null };

/**
 * The review columns to save with `next` on the PEVO row (locked until the transaction ends): null
 * when the licence does not change (or the row is not the company's); approved for the office's
 * change, pending for the PEVO's own.
 */
export async function licenceReviewOnSave(
  tx: Executor,
  scope: { companyId: CompanyId },
  pevoId: string,
  next: Licence,
  by: { role: "admin"; userId: string } | { role: "pevo" },
) {
  const [current] = await tx
    .select({ licenseNumber: pevos.licenseNumber, certificationExpiry: pevos.certificationExpiry })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)))
    .for("update");
  if (
    !current ||
    (current.licenseNumber === next.licenseNumber && current.certificationExpiry === next.certificationExpiry)
  )
    return null;
  return by.role === "admin"
    ? {
        licenceReviewStatus: "approved" as const,
        licenceReviewNote: null,
        licenceReviewedAt: new Date(),
        licenceReviewedBy: by.userId,
      }
    : {
        licenceReviewStatus: "pending" as const,
        licenceReviewNote: null,
        licenceReviewedAt: null,
        licenceReviewedBy: null,
      };
}

/** The office's decision on the licence (domain/credentials reviews it with the other credentials). */
export async function recordLicenceReview(
  tx: Executor,
  scope: { companyId: CompanyId; userId: string },
  pevoId: string,
  review: { decision: "approved" | "rejected"; note: string | null },
) {
  await tx
    .update(pevos)
    .set({
      licenceReviewStatus: review.decision,
      licenceReviewNote: review.note,
      licenceReviewedAt: new Date(),
      licenceReviewedBy: scope.userId,
    })
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
}

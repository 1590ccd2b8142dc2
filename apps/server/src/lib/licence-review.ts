/**
 * The driver's licence (pevos.license_number and certification_expiry) is reviewed like the other
 * credentials (issue 12 §2): the office's change is approved at once, the PEVO's own change from My
 * Profile waits for the office, and the qualification check does not count it until then. In lib/
 * because the office's PEVO form (features/pevos) and the portal profile (features/portal) both
 * write it, and the credentials screens (features/credentials) review it.
 */
type Licence = { licenseNumber: string | null; certificationExpiry: string | null };

export const licenceChanged = (current: Licence, next: Licence) =>
  current.licenseNumber !== next.licenseNumber || current.certificationExpiry !== next.certificationExpiry;

/** The review columns of a licence change by the office (approved) or the PEVO (pending). */
export function licenceReviewOf(by: { role: "admin"; userId: string } | { role: "pevo" }) {
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

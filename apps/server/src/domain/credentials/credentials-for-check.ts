import { type Executor, pevoCertifications, pevoInsurance, pevos } from "@pevo/db";
import type { PevoCredentialsForCheck } from "@pevo/shared";
import { and, eq } from "drizzle-orm";
import { type CompanyId, scoped } from "../../lib/tenant";

/**
 * What the qualification check (packages/shared/src/compliance) needs about a PEVO; null when the
 * PEVO is not the company's.
 */
export async function loadCredentialsForCheck(
  db: Executor,
  scope: { companyId: CompanyId },
  pevoId: string,
): Promise<PevoCredentialsForCheck | null> {
  const [pevo] = await db
    .select({ licence: pevos.certificationExpiry, licenceStatus: pevos.licenceReviewStatus })
    .from(pevos)
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  if (!pevo) return null;
  const [certifications, insurance] = await Promise.all([
    db
      .select({
        state: pevoCertifications.state,
        issuedOn: pevoCertifications.issuedOn,
        expiresOn: pevoCertifications.expiresOn,
        status: pevoCertifications.reviewStatus,
      })
      .from(pevoCertifications)
      .where(scoped(pevoCertifications, scope, eq(pevoCertifications.pevoId, pevoId))),
    db
      .select({
        type: pevoInsurance.type,
        expiresOn: pevoInsurance.expiresOn,
        status: pevoInsurance.reviewStatus,
      })
      .from(pevoInsurance)
      .where(scoped(pevoInsurance, scope, and(eq(pevoInsurance.pevoId, pevoId)))),
  ]);
  return {
    certifications: certifications.map(({ status, ...c }) => ({ ...c, approved: status === "approved" })),
    insurance: insurance.map(({ status, ...i }) => ({ ...i, approved: status === "approved" })),
    licenceExpiresOn: pevo.licence,
    licenceStatus: pevo.licenceStatus,
  };
}

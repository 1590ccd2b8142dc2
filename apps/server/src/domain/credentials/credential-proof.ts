import { type Executor, pevoCertifications, pevoInsurance } from "@pevo/db";
import { certificationLabel, insuranceLabel } from "@pevo/shared";
import { eq } from "drizzle-orm";
import { ConflictError } from "../../lib/domain-errors";
import { type CompanyId, scoped } from "../../lib/tenant";

/**
 * A PEVO may not delete the document that proves one of their approved credentials (docs/DECISIONS.md):
 * the credential would stay approved with no proof. The office may (it decides what it accepts).
 */
export async function refuseDeletingProof(tx: Executor, scope: { companyId: CompanyId }, documentId: string) {
  const [certification] = await tx
    .select({ state: pevoCertifications.state, certificateNumber: pevoCertifications.certificateNumber })
    .from(pevoCertifications)
    .where(
      scoped(
        pevoCertifications,
        scope,
        eq(pevoCertifications.documentId, documentId),
        eq(pevoCertifications.reviewStatus, "approved"),
      ),
    )
    .limit(1);
  const [insurance] = certification
    ? []
    : await tx
        .select({ type: pevoInsurance.type, policyNumber: pevoInsurance.policyNumber })
        .from(pevoInsurance)
        .where(
          scoped(
            pevoInsurance,
            scope,
            eq(pevoInsurance.documentId, documentId),
            eq(pevoInsurance.reviewStatus, "approved"),
          ),
        )
        .limit(1);
  const what = certification
    ? certificationLabel(certification)
    : insurance
      ? insuranceLabel(insurance)
      : null;
  if (what)
    throw new ConflictError(
      `This document is the proof of your approved ${what}, so it cannot be deleted. Ask the office if it must go.`,
    );
}

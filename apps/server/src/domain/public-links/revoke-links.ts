import { type Executor, publicLinks } from "@pevo/db";
import type { PublicLinkPurpose } from "@pevo/shared";
import { eq, inArray, isNull } from "drizzle-orm";
import { type CompanyId, scoped } from "../../lib/tenant";

/** Revokes every open link of some documents for one purpose (an edit voids a signature link). */
export async function revokePublicLinks(
  tx: Executor,
  scope: { companyId: CompanyId },
  purpose: PublicLinkPurpose,
  subjectIds: string[],
) {
  if (subjectIds.length === 0) return;
  await tx
    .update(publicLinks)
    .set({ revokedAt: new Date() })
    .where(
      scoped(
        publicLinks,
        scope,
        eq(publicLinks.purpose, purpose),
        inArray(publicLinks.subjectId, subjectIds),
        isNull(publicLinks.revokedAt),
      ),
    );
}

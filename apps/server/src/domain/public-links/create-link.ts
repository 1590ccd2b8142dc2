import { type Executor, missingRow, publicLinks } from "@pevo/db";
import type { PublicLinkPurpose } from "@pevo/shared";
import type { CompanyId } from "../../lib/tenant";
import { hashToken, newToken } from "./token";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `days` days after `from`. */
export const daysFrom = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/** Makes a link; returns the token (to put in the email, never stored) and the link's id. */
export async function createPublicLink(
  tx: Executor,
  scope: { companyId: CompanyId },
  link: { purpose: PublicLinkPurpose; subjectId: string; expiresAt: Date },
) {
  const token = newToken();
  const [row = missingRow("publicLinks")] = await tx
    .insert(publicLinks)
    .values({
      companyId: scope.companyId,
      purpose: link.purpose,
      subjectId: link.subjectId,
      tokenHash: hashToken(token),
      expiresAt: link.expiresAt,
    })
    .returning({ id: publicLinks.id, expiresAt: publicLinks.expiresAt });
  return { token, id: row.id, expiresAt: row.expiresAt };
}

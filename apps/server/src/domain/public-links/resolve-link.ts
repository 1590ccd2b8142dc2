import { type Executor, publicLinks } from "@pevo/db";
import type { PublicLinkPurpose } from "@pevo/shared";
import { and, eq } from "drizzle-orm";
import { companyIdFromCredential } from "../../lib/company-id";
import { NotFoundError } from "../../lib/domain-errors";
import { hashToken, isTokenShaped } from "./token";

/** What a page says for each link it cannot open (never which company or document it was). */
type LinkMessages = Readonly<Record<"unknown" | "expired" | "revoked", string>>;

/**
 * A link that cannot be opened (unknown, another purpose's, expired, used or revoked): a 404 with a
 * message the page shows as it is. The one error of every public link page.
 */
export class PublicLinkError extends NotFoundError {}

/**
 * What a token opens, for one purpose: the link's document (`subjectId`) and the scope of the
 * company its row names, which every later query of the request uses. Unknown (or another
 * purpose's), revoked or expired: a PublicLinkError with the page's message for it.
 *
 * The one lookup without a company scope: the token is the credential (ADR 0005).
 */
export async function openPublicLink(
  db: Executor,
  purpose: PublicLinkPurpose,
  token: string,
  messages: LinkMessages,
  now = new Date(),
) {
  if (!isTokenShaped(token)) throw new PublicLinkError(messages.unknown);
  const [link] = await db
    .select()
    .from(publicLinks)
    // unscoped: the token is the credential; its row names the company every later query uses
    .where(and(eq(publicLinks.tokenHash, hashToken(token)), eq(publicLinks.purpose, purpose)));
  if (!link) throw new PublicLinkError(messages.unknown);
  if (link.revokedAt) throw new PublicLinkError(messages.revoked);
  if (link.expiresAt <= now) throw new PublicLinkError(messages.expired);
  return { scope: { companyId: companyIdFromCredential(link.companyId) }, subjectId: link.subjectId };
}

/**
 * Public token links (ARCHITECTURE "public token links"): a client signs a rate confirmation, opens
 * an invoice, a PEVO answers an assignment, from a link in an email, without an account.
 *
 * The token is 32 random bytes, base64url (256 bits); only its SHA-256 is stored, so a database
 * leak reveals no working link. A link has one purpose and one document (`subjectId`), an expiry,
 * and can be revoked. Resolving a link is the one lookup without a company scope: the token is the
 * credential, and what it resolves to names the company every later query is scoped to.
 */
import { createHash, randomBytes } from "node:crypto";
import { type Executor, missingRow, publicLinks } from "@pevo/db";
import type { PublicLinkPurpose } from "@pevo/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { type CompanyId, scoped } from "./tenant";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment `days` days after `from`. */
export const daysFrom = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token as sent: 43 base64url characters. Anything else cannot be one (no database lookup). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Makes a link; returns the token (to put in the email, never stored) and the link's id. */
export async function createPublicLink(
  tx: Executor,
  scope: { companyId: CompanyId },
  link: { purpose: PublicLinkPurpose; subjectId: string; expiresAt: Date },
) {
  const token = randomBytes(32).toString("base64url");
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

export type ResolvedLink =
  | { ok: true; id: string; companyId: string; subjectId: string; expiresAt: Date }
  | { ok: false; reason: "unknown" | "expired" | "revoked" };

/** What a token opens, for one purpose: unknown (or another purpose's), expired or revoked otherwise. */
export async function resolvePublicLink(
  db: Executor,
  purpose: PublicLinkPurpose,
  token: string,
  now = new Date(),
): Promise<ResolvedLink> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: "unknown" };
  const [link] = await db
    .select()
    .from(publicLinks)
    // unscoped: the token is the credential; its row names the company every later query uses
    .where(and(eq(publicLinks.tokenHash, hashToken(token)), eq(publicLinks.purpose, purpose)));
  if (!link) return { ok: false, reason: "unknown" };
  if (link.revokedAt) return { ok: false, reason: "revoked" };
  if (link.expiresAt <= now) return { ok: false, reason: "expired" };
  return {
    ok: true,
    id: link.id,
    companyId: link.companyId,
    subjectId: link.subjectId,
    expiresAt: link.expiresAt,
  };
}

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

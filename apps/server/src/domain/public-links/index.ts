/**
 * Public token links (ARCHITECTURE "public token links"): a client signs a rate confirmation, opens
 * an invoice, a PEVO answers an assignment, from a link in an email, without an account.
 *
 * The token is 32 random bytes, base64url (256 bits); only its SHA-256 is stored, so a database
 * leak reveals no working link. A link has one purpose and one document (`subjectId`), an expiry,
 * and can be revoked. This module owns the `public_links` table. A token resolves to the scope of
 * the company its link names (the one maker of a CompanyId besides the session middleware, ADR
 * 0005); the HTTP side of every link page is http/public-link-routes.ts.
 */
export { createPublicLink, daysFrom } from "./create-link";
export { openPublicLink, PublicLinkError } from "./resolve-link";
export { revokePublicLinks } from "./revoke-links";
export { hashToken } from "./token";

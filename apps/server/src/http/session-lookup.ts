import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "@pevo/db";
import type { Auth } from "../auth";
import { sessionOfTokenQuery } from "../domain/company";

export type SessionUser = { id: string; email: string; role: string; companyId: string };

/**
 * The signed-in user of an API request, in one query. Better Auth's `getSession` runs its endpoint
 * pipeline and reads the session, then the user (two queries) on every call; with years of data the
 * lists are bound by PostgreSQL round trips (bench/README: `npm run bench`). This reads the same
 * signed session cookie, checks its HMAC-SHA256 signature with the same secret (as better-call's
 * getSignedCookie: `<token>.<base64 signature>`), and reads the session joined to its user. A
 * session due for Better Auth's daily refresh (`updateAge`) goes through `getSession`, which extends
 * it; an expired, unknown or tampered one is nobody. No cache: a removed user is signed out at once.
 */
export function sessionLookup(auth: Auth, db: Database) {
  const context = auth.$context;
  const sessionOfToken = sessionOfTokenQuery(db);
  return async (headers: Headers): Promise<SessionUser | null> => {
    const { authCookies, secret, sessionConfig } = await context;
    const token = signedCookie(headers.get("cookie"), authCookies.sessionToken.name, secret);
    if (!token) return null;
    const row = await sessionOfToken(token);
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    const refreshDue =
      row.expiresAt.getTime() - sessionConfig.expiresIn * 1000 + sessionConfig.updateAge * 1000 <= Date.now();
    if (refreshDue) {
      const refreshed = await auth.api.getSession({ headers });
      const u = refreshed?.user as (SessionUser & Record<string, unknown>) | undefined;
      return u ? { id: u.id, email: u.email, role: u.role, companyId: u.companyId } : null;
    }
    const { expiresAt: _, ...found } = row;
    return found;
  };
}

/** The value of a cookie signed as better-call signs it, or null when absent or not signed by us. */
export function signedCookie(header: string | null, name: string, secret: string): string | null {
  if (!header) return null;
  let raw: string | undefined;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      raw = part.slice(at + 1).trim();
      break;
    }
  }
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const given = Buffer.from(signature, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

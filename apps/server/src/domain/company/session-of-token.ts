import { type Database, session, user } from "@pevo/db";
import { eq, sql } from "drizzle-orm";

/**
 * The session with this token joined to its login, in one query (http/session-lookup.ts: every API
 * request asks it). A named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on each request.
 */
export function sessionOfTokenQuery(db: Database) {
  const bySessionToken = db
    .select({
      expiresAt: session.expiresAt,
      id: user.id,
      email: user.email,
      role: user.role,
      companyId: user.companyId,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    // unscoped: the caller's own session (it names the company)
    .where(eq(session.token, sql.placeholder("token")))
    .prepare("session_lookup");
  return async (token: string) => {
    const [row] = await bySessionToken.execute({ token });
    return row ?? null;
  };
}

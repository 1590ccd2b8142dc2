import { type Executor, user } from "@pevo/db";
import { eq, sql } from "drizzle-orm";

/** Whether a login already uses this address (any company: an email signs in to one account). */
export async function loginEmailTaken(db: Executor, email: string) {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

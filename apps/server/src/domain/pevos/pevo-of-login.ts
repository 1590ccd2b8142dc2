import { type Executor, pevos } from "@pevo/db";
import { eq } from "drizzle-orm";
import { type CompanyId, scoped } from "../../lib/tenant";

/**
 * The id of the PEVO row a portal login belongs to, or null when there is none (the office deleted
 * the PEVO). Read on every portal request and at every heartbeat of a PEVO's live stream, so a
 * deleted PEVO loses access at once.
 */
export async function pevoOfLogin(
  db: Executor,
  login: { companyId: CompanyId; userId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ id: pevos.id })
    .from(pevos)
    .where(scoped(pevos, login, eq(pevos.userId, login.userId)));
  return row?.id ?? null;
}

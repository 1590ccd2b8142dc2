import type { Executor } from "@pevo/db";
import type { TMailState } from "@pevo/shared";
import { authMailKey } from "../../auth";
import type { CompanyId } from "../../lib/tenant";
import { mailStates } from "../../mail/mail-jobs";

/**
 * Each row with where its login's invitation email stands (auth.ts queues it in the outbox under
 * the login's `authMailKey`), read in one query for a whole page of PEVOs or admins. Null for a row
 * without a login, or a login that was never invited (the admin who signed up).
 */
export async function withInvitationMail<T extends { userId: string | null }>(
  scope: { db: Executor; companyId: CompanyId },
  rows: T[],
): Promise<(Omit<T, "userId"> & { invitationMail: TMailState | null })[]> {
  const keyOf = (userId: string) => authMailKey("invitation", userId);
  const mails = await mailStates(
    scope.db,
    scope,
    rows.flatMap((row) => (row.userId ? [keyOf(row.userId)] : [])),
  );
  return rows.map(({ userId, ...row }) => ({
    ...row,
    invitationMail: (userId && mails.get(keyOf(userId))) || null,
  }));
}

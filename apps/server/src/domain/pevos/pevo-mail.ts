import { type Executor, pevos, user, userSettings } from "@pevo/db";
import { eq } from "drizzle-orm";
import { type CompanyId, scoped } from "../../lib/tenant";

/** The PEVO's settings that stop one kind of mail (besides Email Notifications, which stops them all). */
export type PevoMailKind = "dispatchAlerts" | "pickupReminders";

export type PevoRecipient = { email: string; name: string };

/**
 * Where a mail to a PEVO goes, or null when it must not be sent: the ONE place that applies their
 * settings. 'Email Notifications' off stops every mail to them (this function is the only way the
 * server addresses a PEVO's mail; password and invitation mails come from Better Auth, not here),
 * and the setting of the mail's kind (Dispatch Alerts, Pickup Reminders) stops that kind. The
 * address is their login's, else the roster's; a PEVO with neither gets nothing.
 */
export async function pevoMailRecipient(
  db: Executor,
  scope: { companyId: CompanyId },
  pevoId: string,
  /** null: a mail only Email Notifications stops (e.g. a credential expiry reminder). */
  kind: PevoMailKind | null,
): Promise<PevoRecipient | null> {
  const [pevo] = await db
    .select({
      firstName: pevos.firstName,
      lastName: pevos.lastName,
      pevoEmail: pevos.email,
      loginEmail: user.email,
      all: userSettings.emailNotifications,
      dispatchAlerts: userSettings.dispatchAlerts,
      pickupReminders: userSettings.pickupReminders,
    })
    .from(pevos)
    .leftJoin(user, eq(user.id, pevos.userId))
    .leftJoin(userSettings, eq(userSettings.userId, pevos.userId))
    .where(scoped(pevos, scope, eq(pevos.id, pevoId)));
  if (!pevo) return null;
  const email = pevo.loginEmail ?? pevo.pevoEmail;
  // No settings row yet: the defaults (every mail on).
  if (!email || pevo.all === false || (kind && pevo[kind] === false)) return null;
  return { email, name: `${pevo.firstName} ${pevo.lastName}` };
}

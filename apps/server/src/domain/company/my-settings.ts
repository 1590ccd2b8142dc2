import { companies, missingRow, profiles, user, userSettings } from "@pevo/db";
import type { TUserSettings } from "@pevo/shared";
import { eq } from "drizzle-orm";
import type { Scope } from "../../lib/tenant";

const settingsColumns = {
  emailNotifications: userSettings.emailNotifications,
  dispatchAlerts: userSettings.dispatchAlerts,
  pickupReminders: userSettings.pickupReminders,
  darkMode: userSettings.darkMode,
  locationServices: userSettings.locationServices,
};

/** The signed-in user's preferences and the read-only facts the Settings screens show. */
export async function getMySettings({ db, userId }: Scope) {
  const [account = missingRow("user")] = await db
    .select({
      email: user.email,
      role: profiles.role,
      companyName: companies.name,
      contactName: profiles.contactPerson,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .innerJoin(companies, eq(companies.id, user.companyId))
    // unscoped: the caller's own login and preferences (per user, not tenant data)
    .where(eq(user.id, userId));
  let [settings] = await db
    .select(settingsColumns)
    .from(userSettings)
    // unscoped: the caller's own preferences
    .where(eq(userSettings.userId, userId));
  if (!settings) {
    [settings = missingRow("userSettings")] = await db
      .insert(userSettings)
      .values({ userId, darkMode: account.role === "pevo" })
      // A concurrent first read may have inserted it: the no-op update returns that row instead.
      .onConflictDoUpdate({ target: userSettings.userId, set: { userId } })
      .returning(settingsColumns);
  }
  return { account, settings };
}

export async function updateMySettings(scope: Scope, input: TUserSettings) {
  await scope.db
    .insert(userSettings)
    .values({ userId: scope.userId, ...input, updatedAt: new Date() })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...input, updatedAt: new Date() } });
  return getMySettings(scope);
}

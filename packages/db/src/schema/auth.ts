import { TEXT_LIMITS as L } from "@pevo/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { maxLength } from "./constraints";

// Better Auth's tables, written from its documented fields (core + admin plugin) plus our company.
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    role: text("role").notNull().default("admin"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
  },
  (t) => [
    check("user_role_check", sql`${t.role} in ('admin', 'pevo')`),
    index("user_company_idx").on(t.companyId),
    // Tenant rows name their author / login with (company_id, user id): see business.ts.
    unique("user_company_id_id_key").on(t.companyId, t.id),
    // A PEVO's login is named "first last": two names and a space.
    maxLength("user", t.name, 2 * L.name + 1),
    maxLength("user", t.email, L.email),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** SPEC §3 profiles: one per user. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    companyName: text("company_name").notNull(),
    contactPerson: text("contact_person").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
  },
  (t) => [
    check("profiles_role_check", sql`${t.role} in ('admin', 'pevo')`),
    maxLength("profiles", t.companyName, L.name),
    // A PEVO's contact person is their "first last" name: two names and a space.
    maxLength("profiles", t.contactPerson, 2 * L.name + 1),
    maxLength("profiles", t.firstName, L.name),
    maxLength("profiles", t.lastName, L.name),
  ],
);

/** Per-user preferences (PEVO settings toggles, appearance). Defaults are SPEC §2's. */
export const userSettings = pgTable("user_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  emailNotifications: boolean("email_notifications").notNull().default(true),
  dispatchAlerts: boolean("dispatch_alerts").notNull().default(true),
  pickupReminders: boolean("pickup_reminders").notNull().default(true),
  darkMode: boolean("dark_mode").notNull().default(true),
  locationServices: boolean("location_services").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

import { JOB_LOG_KINDS, TEXT_LIMITS as L, SAFETY_LIMITS } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  type PgColumn,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, dispatches, pevos, ref, tenantKeys } from "./business";
import { companies } from "./companies";
import { maxLength } from "./constraints";

/**
 * A company's pre-trip safety meeting checklist (Settings → Safety meeting). No row: the defaults
 * (DEFAULT_SAFETY_ITEMS, DECISIONS 'Job paperwork').
 */
export const safetyChecklists = pgTable("safety_checklists", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "restrict" }),
  items: text("items").array().notNull(),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const placeChecks = (table: string, t: { lat: PgColumn; lng: PgColumn; accuracy: PgColumn }) => [
  check(
    `${table}_coordinates`,
    sql`(${t.lat} is null and ${t.lng} is null and ${t.accuracy} is null) or (${t.lat} between -90 and 90 and ${t.lng} between -180 and 180)`,
  ),
  check(
    `${table}_accuracy_range`,
    sql`${t.accuracy} between 0 and ${sql.raw(String(SAFETY_LIMITS.maxAccuracyMeters))}`,
  ),
];

/**
 * A signed pre-trip safety meeting: the checklist as it was signed (every item checked), the PEVO's
 * and the truck driver's typed names and drawn signatures (PNG data URLs), when and (Location
 * Services allowing) where. A record: never updated. The id is the phone's (the idempotency key of
 * the write). One per PEVO on a dispatch.
 */
export const safetyMeetings = pgTable(
  "safety_meetings",
  {
    id: uuid("id").primaryKey(),
    companyId: companyId(),
    dispatchId: uuid("dispatch_id").notNull(),
    pevoId: uuid("pevo_id"),
    byUserId: text("by_user_id"),
    items: text("items").array().notNull(),
    pevoName: text("pevo_name").notNull(),
    pevoSignature: text("pevo_signature").notNull(),
    driverName: text("driver_name").notNull(),
    driverSignature: text("driver_signature").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    accuracy: doublePrecision("accuracy"),
  },
  (t) => [
    ...tenantKeys("safety_meetings", t),
    ref("safety_meetings_dispatch_fk", t, t.dispatchId, dispatches, "cascade"),
    ref("safety_meetings_pevo_fk", t, t.pevoId, pevos, "set null"),
    ref("safety_meetings_by_fk", t, t.byUserId, user, "set null"),
    unique("safety_meetings_dispatch_pevo_key").on(t.companyId, t.dispatchId, t.pevoId),
    maxLength("safety_meetings", t.pevoName, L.name),
    maxLength("safety_meetings", t.driverName, L.name),
    maxLength("safety_meetings", t.pevoSignature, L.drawnSignature),
    maxLength("safety_meetings", t.driverSignature, L.drawnSignature),
    ...placeChecks("safety_meetings", t),
  ],
);

export const jobLogKind = pgEnum("job_log_kind", JOB_LOG_KINDS);

/**
 * The stop log and the pole-height log of a job: a stop (its reason), the pole's measured height, a
 * clearance strike or a near-miss (what happened), each with its time and place. Only ever added.
 * The id is the phone's (the idempotency key of the write).
 */
export const jobLogEntries = pgTable(
  "job_log_entries",
  {
    id: uuid("id").primaryKey(),
    companyId: companyId(),
    dispatchId: uuid("dispatch_id").notNull(),
    pevoId: uuid("pevo_id"),
    byUserId: text("by_user_id"),
    kind: jobLogKind("kind").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    reason: text("reason"),
    heightInches: integer("height_inches"),
    place: text("place"),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    accuracy: doublePrecision("accuracy"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    ...tenantKeys("job_log_entries", t),
    ref("job_log_entries_dispatch_fk", t, t.dispatchId, dispatches, "cascade"),
    ref("job_log_entries_pevo_fk", t, t.pevoId, pevos, "set null"),
    ref("job_log_entries_by_fk", t, t.byUserId, user, "set null"),
    index("job_log_entries_dispatch_at_idx").on(t.companyId, t.dispatchId, t.at),
    maxLength("job_log_entries", t.reason, L.reason),
    maxLength("job_log_entries", t.place, L.location),
    check(
      "job_log_entries_height_range",
      sql`${t.heightInches} between ${sql.raw(String(SAFETY_LIMITS.minPoleHeightInches))} and ${sql.raw(String(SAFETY_LIMITS.maxPoleHeightInches))}`,
    ),
    check(
      "job_log_entries_kind_fields",
      sql`(${t.kind} <> 'pole_height' or ${t.heightInches} is not null) and (${t.kind} = 'pole_height' or ${t.reason} is not null)`,
    ),
    ...placeChecks("job_log_entries", t),
  ],
);

import { DISPATCH_EVENT_KINDS, TEXT_LIMITS } from "@pevo/shared";
import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { companyId, dispatches, pevos, ref, tenantKeys } from "./business";
import { maxLength } from "./constraints";

export const dispatchEventKind = pgEnum("dispatch_event_kind", DISPATCH_EVENT_KINDS);

/**
 * A dispatch's timeline (DECISIONS 'Dispatches', Job lifecycle): the office assigned a PEVO, the PEVO accepted or declined,
 * each step from the phone (on my way → arrived at pickup → escort started → completed) and problems
 * reported on the road. Rows are only ever added. The current assignment's events are those after
 * its latest `assigned` row (a reassignment starts over). `at` is the clock time of the insert (not
 * the transaction's start), so the order of rows is the order things happened.
 *
 * Coordinates are stored only when the PEVO's Location Services setting was on and the browser gave
 * them (both or neither).
 */
export const dispatchEvents = pgTable(
  "dispatch_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    dispatchId: uuid("dispatch_id").notNull(),
    kind: dispatchEventKind("kind").notNull(),
    /** The PEVO the event is about (the one assigned, answering or on the road). */
    pevoId: uuid("pevo_id"),
    /** Who recorded it: the PEVO's login, an admin, or null for an answer through the emailed link. */
    byUserId: text("by_user_id"),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    note: text("note"),
    /**
     * The id the phone made for the write (an answer or step queued offline, ADR 0014): its
     * idempotency key, so a replayed write finds this row instead of adding a second one.
     */
    clientId: uuid("client_id"),
  },
  (t) => [
    ...tenantKeys("dispatch_events", t),
    ref("dispatch_events_dispatch_fk", t, t.dispatchId, dispatches, "cascade"),
    ref("dispatch_events_pevo_fk", t, t.pevoId, pevos, "set null"),
    ref("dispatch_events_by_fk", t, t.byUserId, user, "set null"),
    index("dispatch_events_dispatch_at_idx").on(t.companyId, t.dispatchId, t.at),
    unique("dispatch_events_company_client_id_key").on(t.companyId, t.clientId),
    maxLength("dispatch_events", t.note, TEXT_LIMITS.longText),
    check(
      "dispatch_events_coordinates",
      sql`(${t.lat} is null and ${t.lng} is null) or (${t.lat} between -90 and 90 and ${t.lng} between -180 and 180)`,
    ),
  ],
);

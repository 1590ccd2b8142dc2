import { date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * How many dispatches a company has per pickup day: kept by a trigger on dispatches (migration
 * 0029, written by hand like 0026's open balances), never by the app. The calendar's per-day
 * totals, the dashboard's Upcoming Jobs (this week, not canceled) and Active Jobs (dispatched) read
 * these rows, one per day, instead of every dispatch of the window or of the company's history.
 */
export const dispatchDayCounts = pgTable(
  "dispatch_day_counts",
  {
    // Derived rows: they go with their company.
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    pickupDate: date("pickup_date").notNull(),
    /** Every dispatch of the day, canceled ones included (the calendar's "+N more"). */
    dispatches: integer("dispatches").notNull(),
    canceled: integer("canceled").notNull(),
    dispatched: integer("dispatched").notNull(),
  },
  (t) => [primaryKey({ name: "dispatch_day_counts_pkey", columns: [t.companyId, t.pickupDate] })],
);

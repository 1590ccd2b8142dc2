import { bigint, date, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * The month a change to the dashboard chart's inputs reaches: a counter per company and month of a
 * job's pickup day or a payment's date, raised by triggers (written by hand in their migration) in
 * the changing transaction, never by the app. The row of month 0001-01-01 counts the changes that can
 * move every month (a pay plan). The chart's cached months (margin_months) are current while these
 * counters are where they were when each month was computed (docs/performance.md, the monthly chart).
 */
export const MARGIN_PLANS_MONTH = "0001-01-01";

export const marginMonthChanges = pgTable(
  "margin_month_changes",
  {
    // Derived rows: they go with their company.
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    version: bigint("version", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "margin_month_changes_pkey", columns: [t.companyId, t.month] })],
);

/**
 * The dashboard chart's figures of a month (DECISIONS 'Margin'), as computed at the counters of
 * margin_month_changes it names: the month's row and the pay plans' row. Written by the chart's read
 * (apps/server domain/settlements), recomputed when either counter has moved since.
 */
export const marginMonths = pgTable(
  "margin_months",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    month: date("month").notNull(),
    invoicedCents: bigint("invoiced_cents", { mode: "number" }).notNull(),
    payCents: bigint("pay_cents", { mode: "number" }).notNull(),
    collectedCents: bigint("collected_cents", { mode: "number" }).notNull(),
    monthVersion: bigint("month_version", { mode: "number" }).notNull(),
    plansVersion: bigint("plans_version", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ name: "margin_months_pkey", columns: [t.companyId, t.month] })],
);

import { bigint, index, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

const cents = (name: string) => bigint(name, { mode: "number" });

/**
 * What each PEVO was paid per calendar year (DECISIONS 'Year end: W-9 and 1099-NEC' → Totals): the
 * net of their paid settlements by payment date, kept by triggers on settlements, settlement_jobs
 * and settlement_adjustments (written by hand in its migration, like dispatch_day_counts), never by
 * the app. The 1099-NEC box 1 of domain/tax-profiles: the year end's counts, its recipients page
 * (highest first, by the indexes) and the CSV and Copy B read these rows instead of summing the year's
 * settlement jobs. A row goes when both of its figures come to 0 (no row reads as nothing paid).
 */
export const paidCompensationYears = pgTable(
  "paid_compensation_years",
  {
    // Derived rows: they go with their company.
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    taxYear: integer("tax_year").notNull(),
    // No foreign key: the settlement jobs and adjustments it sums restrict deleting their PEVO.
    pevoId: uuid("pevo_id").notNull(),
    /** Jobs' pay + bonuses − advances − deductions: box 1 when reimbursed expenses are not counted. */
    compensationCents: cents("compensation_cents").notNull(),
    /** The same plus the jobs' reimbursed expenses and reimbursement adjustments: box 1 when counted. */
    withReimbursedCents: cents("with_reimbursed_cents").notNull(),
  },
  (t) => [
    primaryKey({ name: "paid_compensation_years_pkey", columns: [t.companyId, t.taxYear, t.pevoId] }),
    // The recipients page in its order (highest first, then by PEVO) and the counts (> 0, ≥ threshold).
    index("paid_compensation_years_compensation_idx").on(
      t.companyId,
      t.taxYear,
      t.compensationCents.desc(),
      t.pevoId,
    ),
    index("paid_compensation_years_with_reimbursed_idx").on(
      t.companyId,
      t.taxYear,
      t.withReimbursedCents.desc(),
      t.pevoId,
    ),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyId, dispatches, invoices, ref } from "./business";

/**
 * The jobs (dispatches) an invoice bills (DECISIONS 'Consolidated invoices'): one row for a single-job
 * invoice, one per job for a consolidated one. A job is invoiced once: the partial unique index
 * lets one live claim per dispatch, so two requests racing for the same job cannot both commit.
 * Voiding the invoice sets `released_at` (the row stays: a void invoice still shows its jobs) and
 * frees the job; a supplementary invoice (allowAdditional) bills a job it does not claim.
 */
export const invoiceJobs = pgTable(
  "invoice_jobs",
  {
    companyId: companyId(),
    invoiceId: uuid("invoice_id").notNull(),
    dispatchId: uuid("dispatch_id").notNull(),
    /** The job's place on the invoice (its group's order on the PDF). */
    sortOrder: integer("sort_order").notNull().default(0),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ref("invoice_jobs_invoice_fk", t, t.invoiceId, invoices, "cascade"),
    ref("invoice_jobs_dispatch_fk", t, t.dispatchId, dispatches, "restrict"),
    primaryKey({ name: "invoice_jobs_pkey", columns: [t.invoiceId, t.dispatchId] }),
    uniqueIndex("invoice_jobs_dispatch_once_key")
      .on(t.companyId, t.dispatchId)
      .where(sql`${t.releasedAt} is null`),
    index("invoice_jobs_company_invoice_idx").on(t.companyId, t.invoiceId),
  ],
);

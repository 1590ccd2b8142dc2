import { date, index, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * What a company's open invoices still owe, per due date: kept by a trigger on invoices (migration
 * 0026, written by hand), never by the app. The dashboard's Outstanding and Overdue cards sum these
 * few hundred rows instead of every unpaid invoice of the company's history. An invoice counts while
 * it is sent, viewed or partially paid with a balance left (domain/invoices' openWithBalance, apps/server).
 */
export const invoiceOpenBalances = pgTable(
  "invoice_open_balances",
  {
    // Derived rows: they go with their company.
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    dueDate: date("due_date").notNull(),
    balance: numeric("balance", { precision: 16, scale: 2 }).notNull(),
    invoices: integer("invoices").notNull(),
  },
  (t) => [primaryKey({ name: "invoice_open_balances_pkey", columns: [t.companyId, t.dueDate] })],
);

/**
 * What each client's open invoices still owe, and how many there are: kept by a trigger on invoices
 * (written by hand in its migration), never by the app, like invoice_open_balances above. The
 * Receivables screen's default order (largest balance first) walks these rows by the balance index
 * and reads the aging of only the page's clients, instead of grouping every open invoice of the
 * company. A row is a receivables group: a client (client_id), or, for invoices without a client, the
 * customer name printed on them (walk_in_name, null when none). `group_key` is the one key of both:
 * the client's id, 'name:' and the name, or 'none'.
 */
export const clientOpenBalances = pgTable(
  "client_open_balances",
  {
    // Derived rows: they go with their company.
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    groupKey: text("group_key").notNull(),
    // No foreign key: the invoices' own foreign key sets client_id null when a client is deleted, and
    // the trigger then moves the balance to the walk-in name's row.
    clientId: uuid("client_id"),
    walkInName: text("walk_in_name"),
    balance: numeric("balance", { precision: 16, scale: 2 }).notNull(),
    invoices: integer("invoices").notNull(),
  },
  (t) => [
    primaryKey({ name: "client_open_balances_pkey", columns: [t.companyId, t.groupKey] }),
    index("client_open_balances_balance_idx").on(t.companyId, t.balance),
  ],
);

/**
 * How many completed jobs of each client no live invoice claims (Bill jobs, DECISIONS 'Consolidated
 * invoices'): kept by triggers on dispatches, invoice_jobs and rate_confirmations (written by hand in
 * their migration), never by the app. The Bill jobs client list counts and walks these rows instead
 * of probing every client of the company for an unbilled job, and takes each client's job count from
 * them. A client's row goes when its count is 0.
 */
export const clientUnbilledJobs = pgTable(
  "client_unbilled_jobs",
  {
    // Derived rows: they go with their company.
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    // No foreign key: a client with jobs cannot be deleted (rate_confirmations_client_fk restricts).
    clientId: uuid("client_id").notNull(),
    jobs: integer("jobs").notNull(),
  },
  (t) => [primaryKey({ name: "client_unbilled_jobs_pkey", columns: [t.companyId, t.clientId] })],
);

/**
 * The same jobs as client_unbilled_jobs, per client and pickup day (migration 0052, the same
 * triggers): the Bill jobs client list reads a client's first and last unbilled pickup as the
 * first and last of its rows in key order, one index probe each, instead of walking the client's
 * jobs. A day's row goes when its count is 0, so the span never needs recomputing from the jobs.
 */
export const clientUnbilledDays = pgTable(
  "client_unbilled_days",
  {
    // Derived rows: they go with their company.
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    // No foreign key, as client_unbilled_jobs: a client with jobs cannot be deleted.
    clientId: uuid("client_id").notNull(),
    pickupDate: date("pickup_date").notNull(),
    jobs: integer("jobs").notNull(),
  },
  (t) => [
    primaryKey({ name: "client_unbilled_days_pkey", columns: [t.companyId, t.clientId, t.pickupDate] }),
  ],
);

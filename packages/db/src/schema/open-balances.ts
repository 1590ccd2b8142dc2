import { date, integer, numeric, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
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

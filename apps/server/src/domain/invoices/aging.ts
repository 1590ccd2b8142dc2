/**
 * The aging sums of open invoices in SQL, exact (numeric): one definition for the Receivables
 * screen, its totals row, the statement and the dashboard. An invoice is open when its status is sent, viewed or
 * partially paid and a balance is left; its bucket is the days between its due date and the
 * company's today. Past due is the computed overdue rule itself (./invoice-status).
 */
import { invoiceOpenBalances, invoices, missingRow } from "@pevo/db";
import { INVOICE_OPEN_STATUSES } from "@pevo/shared";
import { and, gt, inArray, lt, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { addDaysIso } from "../../lib/dates";
import { type Scope, scoped } from "../../lib/tenant";
import { invoiceToday, overdueCondition } from "./invoice-status";

/** An invoice that still owes something (the rows every aging sum reads). */
export const openWithBalance = () =>
  and(inArray(invoices.status, [...INVOICE_OPEN_STATUSES]), gt(invoices.total, invoices.amountPaid)) as SQL;

const balance = sql`(${invoices.total} - ${invoices.amountPaid})`;
/** sum(amount) over the rows (matching `where`, if given), "0.00" when none: exact decimal text. */
const sumText = (amount: SQLWrapper, where?: SQL) =>
  sql<string>`coalesce(sum(${amount})${where ? sql` filter (where ${where})` : sql``}, 0)::numeric(16,2)::text`;
const sumWhere = (where: SQL) => sumText(balance, where);

/** The aging columns for a select, with today in the company's zone (YYYY-MM-DD). */
export function agingColumns(today: string) {
  // Days past due d = today - due date: 1–30 is due in [today-30, today-1], and so on.
  const since = (days: number) => addDaysIso(today, -days);
  return {
    balance: sumText(balance),
    current: sumWhere(sql`${invoices.dueDate} >= ${today}`),
    days1to30: sumWhere(sql`${invoices.dueDate} < ${today} and ${invoices.dueDate} >= ${since(30)}`),
    days31to60: sumWhere(sql`${invoices.dueDate} < ${since(30)} and ${invoices.dueDate} >= ${since(60)}`),
    days61to90: sumWhere(sql`${invoices.dueDate} < ${since(60)} and ${invoices.dueDate} >= ${since(90)}`),
    over90: sumWhere(sql`${invoices.dueDate} < ${since(90)}`),
    overdue: sumWhere(overdueCondition(today)),
    openInvoices: sql<number>`count(*)::int`,
  };
}

/**
 * The company's whole open balance and its past-due part (against the company's today), as the
 * aging columns `balance` and `overdue` would sum them, read from the per-due-date totals the
 * invoices trigger keeps (invoice_open_balances): a few hundred rows for years of invoices.
 */
export async function openBalances(scope: Scope): Promise<{ outstanding: string; overdue: string }> {
  const today = await invoiceToday(scope.db, scope);
  const { balance: owed, dueDate } = invoiceOpenBalances;
  const [row = missingRow("invoiceOpenBalances")] = await scope.db
    .select({ outstanding: sumText(owed), overdue: sumText(owed, lt(dueDate, today)) })
    .from(invoiceOpenBalances)
    .where(scoped(invoiceOpenBalances, scope));
  return row;
}

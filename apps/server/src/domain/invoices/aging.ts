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

/** The aging sums of `owed` by `due` (rows that are all open), with `counted` as the open invoices. */
function agingOf(today: string, owed: SQLWrapper, due: SQLWrapper, pastDue: SQL, counted: SQL<number>) {
  // Days past due d = today - due date: 1–30 is due in [today-30, today-1], and so on.
  const since = (days: number) => addDaysIso(today, -days);
  const sumWhere = (where: SQL) => sumText(owed, where);
  return {
    balance: sumText(owed),
    current: sumWhere(sql`${due} >= ${today}`),
    days1to30: sumWhere(sql`${due} < ${today} and ${due} >= ${since(30)}`),
    days31to60: sumWhere(sql`${due} < ${since(30)} and ${due} >= ${since(60)}`),
    days61to90: sumWhere(sql`${due} < ${since(60)} and ${due} >= ${since(90)}`),
    over90: sumWhere(sql`${due} < ${since(90)}`),
    overdue: sumWhere(pastDue),
    openInvoices: counted,
  };
}

/**
 * The aging columns for a select over open invoices (openWithBalance), with today in the company's
 * zone (YYYY-MM-DD). Past due is the computed overdue rule itself (./invoice-status).
 */
export const agingColumns = (today: string) =>
  agingOf(today, balance, invoices.dueDate, overdueCondition(today), sql<number>`count(*)::int`);

/**
 * The same columns summed from the per-due-date totals the invoices trigger keeps
 * (invoice_open_balances): the company's totals from a few hundred rows, not every open invoice.
 */
export const keptAgingColumns = (today: string) =>
  agingOf(
    today,
    invoiceOpenBalances.balance,
    invoiceOpenBalances.dueDate,
    // Every kept row is open, so past due is its due date alone (the overdue rule's last condition).
    lt(invoiceOpenBalances.dueDate, today),
    sql<number>`coalesce(sum(${invoiceOpenBalances.invoices}), 0)::int`,
  );

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

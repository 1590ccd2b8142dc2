/**
 * A client's statement (DECISIONS 'Invoices', Receivables): every open invoice of the client with what
 * was paid on it, the aging of what is left and the amount due, the client's unapplied credit and its
 * history and the balance after it (DECISIONS 'Client credit'), as of the company's today. Sums come
 * from SQL (./aging); features/receivables prints them.
 */
import { invoices, payments } from "@pevo/db";
import {
  CLIENT_CREDIT_KIND_LABELS,
  fromCents,
  PAYMENT_METHOD_LABELS,
  type TAging,
  toCents,
} from "@pevo/shared";
import { asc, eq, inArray } from "drizzle-orm";
import { type Scope, scoped } from "../../lib/tenant";
import { getClient } from "../clients";
import { agingColumns, openWithBalance } from "./aging";
import { clientCredit } from "./client-credit";
import { balanceOf, invoiceToday } from "./invoice-status";

/** The statement's data: the client, its open invoices, their payments and the aging totals. */
export async function clientStatement(scope: Scope, clientId: string, now = new Date()) {
  const { db } = scope;
  const { id, name, address, email } = await getClient(scope, clientId);
  const client = { id, name, address, email };
  const today = await invoiceToday(db, scope, now);
  const open = scoped(invoices, scope, eq(invoices.clientId, clientId), openWithBalance());
  const [rows, [aging], credit] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        issueDate: invoices.issueDate,
        dueDate: invoices.dueDate,
        total: invoices.total,
        amountPaid: invoices.amountPaid,
      })
      .from(invoices)
      .where(open)
      .orderBy(asc(invoices.dueDate), asc(invoices.invoiceNumber)),
    db.select(agingColumns(today)).from(invoices).where(open),
    clientCredit(scope, clientId),
  ]);
  const paid =
    rows.length === 0
      ? []
      : await db
          .select({
            date: payments.date,
            invoiceId: payments.invoiceId,
            amountCents: payments.amountCents,
            method: payments.method,
            reference: payments.reference,
          })
          .from(payments)
          .where(
            scoped(
              payments,
              scope,
              inArray(
                payments.invoiceId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .orderBy(asc(payments.date), asc(payments.createdAt));
  const numberOf = new Map(rows.map((r) => [r.id, r.invoiceNumber]));
  return {
    today,
    client,
    invoices: rows.map(({ id: _id, ...r }) => ({
      ...r,
      balance: balanceOf(r),
    })),
    payments: paid.map((p) => ({
      date: p.date,
      invoiceNumber: numberOf.get(p.invoiceId) ?? "",
      amount: fromCents(p.amountCents),
      method: PAYMENT_METHOD_LABELS[p.method],
      reference: p.reference,
    })),
    aging: aging as TAging,
    // The client's balance is the open invoices' balance minus its unapplied credit (DECISIONS 'Client credit').
    credit: credit.credit,
    netBalance: fromCents(toCents((aging as TAging).balance) - toCents(credit.credit)),
    creditHistory: credit.entries.map((e) => ({
      date: e.date,
      kind: CLIENT_CREDIT_KIND_LABELS[e.kind],
      invoiceNumber: e.invoiceNumber,
      amount: e.amount,
    })),
  };
}

/** What `clientStatement` answers (the statement PDF prints it). */
export type TClientStatement = Awaited<ReturnType<typeof clientStatement>>;

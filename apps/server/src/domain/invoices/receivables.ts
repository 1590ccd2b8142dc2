/**
 * Receivables (DECISIONS 'Invoices'): the open balance of each client with aging buckets, a page of clients
 * at a time (a company may bill thousands), and the totals of all of them. Sums are SQL numeric.
 */
import { clients, invoices, missingRow } from "@pevo/db";
import {
  fromCents,
  type ReceivablesSort,
  type TReceivablesParams,
  type TReceivablesResponse,
  toCents,
} from "@pevo/shared";
import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { countUpTo, offsetPageOf } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { agingColumns, openWithBalance } from "./aging";
import { companyCreditCents, creditOfInvoiceClientSql } from "./client-credit";
import { invoiceToday } from "./invoice-status";

const NO_CLIENT = "No client";

/**
 * Invoices without a client (the client was deleted, or none was picked) are grouped by the
 * customer name printed on them.
 */
const walkInName = sql`case when ${invoices.clientId} is null then ${invoices.customerName} end`;
const clientName = sql<string>`coalesce(max(${clients.name}), max(${invoices.customerName}), ${NO_CLIENT})`;

export async function listReceivables(
  scope: Scope,
  params: TReceivablesParams,
  now = new Date(),
): Promise<TReceivablesResponse> {
  const { db } = scope;
  const today = await invoiceToday(db, scope, now);
  const aging = agingColumns(today);
  const where = scoped(invoices, scope, openWithBalance());
  const oldestDueDate = sql<string>`min(${invoices.dueDate})`;
  const sorts: Record<ReceivablesSort, SQL> = {
    clientName: clientName,
    balance: aging.balance,
    overdue: aging.overdue,
    oldestDueDate,
  };
  const by = params.dir === "asc" ? asc : desc;
  const grouped = () =>
    db
      .select({
        clientId: invoices.clientId,
        clientName,
        oldestDueDate,
        ...aging,
        creditCents: creditOfInvoiceClientSql(scope),
      })
      .from(invoices)
      // The client is the invoice's company's (the foreign key includes company_id).
      .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.companyId, invoices.companyId)))
      .where(where)
      .groupBy(invoices.clientId, walkInName)
      .$dynamic();
  const [page, [totals = missingRow("invoices")], allCreditCents] = await Promise.all([
    offsetPageOf(params, {
      rows: (limit, offset) =>
        grouped()
          // Money sorts compare numbers, not their text; ties in a stable order (name, then id).
          .orderBy(
            by(
              params.sort === "clientName" || params.sort === "oldestDueDate"
                ? sorts[params.sort]
                : sql`${sorts[params.sort]}::numeric`,
            ),
            asc(clientName),
            sql`${invoices.clientId} nulls last`,
            asc(walkInName),
          )
          .limit(limit)
          .offset(offset),
      count: () => countUpTo(db, grouped()),
    }),
    db.select(aging).from(invoices).where(where),
    companyCreditCents(db, scope),
  ]);
  // A client's balance is what its open invoices owe minus its unapplied credit (DECISIONS 'Client credit').
  const withCredit = (balance: string, creditCents: number) => ({
    credit: fromCents(creditCents),
    netBalance: fromCents(toCents(balance) - creditCents),
  });
  return {
    ...page,
    items: page.items.map(({ creditCents, ...row }) => ({ ...row, ...withCredit(row.balance, creditCents) })),
    today,
    totals: { ...totals, ...withCredit(totals.balance, allCreditCents) },
  };
}

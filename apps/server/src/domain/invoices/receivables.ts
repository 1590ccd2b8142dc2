/**
 * Receivables (DECISIONS 'Invoices'): the open balance of each client with aging buckets, a page of clients
 * at a time (a company may bill thousands), and the totals of all of them. Sums are SQL numeric.
 */
import { clientOpenBalances, clients, invoiceOpenBalances, invoices, missingRow } from "@pevo/db";
import {
  fromCents,
  type ReceivablesSort,
  type TReceivablesParams,
  type TReceivablesResponse,
  toCents,
} from "@pevo/shared";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { countUpTo, offsetPageOf } from "../../lib/paging";
import { type Scope, scoped } from "../../lib/tenant";
import { agingColumns, keptAgingColumns, openWithBalance } from "./aging";
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
        walkIn: sql<string | null>`${walkInName}`,
        clientName,
        oldestDueDate,
        ...aging,
        creditCents: creditOfInvoiceClientSql(scope),
      })
      .from(invoices)
      // The client is the invoice's company's (the foreign key includes company_id).
      .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.companyId, invoices.companyId)))
      .groupBy(invoices.clientId, walkInName)
      .$dynamic();
  /**
   * The largest (or smallest) balances first, the default: the page's groups are chosen from the
   * per-client totals the invoices trigger keeps (client_open_balances, by its balance index), then
   * only their open invoices are aged. Grouping every open invoice of the company to sort them cost
   * what the company's history does (docs/performance.md). Ties in the same order as below.
   */
  const keptName = sql<string>`coalesce(${clients.name}, ${clientOpenBalances.walkInName}, ${NO_CLIENT})`;
  const byKeptBalance = () =>
    offsetPageOf(params, {
      rows: async (limit, offset) => {
        const groups = await db
          .select({ clientId: clientOpenBalances.clientId, walkInName: clientOpenBalances.walkInName })
          .from(clientOpenBalances)
          .leftJoin(
            clients,
            and(
              eq(clients.id, clientOpenBalances.clientId),
              eq(clients.companyId, clientOpenBalances.companyId),
            ),
          )
          .where(scoped(clientOpenBalances, scope))
          .orderBy(
            by(clientOpenBalances.balance),
            asc(keptName),
            sql`${clientOpenBalances.clientId} nulls last`,
            asc(clientOpenBalances.walkInName),
          )
          .limit(limit)
          .offset(offset);
        if (groups.length === 0) return [];
        const clientIds = groups.flatMap((g) => (g.clientId ? [g.clientId] : []));
        const walkIns = groups.filter((g) => !g.clientId);
        const names = walkIns.flatMap((g) => (g.walkInName === null ? [] : [g.walkInName]));
        const ofGroups = or(
          clientIds.length ? inArray(invoices.clientId, clientIds) : undefined,
          names.length ? and(isNull(invoices.clientId), inArray(invoices.customerName, names)) : undefined,
          walkIns.some((g) => g.walkInName === null)
            ? and(isNull(invoices.clientId), isNull(invoices.customerName))
            : undefined,
        );
        // scoped: `where` is scoped(invoices, scope, …); ofGroups only narrows it to the page's clients.
        const aged = await grouped().where(and(where, ofGroups));
        // Back in the page's order; a group paid off between the two reads is left out.
        const keyOf = (clientId: string | null, walkIn: string | null) => JSON.stringify([clientId, walkIn]);
        const byKey = new Map(aged.map(({ walkIn, ...row }) => [keyOf(row.clientId, walkIn), row]));
        return groups.flatMap((g) => {
          const row = byKey.get(keyOf(g.clientId, g.walkInName));
          return row ? [row] : [];
        });
      },
      count: (cap) =>
        countUpTo(
          db,
          db
            .select({ one: sql`1` })
            .from(clientOpenBalances)
            .where(scoped(clientOpenBalances, scope))
            .$dynamic(),
          cap,
        ),
    });
  const byGrouping = () =>
    offsetPageOf(params, {
      rows: async (limit, offset) =>
        (
          await grouped()
            .where(where)
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
            .offset(offset)
        ).map(({ walkIn: _, ...row }) => row),
      count: () => countUpTo(db, grouped().where(where)),
    });
  const [page, [totals = missingRow("invoiceOpenBalances")], allCreditCents] = await Promise.all([
    params.sort === "balance" ? byKeptBalance() : byGrouping(),
    // The totals from the per-due-date totals (invoice_open_balances), the same sums as over the invoices.
    db.select(keptAgingColumns(today)).from(invoiceOpenBalances).where(scoped(invoiceOpenBalances, scope)),
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

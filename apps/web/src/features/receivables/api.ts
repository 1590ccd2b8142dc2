import { INVOICE_OPEN_STATUSES, type TReceivablesRow } from "@pevo/shared";
import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";

const receivables = client.api.receivables;
/** Under the invoices' key: a payment, a send or a void refreshes the receivables too. */
const key = [...queryKeys.invoices, "receivables"] as const;

export type ReceivablesQuery = Record<string, string>;

/** One page (desktop) or the loaded pages (phone) of the clients with an open balance. */
export function useReceivables(query: ReceivablesQuery, page: number) {
  return usePagedQuery<TReceivablesRow>([...key, "list", query], page, (p) =>
    call(receivables.$get({ query: { ...query, page: String(p) } })),
  );
}

/** The totals of every client and the company's today they were aged against. */
export function useReceivablesTotals() {
  return useQuery({
    queryKey: [...key, "totals"],
    queryFn: async () => {
      const { totals, today } = await call(receivables.$get({ query: { pageSize: "1" } }));
      return { totals, today };
    },
  });
}

/**
 * The invoice list filtered to the client's open invoices (the row's click-through). A row of
 * invoices without a client (grouped by the customer name typed on them) has none: the list has no
 * filter that selects exactly those, and the open invoices of everyone would be the wrong answer.
 */
export function openInvoicesHref(row: Pick<TReceivablesRow, "clientId">) {
  if (!row.clientId) return undefined;
  const query = new URLSearchParams({ status: INVOICE_OPEN_STATUSES.join(","), clientId: row.clientId });
  return `/invoices?${query.toString()}`;
}

/** The export period in the address (periodFrom / periodTo): not a filter of the list itself. */
export const PERIOD_PARAMS = ["periodFrom", "periodTo"] as const;

/** The payments received in the period, as CSV. */
export function paymentsCsvHref(from?: string, to?: string) {
  return receivables["payments.csv"].$path({ query: { dateFrom: from, dateTo: to } });
}

/** The invoices issued in the period, as a QuickBooks Online invoice import CSV. */
export function quickBooksCsvHref(from?: string, to?: string) {
  return receivables["quickbooks.csv"].$path({ query: { issueFrom: from, issueTo: to } });
}

/** The credit notes dated in the period, as a QuickBooks Online credit memo CSV. */
export function quickBooksCreditMemosCsvHref(from?: string, to?: string) {
  return receivables["quickbooks-credit-memos.csv"].$path({ query: { dateFrom: from, dateTo: to } });
}

/** The payments received in the period, as a QuickBooks Online received-payment CSV. */
export function quickBooksPaymentsCsvHref(from?: string, to?: string) {
  return receivables["quickbooks-payments.csv"].$path({ query: { dateFrom: from, dateTo: to } });
}

/** The client's statement PDF (open invoices, payments, aging); none for invoices without a client. */
export const statementHref = (clientId: string) =>
  receivables.clients[":id"]["statement.pdf"].$path({ param: pathParams({ id: clientId }) });

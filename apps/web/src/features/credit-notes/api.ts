import type { TCreditNoteListItem, TIssueCreditNoteInput, TSendInvoiceInput } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";

const creditNotes = client.api["credit-notes"];
/** Under the invoices' key: an invoice's change (live event, mutation) refetches its credit notes too. */
const creditNotesKey = [...queryKeys.invoices, "credit-notes"] as const;

/** The address of a credit note's PDF (a download). */
export const creditNotePdfHref = (id: string) => creditNotes[":id"].pdf.$path({ param: pathParams({ id }) });

/** One page (desktop) or the loaded pages (phone) of the company's credit notes, newest first. */
export function useCreditNoteList(query: Record<string, string>, page: number) {
  return usePagedQuery<TCreditNoteListItem>([...creditNotesKey, "list", query], page, (p) =>
    call(creditNotes.$get({ query: { ...query, page: String(p) } })),
  );
}

/** The credit notes of one invoice (an invoice has a handful: the first 100). */
export function useInvoiceCreditNotes(invoiceId: string) {
  return useQuery({
    queryKey: [...creditNotesKey, "invoice", invoiceId],
    queryFn: () => call(creditNotes.$get({ query: { invoiceId, pageSize: "100" } })),
  });
}

/** Issuing changes the invoice (balance, status, payments), its credit notes, lists and dashboard. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
}

export function useIssueCreditNote(invoiceId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TIssueCreditNoteInput) =>
      call(
        client.api.invoices[":id"]["credit-notes"].$post({
          param: pathParams({ id: invoiceId }),
          json: data,
        }),
      ),
    onSuccess: () => void refresh(),
  });
}

export function useSendCreditNote(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TSendInvoiceInput) =>
      call(creditNotes[":id"].send.$post({ param: pathParams({ id }), json: data })),
    onSuccess: () => void refresh(),
  });
}

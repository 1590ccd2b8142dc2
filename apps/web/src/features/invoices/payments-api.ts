import type {
  TInvoiceNotes,
  TRecordPayment,
  TReissueInvoice,
  TSendInvoiceInput,
  TVoidInvoice,
} from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const invoices = client.api.invoices;
/** Under the invoice's key: a change of the invoice (live event, mutation) refetches it too. */
const paymentsKey = (id: string) => [...queryKeys.invoice(id), "payments"] as const;

/**
 * Everything an invoice action changes: the invoice (and its payments), the list, dispatches,
 * dashboard, and the clients' credit (a payment above the balance adds to it).
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices }),
      queryClient.invalidateQueries({ queryKey: queryKeys.clients }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dispatches }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
    ]);
}

export function useInvoicePayments(id: string) {
  return useQuery({
    queryKey: paymentsKey(id),
    queryFn: () => call(invoices[":id"].payments.$get({ param: pathParams({ id }) })),
  });
}

export function useRecordPayment(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TRecordPayment) =>
      call(invoices[":id"].payments.$post({ param: pathParams({ id }), json: data })),
    onSuccess: () => void refresh(),
  });
}

export function useDeletePayment(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (paymentId: string) =>
      call(invoices[":id"].payments[":paymentId"].$delete({ param: pathParams({ id, paymentId }) })),
    onSuccess: () => void refresh(),
  });
}

export function useSendInvoice(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TSendInvoiceInput) =>
      call(invoices[":id"].send.$post({ param: pathParams({ id }), json: data })),
    onSuccess: () => void refresh(),
  });
}

export function useVoidInvoice(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TVoidInvoice) =>
      call(invoices[":id"].void.$post({ param: pathParams({ id }), json: data })),
    onSuccess: () => void refresh(),
  });
}

/** Void and reissue: answers the new draft (the page then opens it). */
export function useReissueInvoice(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TReissueInvoice) =>
      call(invoices[":id"].reissue.$post({ param: pathParams({ id }), json: data })),
    onSuccess: (draft) => {
      queryClient.setQueryData(queryKeys.invoice(draft.id), draft);
      void refresh();
    },
  });
}

/** The notes, the one part of a sent invoice that stays editable. */
export function useUpdateInvoiceNotes(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (data: TInvoiceNotes) =>
      call(invoices[":id"].notes.$put({ param: pathParams({ id }), json: data })),
    onSuccess: () => void refresh(),
  });
}

/** Assigns the invoice to the company's factoring company, or takes it back. */
export function useSetFactored(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (factored: boolean) =>
      call(invoices[":id"].factoring.$post({ param: pathParams({ id }), json: { factored } })),
    onSuccess: () => void refresh(),
  });
}

/** Emails the factored invoice's documents to the factor. */
export function useSendToFactor(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (message: string) =>
      call(invoices[":id"]["send-to-factor"].$post({ param: pathParams({ id }), json: { message } })),
    onSuccess: () => void refresh(),
  });
}

import type { TApplyClientCredit, TRefundClientCredit } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const clients = client.api.clients;

/** The client's unapplied credit and its latest entries (DECISIONS 'Client credit'). */
export function useClientCredit(clientId: string | null | undefined) {
  return useQuery({
    queryKey: queryKeys.clientCredit(clientId ?? ""),
    queryFn: () => call(clients[":id"].credit.$get({ param: pathParams({ id: clientId ?? "" }) })),
    enabled: Boolean(clientId),
  });
}

/** The client's open invoices (sent, viewed, partially paid), the ones credit can be applied to. */
export function useOpenInvoicesOf(clientId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.invoices, "open-of-client", clientId],
    queryFn: () =>
      call(
        client.api.invoices.$get({
          query: {
            clientId,
            status: "sent,viewed,partially_paid",
            sort: "dueDate",
            dir: "asc",
            pageSize: "100",
          },
        }),
      ),
    enabled,
  });
}

/** Credit moves invoices (balances, statuses), receivables and the credit itself. */
function useRefresh(clientId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.clientCredit(clientId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invoices }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
      queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
    ]);
}

export function useApplyClientCredit(clientId: string) {
  const refresh = useRefresh(clientId);
  return useMutation({
    mutationFn: (data: TApplyClientCredit) =>
      call(clients[":id"].credit.applications.$post({ param: pathParams({ id: clientId }), json: data })),
    onSuccess: () => void refresh(),
  });
}

export function useRefundClientCredit(clientId: string) {
  const refresh = useRefresh(clientId);
  return useMutation({
    mutationFn: (data: TRefundClientCredit) =>
      call(clients[":id"].credit.refunds.$post({ param: pathParams({ id: clientId }), json: data })),
    onSuccess: () => void refresh(),
  });
}

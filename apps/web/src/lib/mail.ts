import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";

/**
 * Retry of a record's email (POST /api/mail/{jobId}/retry): queued again and delivered at once.
 * Every screen that shows a mail state refetches (the invoice, the signature card, the dispatch).
 */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      call(client.api.mail[":jobId"].retry.$post({ param: pathParams({ jobId }) })),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}

import type { TMailState } from "@pevo/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { call, client, pathParams } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/**
 * Retry of a record's email (POST /api/mail/{jobId}/retry): queued again and delivered at once.
 * Every screen that shows a mail state refetches (the invoice, the signature card, the dispatch,
 * a PEVO's or an admin's invitation).
 */
export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) =>
      call(client.api.mail[":jobId"].retry.$post({ param: pathParams({ jobId }) })),
    onSettled: () => void queryClient.invalidateQueries(),
  });
}

/**
 * A send dialog's email that did not go: `settle` reads the send's answer (closes the dialog when
 * the email went, else keeps it open with the mail's state and says so); an edit of the form
 * `clear`s it, so the button reads Send again.
 */
export function useMailNotSent() {
  const [notSent, setNotSent] = useState<{ mail: TMailState | null } | null>(null);
  return {
    notSent,
    settle: (answer: { mailSent: boolean }, mail: TMailState | null, onSent: () => void) => {
      if (answer.mailSent) return onSent();
      setNotSent({ mail });
      toast.error("The email was not sent");
    },
    clear: () => setNotSent(null),
  };
}

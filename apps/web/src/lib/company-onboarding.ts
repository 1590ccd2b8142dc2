import type { TOnboarding } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { readResponse } from "./api";
import { call, client } from "./api-client";
import { earlyOr, earlyReads } from "./early-reads";
import { queryKeys } from "./query-keys";

/** The first-sign-in set-up, the Get started checklist (ticked by the server from real data) and the logo. */
export const useOnboarding = () =>
  useQuery({
    queryKey: queryKeys.onboarding,
    // On a full page load of /dashboard public/boot.js has already asked.
    queryFn: () => call(earlyOr(earlyReads.onboarding, () => client.api.company.onboarding.$get())),
  });

function useOnboardingWrite<T>(write: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.onboarding }),
  });
}

/** Uploads the company logo (PNG or JPEG, sniffed and bounded by the server). */
export const useUploadLogo = () =>
  useOnboardingWrite(async (file: File) => {
    const body = new FormData();
    body.set("file", file);
    return readResponse(await fetch("/api/company/logo", { method: "PUT", body }));
  });

export const useRemoveLogo = () => useOnboardingWrite(() => call(client.api.company.logo.$delete()));

export const useDismissChecklist = () =>
  useOnboardingWrite(() => call(client.api.company.onboarding["dismiss-checklist"].$post()));

/** The first-sign-in set-up was saved or skipped: the server stops showing it. */
export function useFinishSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.api.company.onboarding["setup-done"].$post()),
    onSuccess: () => {
      queryClient.setQueryData<TOnboarding>(queryKeys.onboarding, (old) =>
        old ? { ...old, setupPending: false } : old,
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.onboarding });
    },
  });
}

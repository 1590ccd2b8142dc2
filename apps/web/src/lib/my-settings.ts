import type { TUserSettings } from "@pevo/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call, client } from "@/lib/api-client";
import { earlyOr, earlyReads } from "@/lib/early-reads";
import { queryKeys } from "@/lib/query-keys";
import { useTheme } from "./theme";

/** GET /api/me/settings: the signed-in user's saved preferences and read-only account facts. */
export type TMySettings = {
  account: { email: string; role: string; companyName: string; contactName: string };
  settings: TUserSettings;
};

export const mySettingsQuery = queryOptions({
  queryKey: queryKeys.mySettings,
  // On a full page load of /pevo or /dashboard public/boot.js has already asked.
  queryFn: () => call(earlyOr(earlyReads.mySettings, () => client.api.me.settings.$get())),
  staleTime: 5 * 60_000,
});

export const useMySettings = () => useQuery(mySettingsQuery);

const saveKey = [...queryKeys.mySettings, "save"] as const;

/**
 * Saves one toggle at once: the switch moves immediately (optimistic), the whole settings object is
 * PUT, and a failure puts back only that toggle, so a quick second toggle is not lost.
 */
export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveKey,
    mutationFn: async ({ key, value }: { key: keyof TUserSettings; value: boolean }) => {
      const current = queryClient.getQueryData<TMySettings>(queryKeys.mySettings);
      if (!current) throw new Error("Settings are not loaded yet");
      return call(client.api.me.settings.$put({ json: { ...current.settings, [key]: value } }));
    },
    onMutate: async ({ key, value }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.mySettings, exact: true });
      const previous = queryClient.getQueryData<TMySettings>(queryKeys.mySettings)?.settings[key];
      queryClient.setQueryData<TMySettings>(queryKeys.mySettings, (old) =>
        old ? { ...old, settings: { ...old.settings, [key]: value } } : old,
      );
      return { previous };
    },
    onError: (_error, { key }, context) => {
      if (context?.previous === undefined) return;
      const previous = context.previous;
      queryClient.setQueryData<TMySettings>(queryKeys.mySettings, (old) =>
        old ? { ...old, settings: { ...old.settings, [key]: previous } } : old,
      );
    },
    onSettled: () => {
      // Refetch once the last of a quick series of toggles has settled.
      if (queryClient.isMutating({ mutationKey: saveKey }) <= 1) {
        return queryClient.invalidateQueries({ queryKey: queryKeys.mySettings, exact: true });
      }
    },
  });
}

/** Follows the saved Dark Mode preference wherever the user signs in (both layouts call it). */
export function useSavedTheme() {
  const { data } = useMySettings();
  const { setTheme } = useTheme();
  const dark = data?.settings.darkMode;
  useEffect(() => {
    if (dark !== undefined) setTheme(dark ? "dark" : "light");
  }, [dark, setTheme]);
}

import type { TCompanySettingsInput } from "@pevo/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";

export type { TTeamMember } from "@pevo/shared";

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanySettingsInput) => call(client.api.company.$put({ json: body })),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.company, data);
      queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

/** A page of the company's admins (sorted and searched on the server; the query is the address's). */
export const useTeam = (query: Record<string, string>, page: number) =>
  usePagedQuery([...queryKeys.team, "list", query], page, (p) =>
    call(client.api.company.team.$get({ query: { ...query, page: String(p) } })),
  );

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; email: string }) =>
      call(client.api.company.team.$post({ json: body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team }),
  });
}

/** Removes an admin of the company: their login is deleted and they are signed out at once. */
export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      call(client.api.company.team[":userId"].$delete({ param: pathParams({ userId }) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team }),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      // Better Auth's own endpoint (/api/auth/*): not in AppType, so it stays on api().
      api("/api/auth/change-password", { method: "POST", body: { ...body, revokeOtherSessions: true } }),
  });

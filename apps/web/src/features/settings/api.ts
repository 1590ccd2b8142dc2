import type { TCompanySettingsInput } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { call, client, pathParams } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type TTeamMember = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
};

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

export const useTeam = () =>
  useQuery({ queryKey: queryKeys.team, queryFn: () => call(client.api.company.team.$get()) });

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

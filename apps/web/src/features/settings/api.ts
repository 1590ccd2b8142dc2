import type { TCompanySettings, TCompanySettingsInput } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
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
    mutationFn: (body: TCompanySettingsInput) =>
      api<TCompanySettings>("/api/company", { method: "PUT", body }),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.company, data);
      queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}

export const useTeam = () =>
  useQuery({ queryKey: queryKeys.team, queryFn: () => api<TTeamMember[]>("/api/company/team") });

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; email: string }) => api("/api/company/team", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team }),
  });
}

/** Removes an admin of the company: their login is deleted and they are signed out at once. */
export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api<void>(`/api/company/team/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team }),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api("/api/auth/change-password", { method: "POST", body: { ...body, revokeOtherSessions: true } }),
  });

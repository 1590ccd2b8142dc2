import type { TCompanySettings, TCompanySettingsInput } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type TTeamMember = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: string;
};

export const useCompany = () =>
  useQuery({ queryKey: ["company"], queryFn: () => api<TCompanySettings>("/api/company") });

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCompanySettingsInput) =>
      api<TCompanySettings>("/api/company", { method: "PUT", body }),
    onSuccess: (data) => {
      queryClient.setQueryData(["company"], data);
      queryClient.invalidateQueries({ queryKey: ["me"] });
    },
  });
}

export const useTeam = () =>
  useQuery({ queryKey: ["team"], queryFn: () => api<TTeamMember[]>("/api/company/team") });

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; email: string }) => api("/api/company/team", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["team"] }),
  });
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      api("/api/auth/change-password", { method: "POST", body: { ...body, revokeOtherSessions: true } }),
  });

import type { TTaxInfo, TTaxProfileData, TTaxYear, TTaxYearSettings } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { queryKeys } from "@/lib/query-keys";

const api = client.api;

/** Whose W-9: the signed-in PEVO's own (portal) or a PEVO's on the office's PEVO page. */
export type TaxOwner = { kind: "portal" } | { kind: "pevo"; id: string };

const keyOf = (owner: TaxOwner) =>
  owner.kind === "portal" ? queryKeys.portalTaxInfo : queryKeys.pevoTaxInfo(owner.id);

export function useTaxInfo(owner: TaxOwner) {
  return useQuery<TTaxInfo>({
    queryKey: keyOf(owner),
    queryFn: () =>
      owner.kind === "portal"
        ? call(api.portal["tax-profile"].$get())
        : call(api.pevos[":id"]["tax-profile"].$get({ param: pathParams({ id: owner.id }) })),
  });
}

export function useSaveTaxInfo(owner: TaxOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: TTaxProfileData) =>
      owner.kind === "portal"
        ? call(api.portal["tax-profile"].$put({ json }))
        : call(api.pevos[":id"]["tax-profile"].$put({ param: pathParams({ id: owner.id }), json })),
    onSuccess: (info) => {
      queryClient.setQueryData(keyOf(owner), info);
      void queryClient.invalidateQueries({ queryKey: queryKeys.taxYears });
    },
  });
}

/** The office's logged look at a PEVO's TIN: never cached, never kept in a query. */
export function useRevealTin(pevoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(api.pevos[":id"]["tax-profile"].reveal.$post({ param: pathParams({ id: pevoId }) })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.activity }),
  });
}

export function useTaxYear(year: number) {
  return useQuery<TTaxYear>({
    queryKey: queryKeys.taxYear(year),
    queryFn: () => call(api["tax-years"][":year"].$get({ param: { year: String(year) } })),
  });
}

const LIST_PAGE_SIZE = 25;

/** The PEVOs paid in the year, highest first, a page at a time. */
export function useTaxYearRecipients(year: number, page: number) {
  const param = { year: String(year) };
  const query = { pageSize: String(LIST_PAGE_SIZE) };
  return usePagedQuery([...queryKeys.taxYear(year), "recipients"], page, (p) =>
    call(api["tax-years"][":year"].recipients.$get({ param, query: { ...query, page: String(p) } })),
  );
}

/** The active PEVOs without a complete W-9, by name, a page at a time. */
export function useMissingW9s(year: number, page: number) {
  const param = { year: String(year) };
  const query = { pageSize: String(LIST_PAGE_SIZE) };
  return usePagedQuery([...queryKeys.taxYear(year), "missing-w9s"], page, (p) =>
    call(api["tax-years"][":year"]["missing-w9s"].$get({ param, query: { ...query, page: String(p) } })),
  );
}

export function useSaveTaxYear(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: TTaxYearSettings) =>
      call(api["tax-years"][":year"].$put({ param: { year: String(year) }, json })),
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.taxYear(year), data);
      // The threshold decides each recipient's "Due".
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.taxYear(year), "recipients"] });
    },
  });
}

export const form1099CsvHref = (year: number) =>
  api["tax-years"][":year"]["1099-nec.csv"].$path({ param: { year: String(year) } });
export const copyBHref = (year: number, pevoId: string) =>
  api["tax-years"][":year"]["1099-nec"][":pevoId"]["copy-b.pdf"].$path({
    param: { year: String(year), pevoId },
  });

import type { TJobMargin } from "@pevo/shared";
import { call } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";
import { marginsKey, reports } from "./api";

// The jobs report's reads, apart from the cards' (api.ts): the dashboard's margin card loads no
// paged-list code (docs/performance.md).

export type JobsReportQuery = Record<string, string>;

/** One page (desktop) or the loaded pages (phone) of the jobs report (DECISIONS 'Margin'). */
export function useJobsReport(query: JobsReportQuery, page: number) {
  return usePagedQuery<TJobMargin>([...marginsKey, "jobs", query], page, (p) =>
    call(reports.jobs.$get({ query: { ...query, page: String(p) } })),
  );
}

/** The report's CSV with the same filters. */
export const jobsReportCsvHref = (query: JobsReportQuery) => reports.jobs["export.csv"].$path({ query });

import type { TJobMargin } from "@pevo/shared";
import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { usePagedQuery } from "@/lib/paged-query";

const reports = client.api.reports;
/** Under the invoices' key: an invoice, a payment or a settlement's change refreshes the margins. */
const key = ["invoices", "margins"] as const;

export type JobsReportQuery = Record<string, string>;

/** One page (desktop) or the loaded pages (phone) of the jobs report (DECISIONS 'Margin'). */
export function useJobsReport(query: JobsReportQuery, page: number) {
  return usePagedQuery<TJobMargin>([...key, "jobs", query], page, (p) =>
    call(reports.jobs.$get({ query: { ...query, page: String(p) } })),
  );
}

/** The report's CSV with the same filters. */
export const jobsReportCsvHref = (query: JobsReportQuery) => reports.jobs["export.csv"].$path({ query });

/** One dispatch's invoiced amount, PEVO pay and margin (the dispatch page). */
export function useJobMargin(dispatchId: string) {
  return useQuery({
    queryKey: [...key, "job", dispatchId],
    queryFn: () => call(reports.jobs[":id"].$get({ param: pathParams({ id: dispatchId }) })),
  });
}

/** The dashboard chart's last 12 months. */
export function useMonthlyMargins() {
  return useQuery({
    queryKey: [...key, "monthly"],
    queryFn: () => call(reports.monthly.$get({ query: {} })),
  });
}

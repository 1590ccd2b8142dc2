import { useQuery } from "@tanstack/react-query";
import { call, client, pathParams } from "@/lib/api-client";
import { earlyOr, earlyReads } from "@/lib/early-reads";

export const reports = client.api.reports;
/** Under the invoices' key: an invoice, a payment or a settlement's change refreshes the margins. */
export const marginsKey = ["invoices", "margins"] as const;

/** One dispatch's invoiced amount, PEVO pay and margin (the dispatch page). */
export function useJobMargin(dispatchId: string) {
  return useQuery({
    queryKey: [...marginsKey, "job", dispatchId],
    queryFn: () => call(reports.jobs[":id"].$get({ param: pathParams({ id: dispatchId }) })),
  });
}

/** The dashboard chart's last 12 months. */
export function useMonthlyMargins() {
  return useQuery({
    queryKey: [...marginsKey, "monthly"],
    // On a full page load of /dashboard public/boot.js has already asked.
    queryFn: () => call(earlyOr(earlyReads.monthlyMargins, () => reports.monthly.$get({ query: {} }))),
  });
}

import type { TJobMargin } from "@pevo/shared";
import { ChartNoAxesColumnIncreasing, Download } from "lucide-react";
import { type DataColumn, DataTable } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import { ClearFilters, DateRangeFilter, FilterBar } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { ClientFilter, PevoFilter } from "@/components/pickers/picker-filters";
import { EmptyState, LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { clientPickerSource } from "@/features/clients";
import { pevoPickerSource } from "@/features/pevos";
import { formatDate, formatMoney } from "@/lib/format";
import { type ListParams, useListParams } from "@/lib/list-params";
import { MarginValue, PayValue } from "../components/margin-values";
import { type JobsReportQuery, jobsReportCsvHref, useJobsReport } from "../jobs-report-api";

const money = "text-right tabular-nums whitespace-nowrap";
const jobHref = (m: TJobMargin) => `/dispatching/${m.dispatchId}`;

const COLUMNS: DataColumn<TJobMargin>[] = [
  {
    id: "jobDate",
    header: "Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (m) => formatDate(m.jobDate),
  },
  {
    id: "jobNumber",
    header: "Job #",
    className: "font-medium whitespace-nowrap",
    cell: (m) => m.jobNumber ?? "-",
  },
  {
    id: "client",
    header: "Client",
    cell: (m) => (
      <div className="max-w-40 truncate 2xl:max-w-64" title={m.clientName ?? undefined}>
        {m.clientName ?? "-"}
      </div>
    ),
  },
  {
    id: "pevo",
    header: "PEVO",
    cell: (m) => (
      <div className="max-w-36 truncate" title={m.pevoName ?? undefined}>
        {m.pevoName ?? "Not assigned"}
      </div>
    ),
  },
  {
    id: "invoiced",
    header: "Invoiced",
    className: money,
    cell: (m) =>
      m.invoiced === null ? (
        <span className="text-muted-foreground">Not invoiced</span>
      ) : (
        formatMoney(m.invoiced)
      ),
  },
  { id: "pevoPay", header: "PEVO pay", className: money, cell: (m) => <PayValue margin={m} /> },
  {
    id: "margin",
    header: "Margin",
    className: `${money} font-semibold`,
    cell: (m) => <MarginValue margin={m} />,
  },
];

/** The report's filters as the API names them (the period is the jobs' pickup date). */
function reportQuery(list: ListParams): JobsReportQuery {
  const query: JobsReportQuery = {};
  for (const [param, name] of [
    ["clientId", "clientId"],
    ["pevoId", "pevoId"],
    ["pickupFrom", "from"],
    ["pickupTo", "to"],
  ] as const) {
    const value = list.get(param);
    if (value) query[name] = value;
  }
  if (list.dir === "asc") query.dir = "asc";
  return query;
}

/**
 * /reports/jobs (DECISIONS 'Margin'): the completed jobs with what each invoiced, its PEVO's pay
 * (settled or estimated) and the margin, by client, PEVO and period; the same rows as CSV.
 */
export default function JobsReportPage() {
  const list = useListParams({ sort: "jobDate", dir: "desc" });
  const query = reportQuery(list);
  const rows = useJobsReport(query, list.page);
  return (
    <div>
      <PageHeader
        title="Jobs report"
        subtitle="Completed jobs: what each invoiced (before tax), its PEVO's pay and the margin."
      />
      <FilterBar>
        <ClientFilter list={list} source={clientPickerSource} />
        <PevoFilter list={list} source={pevoPickerSource()} />
        <DateRangeFilter list={list} prefix="pickup" label="Picked up" />
        <ClearFilters list={list} />
        <Button variant="outline" asChild>
          <a href={jobsReportCsvHref(query)} download>
            <Download />
            Export CSV
          </a>
        </Button>
      </FilterBar>
      {rows.isPending ? (
        <LoadingState text="Loading jobs…" />
      ) : rows.isError ? (
        <QueryErrorState message="Error loading the jobs report" query={rows} />
      ) : rows.total === 0 ? (
        <EmptyState
          icon={<ChartNoAxesColumnIncreasing aria-hidden className="size-8 text-muted-foreground" />}
          text="No completed job matches these filters."
        />
      ) : (
        <DataTable
          label="Jobs report"
          noun="jobs"
          columns={COLUMNS}
          list={rows}
          getRowId={(m) => m.dispatchId}
          rowHref={jobHref}
          rowLabel={(m) => `Dispatch ${m.jobNumber ?? ""} of ${formatDate(m.jobDate)}`}
          sort={list.sort}
          dir={list.dir}
          onSortChange={list.setSort}
          onPageChange={list.setPage}
          renderCard={(m) => (
            <ListCard
              key={m.dispatchId}
              titleHref={jobHref(m)}
              title={m.jobNumber ?? "Job"}
              subtitle={`${formatDate(m.jobDate)} · ${m.clientName ?? "-"} · ${m.pevoName ?? "Not assigned"}`}
              aside={
                <span className="font-semibold tabular-nums">
                  <MarginValue margin={m} />
                </span>
              }
              facts={[
                {
                  label: "Invoiced",
                  value: m.invoiced === null ? "Not invoiced" : formatMoney(m.invoiced),
                  className: "tabular-nums",
                },
                { label: "PEVO pay", value: <PayValue margin={m} />, className: "tabular-nums" },
              ]}
            />
          )}
        />
      )}
    </div>
  );
}

import { fromCents, type TBillJob, type TBillJobClient, toCents } from "@pevo/shared";
import { FileStack, ReceiptText } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ClearFilters, DateRangeFilter, FilterBar } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { ClientFilter } from "@/components/pickers/picker-filters";
import { BackButton, EmptyState, LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { clientPickerSource } from "@/features/clients";
import { failureMessage } from "@/lib/errors";
import { formatDate, formatMoney } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { toast } from "@/lib/toast";
import { useBillJobClients, useBillJobs, useBillJobsInvoice } from "../api";

/** The screen's filters as the API names them (the period is the jobs' pickup date). */
function periodQuery(list: ReturnType<typeof useListParams>) {
  const query: Record<string, string> = {};
  const from = list.get("pickupFrom");
  const to = list.get("pickupTo");
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** One job as a tickable row: date, job, route, position and PEVO, what it bills. */
function JobRow({
  job,
  checked,
  onChange,
}: {
  job: TBillJob;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = `job-${job.dispatchId}`;
  const route = [job.originAddress, job.destinationAddress].filter(Boolean).join(" → ");
  return (
    <li className="flex items-start gap-3 px-3 py-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} className="mt-1" />
      <label htmlFor={id} className="grid min-w-0 flex-1 cursor-pointer gap-0.5 text-sm">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-medium">
            {formatDate(job.pickupDate)} · {job.jobNumber ? `Job # ${job.jobNumber}` : "No job number"}
          </span>
          <span className="tabular-nums font-medium">
            {formatMoney(job.amount)}
            {job.hasRates ? null : <span className="ml-1 text-xs text-muted-foreground">(no rates)</span>}
          </span>
        </span>
        {route ? <span className="text-muted-foreground [overflow-wrap:anywhere]">{route}</span> : null}
        <span className="text-muted-foreground">
          {[job.position, job.pevoName].filter(Boolean).join(" · ") || "No PEVO"}
        </span>
      </label>
    </li>
  );
}

/** A client's uninvoiced jobs, ticked to one invoice (two or more make a consolidated one). */
function ClientJobs({ client, period }: { client: TBillJobClient; period: Record<string, string> }) {
  const navigate = useNavigate();
  const jobs = useBillJobs({ ...period, clientId: client.clientId });
  const create = useBillJobsInvoice();
  const [ticked, setTicked] = useState<string[]>([]);
  const items = jobs.data?.items ?? [];
  const selected = items.filter((j) => ticked.includes(j.dispatchId));
  const selectedTotal = fromCents(selected.reduce((sum, j) => sum + toCents(j.amount), 0));
  const allTicked = items.length > 0 && selected.length === items.length;
  const submit = () =>
    create.mutate(ticked, {
      onSuccess: (invoice) => {
        toast.success(`Invoice ${invoice.invoiceNumber} created as a draft`);
        navigate(`/invoices/${invoice.id}`);
      },
      onError: (error) => toast.error(failureMessage(error, "The invoice could not be created")),
    });

  if (jobs.isPending) return <LoadingState text="Loading jobs…" />;
  if (jobs.isError) return <QueryErrorState message="The jobs could not be loaded" query={jobs} />;
  if (items.length === 0) return <p className="p-3 text-sm text-muted-foreground">No jobs left to bill.</p>;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 px-3 pt-2 text-sm">
        <label htmlFor={`all-${client.clientId}`} className="flex items-center gap-2">
          <Checkbox
            id={`all-${client.clientId}`}
            checked={allTicked}
            onCheckedChange={(v) => setTicked(v === true ? items.map((j) => j.dispatchId) : [])}
            aria-label={`Tick every job of ${client.clientName}`}
          />
          All on this page
        </label>
        <span className="text-muted-foreground">
          {jobs.data.total > items.length
            ? `First ${items.length} of ${jobs.data.total} jobs`
            : `${items.length} ${items.length === 1 ? "job" : "jobs"}`}{" "}
          · {formatMoney(fromCents(items.reduce((sum, j) => sum + toCents(j.amount), 0)))}
        </span>
      </div>
      <ul className="divide-y rounded-md border">
        {items.map((job) => (
          <JobRow
            key={job.dispatchId}
            job={job}
            checked={ticked.includes(job.dispatchId)}
            onChange={(on) =>
              setTicked((prev) =>
                on ? [...prev, job.dispatchId] : prev.filter((id) => id !== job.dispatchId),
              )
            }
          />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-end gap-3 px-1 pb-1 text-sm">
        <span>
          {selected.length} ticked ·{" "}
          <span className="font-semibold tabular-nums">{formatMoney(selectedTotal)}</span>
        </span>
        <Button type="button" onClick={submit} disabled={selected.length === 0 || create.isPending}>
          <ReceiptText />
          {create.isPending
            ? "Creating…"
            : selected.length > 1
              ? "Create consolidated invoice"
              : "Create invoice"}
        </Button>
      </div>
    </div>
  );
}

/**
 * Bill jobs (DECISIONS 'Consolidated invoices'): the completed jobs no invoice bills yet, by client;
 * tick a client's jobs and make one draft invoice of them.
 */
export default function BillJobsPage() {
  const list = useListParams({ sort: "clientName", dir: "asc" });
  const period = periodQuery(list);
  const clientId = list.get("clientId");
  const clients = useBillJobClients({ ...period, ...(clientId ? { clientId } : {}) });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="grid gap-4">
      <PageHeader
        title="Bill jobs"
        subtitle="Completed jobs no invoice bills yet, by client. Tick a client's jobs to bill them on one invoice."
        actions={<BackButton to="/invoices" label="Back to Invoices" />}
      />
      <FilterBar>
        <ClientFilter list={list} source={clientPickerSource} />
        <DateRangeFilter list={list} prefix="pickup" label="Picked up" />
        <ClearFilters list={list} />
      </FilterBar>
      {clients.isPending ? (
        <LoadingState text="Loading jobs to bill…" />
      ) : clients.isError ? (
        <QueryErrorState message="The jobs to bill could not be loaded" query={clients} />
      ) : clients.data.items.length === 0 ? (
        <EmptyState icon={<FileStack />} text="Every completed job in this period is invoiced." />
      ) : (
        <ul className="grid gap-3" aria-label="Clients with jobs to bill">
          {clients.data.items.map((client) => {
            const expanded = open === client.clientId || clients.data.items.length === 1;
            return (
              <li key={client.clientId} className="rounded-lg border bg-card">
                <button
                  type="button"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : client.clientId)}
                  className="flex w-full flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg px-4 py-3 text-left hover:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="font-semibold">{client.clientName}</span>
                  <span className="text-sm text-muted-foreground">
                    {client.jobCount} {client.jobCount === 1 ? "job" : "jobs"} ·{" "}
                    {client.firstPickup === client.lastPickup
                      ? formatDate(client.firstPickup)
                      : `${formatDate(client.firstPickup)} – ${formatDate(client.lastPickup)}`}
                  </span>
                </button>
                {expanded ? (
                  <div className="border-t p-2">
                    <ClientJobs client={client} period={period} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {clients.data && clients.data.total > clients.data.items.length ? (
        <p className="text-sm text-muted-foreground">
          {clients.data.items.length} of {clients.data.total} clients shown: narrow the period or choose a
          client.
        </p>
      ) : null}
    </div>
  );
}

import { INVOICE_FILTER_STATUSES, INVOICE_STATUS_LABELS, type TInvoiceListItem } from "@pevo/shared";
import { Download, FileMinus, FileText, ListChecks, Plus } from "lucide-react";
import { Link } from "react-router";
import { type DataColumn, DataTable } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import {
  ClearFilters,
  DateRangeFilter,
  FilterBar,
  MultiSelectFilter,
  SearchBox,
} from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { ClientFilter } from "@/components/pickers/picker-filters";
import { LoadingState, QueryErrorState } from "@/components/states";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { clientPickerSource } from "@/features/clients";
import { formatDate, formatMoney } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { invoiceExportHref, useInvoiceList } from "../api";
import { validRows } from "../validate";

const detailsHref = (invoice: TInvoiceListItem) => `/invoices/${encodeURIComponent(invoice.id)}`;

const STATUS_OPTIONS = INVOICE_FILTER_STATUSES.map((value) => ({
  value,
  label: INVOICE_STATUS_LABELS[value],
}));

/** The status badge, and a red Overdue badge when the server says the invoice is overdue. */
function StatusCell({ invoice }: { invoice: TInvoiceListItem }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <InvoiceStatusBadge status={invoice.status} />
      {invoice.overdue ? <InvoiceStatusBadge status="overdue" /> : null}
    </span>
  );
}

const none = <span className="text-muted-foreground">-</span>;

/** A value cut short to a width (the whole text on hover), so that Status stays on screen at 1280 px. */
function Cut({ text, className }: { text: string | null; className: string }) {
  if (!text) return none;
  return (
    <div className={`truncate ${className}`} title={text}>
      {text}
    </div>
  );
}

const COLUMNS: DataColumn<TInvoiceListItem>[] = [
  {
    id: "invoiceNumber",
    header: "Invoice #",
    sortable: true,
    className: "font-medium",
    cell: (i) => <Cut text={i.invoiceNumber} className="max-w-44 2xl:max-w-64" />,
  },
  {
    id: "clientName",
    header: "Client",
    sortable: true,
    cell: (i) => <Cut text={i.customerName} className="max-w-32 2xl:max-w-56" />,
  },
  {
    id: "issueDate",
    header: "Issue Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (i) => formatDate(i.issueDate),
  },
  {
    id: "dueDate",
    header: "Due Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (i) => formatDate(i.dueDate),
  },
  {
    id: "jobNumber",
    header: "Job #",
    cell: (i) => <Cut text={i.jobNumber} className="max-w-32 2xl:max-w-56" />,
  },
  {
    id: "total",
    header: "Amount",
    sortable: true,
    className: "text-right tabular-nums whitespace-nowrap",
    cell: (i) => formatMoney(i.total),
  },
  { id: "status", header: "Status", sortable: true, cell: (i) => <StatusCell invoice={i} /> },
];

/**
 * /invoices (SPEC §2; DECISIONS 'Long lists'): Invoice #, Client, Issue Date, Due Date, Job #, Amount, Status; paged,
 * sorted and filtered on the server, with the view in the address; rows open the invoice.
 */
export default function InvoiceListPage() {
  const list = useListParams({ sort: "issueDate", dir: "desc" });
  const invoices = useInvoiceList(list.query, list.page);
  const rows = validRows(invoices.items);
  const paged = { ...invoices, items: rows };

  return (
    <div>
      <PageHeader
        title="Invoices"
        subtitle="Invoices produced from your dispatches."
        actions={
          <>
            <Button variant="outline" asChild>
              <Link to="/invoices/credit-notes">
                <FileMinus />
                Credit notes
              </Link>
            </Button>
            <Button variant="outline" asChild>
              <a href={invoiceExportHref(list.query)} download>
                <Download />
                Export CSV
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link to="/invoices/bill-jobs">
                <ListChecks />
                Bill jobs
              </Link>
            </Button>
            <Button asChild>
              <Link to="/invoices/new">
                <Plus />
                Create New Invoice
              </Link>
            </Button>
          </>
        }
      />
      <FilterBar>
        <SearchBox list={list} label="Search invoice numbers" placeholder="Search invoice #" />
        <MultiSelectFilter list={list} param="status" label="Status" options={STATUS_OPTIONS} />
        <ClientFilter list={list} source={clientPickerSource} />
        <DateRangeFilter list={list} prefix="issue" label="Issued" />
        <DateRangeFilter list={list} prefix="due" label="Due" />
        <ClearFilters list={list} />
      </FilterBar>
      {invoices.isPending ? (
        <LoadingState text="Loading invoices..." />
      ) : invoices.isError ? (
        <QueryErrorState message="Error loading invoices" query={invoices} />
      ) : invoices.total === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <FileText aria-hidden className="size-8 text-muted-foreground" />
          {list.filtered ? (
            <>
              <p className="font-medium">No invoices match these filters</p>
              <Button variant="outline" onClick={list.clear}>
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">No invoices found</p>
              <p className="text-sm text-muted-foreground">
                No invoices yet. Create an invoice from a dispatch to bill a completed job.
              </p>
            </>
          )}
        </div>
      ) : (
        <DataTable
          label="Invoices"
          noun="invoices"
          columns={COLUMNS}
          list={paged}
          getRowId={(i) => i.id}
          rowHref={detailsHref}
          rowLabel={(i) => `Invoice ${i.invoiceNumber}`}
          sort={list.sort}
          dir={list.dir}
          onSortChange={list.setSort}
          onPageChange={list.setPage}
          renderCard={(invoice) => (
            <ListCard
              key={invoice.id}
              href={detailsHref(invoice)}
              title={invoice.invoiceNumber}
              subtitle={invoice.jobNumber ? `Job #${invoice.jobNumber}` : "No job reference"}
              aside={<StatusCell invoice={invoice} />}
              facts={[
                { label: "Client", value: invoice.customerName ?? "-" },
                { label: "Issue Date", value: formatDate(invoice.issueDate) },
                { label: "Due Date", value: formatDate(invoice.dueDate) },
                { label: "Amount", value: formatMoney(invoice.total), className: "font-medium tabular-nums" },
              ]}
            />
          )}
        />
      )}
    </div>
  );
}

import type { TCreditNoteListItem } from "@pevo/shared";
import { ArrowLeft, FileMinus } from "lucide-react";
import { Link } from "react-router";
import { type DataColumn, DataTable } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import { ClearFilters, FilterBar, SearchBox } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { useCreditNoteList } from "../api";
import { CreditedToAccount } from "../components/credited-to-account";

/** A credit note opens its invoice's page, where its PDF and Send are. */
const invoiceHref = (n: TCreditNoteListItem) => `/invoices/${encodeURIComponent(n.invoiceId)}`;

const COLUMNS: DataColumn<TCreditNoteListItem>[] = [
  {
    id: "creditNoteNumber",
    header: "Credit note #",
    className: "font-medium",
    cell: (n) => n.creditNoteNumber,
  },
  { id: "date", header: "Date", className: "whitespace-nowrap", cell: (n) => formatDate(n.date) },
  { id: "invoiceNumber", header: "Invoice #", cell: (n) => n.invoiceNumber },
  {
    id: "customerName",
    header: "Client",
    cell: (n) => <div className="max-w-48 truncate">{n.customerName ?? "-"}</div>,
  },
  {
    id: "total",
    header: "Amount",
    className: "text-right tabular-nums whitespace-nowrap",
    cell: (n) => formatMoney(n.total),
  },
  {
    id: "split",
    header: "Applied / credited",
    className: "text-sm text-muted-foreground",
    cell: (n) => (
      <span>
        {formatMoney(n.applied)} applied
        {Number(n.toCredit) > 0 ? (
          <>
            {" · "}
            <CreditedToAccount toCredit={n.toCredit} />
          </>
        ) : null}
      </span>
    ),
  },
  {
    id: "sentAt",
    header: "Sent",
    className: "whitespace-nowrap",
    cell: (n) => (n.sentAt ? formatDate(n.sentAt.slice(0, 10)) : "Not sent"),
  },
];

/** /invoices/credit-notes (DECISIONS 'Credit notes'): every credit note, newest first, paged on the server. */
export default function CreditNoteListPage() {
  const list = useListParams({ sort: "date", dir: "desc" });
  const { sort: _sort, dir: _dir, ...query } = list.query;
  const notes = useCreditNoteList(query, list.page);

  return (
    <div>
      <PageHeader
        title="Credit notes"
        subtitle="Corrections of sent and paid invoices. Issue one from the invoice's page."
        actions={
          <Button variant="outline" asChild>
            <Link to="/invoices">
              <ArrowLeft />
              Invoices
            </Link>
          </Button>
        }
      />
      <FilterBar>
        <SearchBox
          list={list}
          label="Search credit note or invoice numbers"
          placeholder="Search CN # or INV #"
        />
        <ClearFilters list={list} />
      </FilterBar>
      {notes.isPending ? (
        <LoadingState text="Loading credit notes..." />
      ) : notes.isError ? (
        <QueryErrorState message="Error loading credit notes" query={notes} />
      ) : notes.total === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <FileMinus aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">
            {list.filtered ? "No credit notes match this search" : "No credit notes yet"}
          </p>
          <p className="text-sm text-muted-foreground">
            To correct a sent or paid invoice, open it and choose Issue credit note.
          </p>
        </div>
      ) : (
        <DataTable
          label="Credit notes"
          noun="credit notes"
          columns={COLUMNS}
          list={notes}
          getRowId={(n) => n.id}
          rowHref={invoiceHref}
          rowLabel={(n) => `Credit note ${n.creditNoteNumber} on invoice ${n.invoiceNumber}`}
          sort={list.sort}
          dir={list.dir}
          onSortChange={() => {}}
          onPageChange={list.setPage}
          renderCard={(n) => (
            <ListCard
              key={n.id}
              href={invoiceHref(n)}
              title={n.creditNoteNumber}
              subtitle={`Invoice ${n.invoiceNumber}`}
              aside={<span className="font-medium tabular-nums">{formatMoney(n.total)}</span>}
              facts={[
                { label: "Client", value: n.customerName ?? "-" },
                { label: "Date", value: formatDate(n.date) },
                { label: "Applied", value: formatMoney(n.applied) },
                { label: "To client's account", value: formatMoney(n.toCredit) },
              ]}
            />
          )}
        />
      )}
    </div>
  );
}

import type { TInvoiceListItem } from "@pevo/shared";
import { FileText, Plus } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { CardList, ListCard } from "@/components/list-card";
import { PageHeader } from "@/components/page-header";
import { LoadingState, QueryErrorState } from "@/components/states";
import { InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useIsMobile } from "@/components/ui/use-mobile";
import { formatDate, formatMoney } from "@/lib/format";
import { useInvoices } from "../api";
import { validRows } from "../validate";

const detailsHref = (invoice: TInvoiceListItem) => `/invoices/${encodeURIComponent(invoice.id)}`;

/** /invoices (SPEC §2): Invoice #, Issue Date, Due Date, Job #, Amount, Status; rows open the invoice. */
export default function InvoiceListPage() {
  const invoices = useInvoices();
  const rows = validRows(invoices.data);

  return (
    <div>
      <PageHeader
        title="Invoices"
        subtitle="Invoices produced from your dispatches."
        actions={
          <Button asChild>
            <Link to="/invoices/new">
              <Plus />
              Create New Invoice
            </Link>
          </Button>
        }
      />
      {invoices.isPending ? (
        <LoadingState text="Loading invoices..." />
      ) : invoices.isError ? (
        <QueryErrorState message="Error loading invoices" query={invoices} />
      ) : rows.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-10 text-center">
          <FileText aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">No invoices found</p>
          <p className="text-sm text-muted-foreground">
            Create an invoice from a dispatch to bill a completed job.
          </p>
        </div>
      ) : (
        <InvoiceList invoices={rows} />
      )}
    </div>
  );
}

function InvoiceList({ invoices }: { invoices: TInvoiceListItem[] }) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();

  if (isMobile) {
    return (
      <CardList label="Invoices">
        {invoices.map((invoice) => (
          <ListCard
            key={invoice.id}
            href={detailsHref(invoice)}
            title={invoice.invoiceNumber}
            subtitle={invoice.jobNumber ? `Job #${invoice.jobNumber}` : "No job reference"}
            aside={<InvoiceStatusBadge status={invoice.status} />}
            facts={[
              { label: "Issue Date", value: formatDate(invoice.issueDate) },
              { label: "Due Date", value: formatDate(invoice.dueDate) },
              { label: "Amount", value: formatMoney(invoice.total), className: "font-medium tabular-nums" },
            ]}
          />
        ))}
      </CardList>
    );
  }

  return (
    <div className="rounded-lg border bg-card">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Invoice #</TableHead>
            <TableHead>Issue Date</TableHead>
            <TableHead>Due Date</TableHead>
            <TableHead>Job #</TableHead>
            <TableHead className="text-right">Amount</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow
              key={invoice.id}
              tabIndex={0}
              aria-label={`Invoice ${invoice.invoiceNumber}`}
              className="cursor-pointer focus-visible:bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => navigate(detailsHref(invoice))}
              onKeyDown={(event) => {
                if (event.key === "Enter") navigate(detailsHref(invoice));
              }}
            >
              <TableCell className="font-medium" truncate={invoice.invoiceNumber}>
                {invoice.invoiceNumber}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(invoice.issueDate)}</TableCell>
              <TableCell className="whitespace-nowrap">{formatDate(invoice.dueDate)}</TableCell>
              <TableCell truncate={invoice.jobNumber}>
                {invoice.jobNumber ?? <span className="text-muted-foreground">-</span>}
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(invoice.total)}</TableCell>
              <TableCell>
                <InvoiceStatusBadge status={invoice.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

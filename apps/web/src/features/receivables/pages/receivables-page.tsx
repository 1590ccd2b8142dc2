import { type TReceivablesRow, toCents } from "@pevo/shared";
import { Download, FileText, Wallet } from "lucide-react";
import { type DataColumn, DataTable } from "@/components/data-table";
import { ListCard } from "@/components/list-card";
import { DateRangeFilter, FilterBar } from "@/components/list-filters";
import { PageHeader } from "@/components/page-header";
import { EmptyState, LoadingState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { formatDate, formatMoney } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import {
  openInvoicesHref,
  PERIOD_PARAMS,
  paymentsCsvHref,
  quickBooksCreditMemosCsvHref,
  quickBooksCsvHref,
  quickBooksPaymentsCsvHref,
  statementHref,
  useReceivables,
  useReceivablesTotals,
} from "../api";
import { AGING_LABELS, AgingTotals } from "../components/aging-totals";

/** A past-due amount in red when something is owed. */
function Amount({ value, pastDue = false }: { value: string; pastDue?: boolean }) {
  if (value === "0.00") return <span className="text-muted-foreground">-</span>;
  return <span className={pastDue ? "text-destructive" : undefined}>{formatMoney(value)}</span>;
}

const SHORT_HEADERS: Record<string, string> = {
  days1to30: "1–30",
  days31to60: "31–60",
  days61to90: "61–90",
  over90: "90+",
};

const money = "text-right tabular-nums whitespace-nowrap";

const COLUMNS: DataColumn<TReceivablesRow>[] = [
  {
    id: "clientName",
    header: "Client",
    sortable: true,
    className: "font-medium",
    cell: (r) => (
      <div className="max-w-40 truncate 2xl:max-w-64" title={r.clientName}>
        {r.clientName}
      </div>
    ),
  },
  {
    id: "oldestDueDate",
    header: "Oldest Due",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (r) => formatDate(r.oldestDueDate),
  },
  {
    id: "openInvoices",
    header: "Invoices",
    className: "text-right tabular-nums",
    cell: (r) => r.openInvoices,
  },
  ...AGING_LABELS.filter((b) => b.key !== "balance").map(
    ({ key, label }): DataColumn<TReceivablesRow> => ({
      id: key,
      // Short headers (the totals above spell them out), so that Balance fits at 1280 px.
      header: SHORT_HEADERS[key] ?? label,
      className: money,
      cell: (r) => <Amount value={r[key]} pastDue={key !== "current"} />,
    }),
  ),
  {
    id: "balance",
    header: "Balance",
    sortable: true,
    className: `${money} font-semibold`,
    cell: (r) => <BalanceCell row={r} />,
  },
];

/** The open balance and, with unapplied credit, the client's balance after it (DECISIONS 'Client credit'). */
function BalanceCell({ row }: { row: TReceivablesRow }) {
  if (toCents(row.credit) === 0) return formatMoney(row.balance);
  return (
    <div>
      <div>{formatMoney(row.balance)}</div>
      <div
        className="text-xs font-normal text-muted-foreground"
        title={`${formatMoney(row.netBalance)} after ${formatMoney(row.credit)} of unapplied credit`}
      >
        net {formatMoney(row.netBalance)}
      </div>
    </div>
  );
}

/** The statement download of a client row (invoices without a client have none). */
function StatementLink({ row }: { row: TReceivablesRow }) {
  if (!row.clientId) return null;
  return (
    <Button variant="ghost" size="sm" asChild>
      <a href={statementHref(row.clientId)} download aria-label={`Statement of ${row.clientName}`}>
        <FileText />
        Statement
      </a>
    </Button>
  );
}

COLUMNS.push({
  id: "statement",
  header: "Statement",
  srOnlyHeader: true,
  cell: (r) => <StatementLink row={r} />,
});

const rowId = (r: TReceivablesRow) => r.clientId ?? `name:${r.clientName}`;

/**
 * /receivables (DECISIONS 'Invoices', Receivables): what each client still owes on sent, viewed and partially paid
 * invoices, aged by due date against the company's today; a client's row opens its open invoices
 * (a row of invoices without a client opens nothing: see openInvoicesHref).
 */
export default function ReceivablesPage() {
  const list = useListParams({ sort: "balance", dir: "desc" });
  const listQuery = Object.fromEntries(
    Object.entries(list.query).filter(([name]) => !(PERIOD_PARAMS as readonly string[]).includes(name)),
  );
  const rows = useReceivables(listQuery, list.page);
  const from = list.get("periodFrom");
  const to = list.get("periodTo");
  const totals = useReceivablesTotals();

  return (
    <div>
      <PageHeader
        title="Receivables"
        subtitle={`Open invoice balances by client, aged by due date${
          totals.data ? ` (as of ${formatDate(totals.data.today)})` : ""
        }.`}
      />
      <FilterBar>
        <DateRangeFilter list={list} prefix="period" label="Export period" />
        <Button variant="outline" asChild>
          <a href={paymentsCsvHref(from, to)} download>
            <Download />
            Payments CSV
          </a>
        </Button>
        <Button variant="outline" asChild>
          <a href={quickBooksCsvHref(from, to)} download>
            <Download />
            QuickBooks CSV
          </a>
        </Button>
        <Button variant="outline" asChild>
          <a href={quickBooksCreditMemosCsvHref(from, to)} download>
            <Download />
            QuickBooks credit memos CSV
          </a>
        </Button>
        <Button variant="outline" asChild>
          <a href={quickBooksPaymentsCsvHref(from, to)} download>
            <Download />
            QuickBooks payments CSV
          </a>
        </Button>
      </FilterBar>
      {rows.isPending ? (
        <LoadingState text="Loading receivables..." />
      ) : rows.isError ? (
        <QueryErrorState message="Error loading receivables" query={rows} />
      ) : rows.total === 0 ? (
        <EmptyState
          icon={<Wallet aria-hidden className="size-8 text-muted-foreground" />}
          text="Nothing is owed: no sent invoice has a balance left."
        />
      ) : (
        <>
          <AgingTotals totals={totals.data?.totals} />
          <DataTable
            label="Receivables"
            noun="clients"
            columns={COLUMNS}
            list={rows}
            getRowId={rowId}
            rowHref={openInvoicesHref}
            rowLabel={(r) => `Open invoices of ${r.clientName}`}
            sort={list.sort}
            dir={list.dir}
            onSortChange={list.setSort}
            onPageChange={list.setPage}
            renderCard={(r) => (
              <ListCard
                key={rowId(r)}
                titleHref={openInvoicesHref(r)}
                title={r.clientName}
                subtitle={`${r.openInvoices} open invoice${r.openInvoices === 1 ? "" : "s"} · oldest due ${formatDate(r.oldestDueDate)}`}
                aside={<span className="font-semibold tabular-nums">{formatMoney(r.balance)}</span>}
                actions={r.clientId ? <StatementLink row={r} /> : undefined}
                facts={[
                  ...AGING_LABELS.filter((b) => b.key !== "balance").map(({ key, label }) => ({
                    label,
                    value: <Amount value={r[key]} pastDue={key !== "current"} />,
                    className: "tabular-nums",
                  })),
                  ...(toCents(r.credit) > 0
                    ? [
                        {
                          label: "Less credit",
                          value: `${formatMoney(r.credit)} → ${formatMoney(r.netBalance)}`,
                          className: "tabular-nums",
                        },
                      ]
                    : []),
                ]}
              />
            )}
          />
        </>
      )}
    </div>
  );
}

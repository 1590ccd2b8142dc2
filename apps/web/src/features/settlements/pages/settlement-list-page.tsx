import { PAY_PERIOD_LABELS } from "@pevo/shared";
import { ChevronRight, Plus, Settings2, WalletCards } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate, formatMoney } from "@/lib/format";
import { useSettlementList } from "../api";
import { NewSettlementDialog } from "../components/new-settlement-dialog";
import { SettlementStatusBadge } from "../components/settlement-status-badge";

/** /settlements: the company's settlement runs, newest first (DECISIONS 'PEVO pay'). */
export function SettlementListPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const list = useSettlementList(page);
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  return (
    <div>
      <PageHeader
        title="PEVO pay"
        subtitle="Settlement runs: each PEVO's completed jobs of a pay period, adjusted, approved and paid"
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/settlements/pay-plan">
                <Settings2 aria-hidden />
                Default pay plan
              </Link>
            </Button>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New settlement run
            </Button>
          </>
        }
      />
      {creating ? <NewSettlementDialog onClose={() => setCreating(false)} /> : null}
      {list.isError ? (
        <QueryErrorState message="Error loading the settlements" query={list} />
      ) : !list.data ? (
        <ListSkeleton label="Loading the settlements" rows={4} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<WalletCards />}
          text="No settlement run yet. Start one for a pay period: each PEVO's completed jobs are paid by their pay plan."
          action={
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              New settlement run
            </Button>
          }
        />
      ) : (
        <Card className="py-0">
          <CardContent className="px-0">
            <ul aria-label="Settlement runs" className="divide-y">
              {list.data.items.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`/settlements/${s.id}`}
                    className="flex items-center gap-3 px-4 py-3 hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
                  >
                    <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-center sm:gap-4">
                      <div className="min-w-0">
                        <p className="font-medium">
                          {formatDate(s.periodStart)} – {formatDate(s.periodEnd)}
                        </p>
                        <p className="text-sm text-muted-foreground">
                          {PAY_PERIOD_LABELS[s.periodKind]} · {s.pevoCount}{" "}
                          {s.pevoCount === 1 ? "PEVO" : "PEVOs"} · {s.jobCount}{" "}
                          {s.jobCount === 1 ? "job" : "jobs"}
                        </p>
                      </div>
                      <div className="flex flex-wrap items-center gap-2">
                        <SettlementStatusBadge status={s.status} />
                        {s.paidDate ? (
                          <span className="text-sm text-muted-foreground">{formatDate(s.paidDate)}</span>
                        ) : null}
                      </div>
                      <p className="font-medium tabular-nums sm:text-right">{formatMoney(s.net)}</p>
                    </div>
                    <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      {lastPage > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {page} of {lastPage}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= lastPage}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </div>
  );
}

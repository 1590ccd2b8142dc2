import { ADJUSTMENT_KIND_LABELS, type TEarningsStatement } from "@pevo/shared";
import { ChevronDown, Download, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/page-header";
import { EmptyState, ListSkeleton, QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { formatDate, formatMoney, monthDay, parseDate } from "@/lib/format";
import { cn } from "@/lib/utils";
import { LoadMore } from "../components/load-more";
import { statementPdfHref, usePortalEarnings } from "../earnings-api";
import { tapTarget } from "../lib";

type Statement = TEarningsStatement;
type StatementJob = Statement["jobs"][number];

/** 'Nov 10 – Nov 23, 2026' (the year once when both days share it). */
function period(start: string, end: string) {
  const from = parseDate(start);
  const to = parseDate(end);
  return `${monthDay(from, from.getFullYear() !== to.getFullYear())} – ${monthDay(to, true)}`;
}

/** Advances and deductions come off the statement (DECISIONS 'PEVO pay'). */
const signed = (kind: Statement["adjustments"][number]["kind"], amount: string) =>
  kind === "advance" || kind === "deduction" ? `-${formatMoney(amount)}` : formatMoney(amount);

function Row({ label, value, muted }: { label: ReactNode; value: string; muted?: boolean }) {
  return (
    <div
      className={cn("flex items-baseline justify-between gap-3 text-sm", muted && "text-muted-foreground")}
    >
      <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
      <span className="shrink-0 tabular-nums">{value}</span>
    </div>
  );
}

function JobPay({ job }: { job: StatementJob }) {
  return (
    <li className="rounded-md bg-muted/60 px-3 py-2">
      <div className="flex items-baseline justify-between gap-3">
        <p className="min-w-0 font-medium [overflow-wrap:anywhere]">Job #{job.jobNumber}</p>
        <p className="shrink-0 font-semibold tabular-nums">{formatMoney(job.pay)}</p>
      </div>
      <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
        {formatDate(job.date)}
        {job.position && job.position !== "-" ? ` · ${job.position}` : null}
      </p>
      <p className="mb-1 text-xs text-muted-foreground [overflow-wrap:anywhere]">{job.route}</p>
      {job.lines.map((line) => (
        <Row key={`${line.kind}-${line.label}`} label={line.label} value={formatMoney(line.amount)} muted />
      ))}
      {job.expenses.map((expense) => (
        <Row
          key={`${expense.type}-${expense.label}-${expense.amount}`}
          label={`${expense.label}${expense.reimbursed ? " (reimbursed)" : " (not reimbursed)"}`}
          value={expense.reimbursed ? formatMoney(expense.amount) : "-"}
          muted
        />
      ))}
    </li>
  );
}

function StatementCard({ statement }: { statement: Statement }) {
  const title = period(statement.periodStart, statement.periodEnd);
  const jobs = statement.jobs.length;
  return (
    <li>
      <Card className="gap-3 py-4">
        <CardContent className="space-y-3 px-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="font-semibold">{title}</h2>
              <p className="text-xs text-muted-foreground">
                {jobs === 1 ? "1 job" : `${jobs} jobs`}
                {statement.adjustments.length > 0
                  ? ` · ${statement.adjustments.length === 1 ? "1 adjustment" : `${statement.adjustments.length} adjustments`}`
                  : ""}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-lg font-semibold tabular-nums">{formatMoney(statement.net)}</p>
              {statement.status === "paid" ? (
                <Badge variant="green">Paid {statement.paidDate ? formatDate(statement.paidDate) : ""}</Badge>
              ) : (
                <Badge variant="blue">Approved · not paid yet</Badge>
              )}
            </div>
          </div>
          <details className="group rounded-md border">
            <summary
              className={cn(
                "flex cursor-pointer list-none items-center justify-between gap-2 rounded-md px-3 text-sm font-medium",
                "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden",
                tapTarget,
              )}
            >
              Pay per job
              <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <div className="space-y-2 px-3 pb-3">
              <ul aria-label={`Jobs of ${title}`} className="space-y-2">
                {statement.jobs.map((job) => (
                  <JobPay key={job.dispatchId} job={job} />
                ))}
              </ul>
              {statement.adjustments.map((a, i) => (
                <Row
                  // Adjustments have no id in the PEVO's view; their order is the statement's.
                  key={i}
                  label={`${ADJUSTMENT_KIND_LABELS[a.kind]}: ${a.note}`}
                  value={signed(a.kind, a.amount)}
                />
              ))}
              <div className="border-t pt-2">
                <Row
                  label={<span className="font-semibold">Net pay</span>}
                  value={formatMoney(statement.net)}
                />
              </div>
            </div>
          </details>
          <Button asChild variant="outline" className={cn(tapTarget, "w-full sm:w-auto")}>
            <a href={statementPdfHref(statement.settlementId)} download>
              <Download />
              Download statement (PDF)
            </a>
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}

/**
 * /pevo/earnings: the PEVO's own pay statements, newest period first a page at a time ("Load more"),
 * with each job's pay once the settlement is approved, and this year's paid total (DECISIONS 'PEVO pay' → Portal Earnings). Nothing
 * about other PEVOs or what the client was invoiced: the API does not send it.
 */
export default function PortalEarningsPage() {
  const earnings = usePortalEarnings();
  let body: ReactNode;
  if (earnings.isError && !earnings.items) {
    body = (
      <QueryErrorState message="Error loading your earnings" query={earnings} retryClassName={tapTarget} />
    );
  } else if (!earnings.items || !earnings.firstPage) {
    body = <ListSkeleton label="Loading your earnings" rows={3} />;
  } else {
    const { year, yearTotal, yearStatements } = earnings.firstPage;
    const statements = earnings.items;
    body = (
      <div className="space-y-4">
        <Card className="py-4">
          <CardContent className="flex items-center justify-between gap-3 px-4">
            <div className="min-w-0">
              <p className="text-sm text-muted-foreground">Paid to you in {year}</p>
              <p className="text-3xl font-semibold tabular-nums" data-testid="year-total">
                {formatMoney(yearTotal)}
              </p>
            </div>
            <p className="shrink-0 text-right text-xs text-muted-foreground">
              {yearStatements === 1 ? "1 statement" : `${yearStatements} statements`}
              <br />
              by payment date
            </p>
          </CardContent>
        </Card>
        {statements.length === 0 ? (
          <Card>
            <CardContent>
              <EmptyState
                icon={<Wallet className="size-6" aria-hidden />}
                text="No pay statements yet. A statement shows here once the office approves your pay for a period."
              />
            </CardContent>
          </Card>
        ) : (
          <>
            <ul aria-label="Statements" className="grid grid-cols-[minmax(0,1fr)] gap-3 lg:grid-cols-2">
              {statements.map((statement) => (
                <StatementCard key={statement.settlementId} statement={statement} />
              ))}
            </ul>
            <LoadMore list={earnings} noun="statements" />
          </>
        )}
      </div>
    );
  }
  return (
    <div>
      <PageHeader title="Earnings" subtitle="Your pay statements and what you were paid this year" />
      {body}
    </div>
  );
}

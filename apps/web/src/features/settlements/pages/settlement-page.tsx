import {
  ADJUSTMENT_KIND_LABELS,
  adjustmentSign,
  fromCents,
  PAY_PERIOD_LABELS,
  SETTLEMENT_PAY_METHOD_LABELS,
  type TSettlementPevo,
  type TSettlementPevoSummary,
  type TSettlementSummary,
  toCents,
} from "@pevo/shared";
import { CheckCircle2, Download, Lock, Plus, Trash2, Wallet } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { BackButton, ErrorState, ListSkeleton, ProblemState, QueryErrorState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate, formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import {
  statementPdfHref,
  useApproveSettlement,
  useDeleteSettlement,
  useHoldJob,
  useRemoveAdjustment,
  useSettlement,
  useSettlementPevo,
  useSettlementPevos,
} from "../api";
import { AdjustmentDialog } from "../components/adjustment-dialog";
import { PayDialog } from "../components/pay-dialog";
import { SettlementStatusBadge } from "../components/settlement-status-badge";

const back = <BackButton to="/settlements" label="Back to PEVO pay" />;

/** /settlements/{id}: one run per PEVO; a draft is recomputed and edited, then approved and paid. */
export function SettlementPage() {
  const { id = "" } = useParams();
  const settlement = useSettlement(id);
  if (settlement.isError)
    return settlement.error instanceof ApiError && settlement.error.status === 404 ? (
      <ProblemState
        message="Settlement not found"
        detail="This settlement does not exist or was deleted."
        back={back}
      />
    ) : (
      <QueryErrorState message="Error loading the settlement" query={settlement} />
    );
  if (!settlement.data) return <ListSkeleton label="Loading the settlement" rows={4} />;
  return <Run settlement={settlement.data} />;
}

type Dialog = "approve" | "pay" | "delete" | null;

const pevosLabel = (n: number) => `${n} ${n === 1 ? "PEVO" : "PEVOs"}`;
/** A date that wraps as one word ("Nov 28, 2026" never split over two lines on a phone). */
const unbroken = (date: string) => date.replaceAll(" ", "\u00a0");

function Run({ settlement: s }: { settlement: TSettlementSummary }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const approve = useApproveSettlement(s.id);
  const remove = useDeleteSettlement(s.id);
  const navigate = useNavigate();
  const draft = s.status === "draft";
  const jobCount = s.jobCount;

  const onApprove = () =>
    approve.mutate(undefined, {
      onSuccess: () => {
        toast.success("Settlement approved: its figures are locked");
        setDialog(null);
      },
      onError: (error) => toast.error(failureMessage(error, "Could not approve the settlement")),
    });
  const onDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success("Draft deleted: its jobs are free for another run");
        navigate("/settlements");
      },
      onError: (error) => toast.error(failureMessage(error, "Could not delete the draft")),
    });

  return (
    <div className="grid gap-6">
      <div>{back}</div>
      <PageHeader
        title={`Settlement ${unbroken(formatDate(s.periodStart))} – ${unbroken(formatDate(s.periodEnd))}`}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            <SettlementStatusBadge status={s.status} />
            <span>
              {PAY_PERIOD_LABELS[s.periodKind]} · {pevosLabel(s.pevoCount)} · {jobCount}{" "}
              {jobCount === 1 ? "job" : "jobs"}
              {s.includeUninvoiced ? " · jobs not invoiced yet included" : ""}
            </span>
          </span>
        }
        actions={
          draft ? (
            <>
              <Button variant="outline" onClick={() => setDialog("delete")}>
                <Trash2 aria-hidden />
                Delete draft
              </Button>
              <Button onClick={() => setDialog("approve")} disabled={s.pevoCount === 0}>
                <Lock aria-hidden />
                Approve
              </Button>
            </>
          ) : s.status === "approved" ? (
            <Button onClick={() => setDialog("pay")}>
              <Wallet aria-hidden />
              Mark paid
            </Button>
          ) : undefined
        }
      />
      <StateNote settlement={s} />
      {s.pevoCount === 0 ? (
        <ProblemState
          message="No job left in this draft"
          level={2}
          detail="Every job was held back. Delete the draft: the jobs are paid by a later run."
          back={back}
        />
      ) : (
        <RunPevos settlement={s} />
      )}
      <Card>
        <CardContent className="flex items-center justify-between gap-4 text-lg font-semibold">
          <span>Net to pay</span>
          <span className="tabular-nums" data-testid="settlement-net">
            {formatMoney(s.net)}
          </span>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={dialog === "approve"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Approve this settlement?"
        description={`Its figures are stored and locked: ${formatMoney(s.net)} to ${pevosLabel(s.pevoCount)}. A later change of a pay plan or a trip log does not alter it; a correction is an adjustment in a later settlement.`}
        confirmLabel="Approve"
        confirmVariant="default"
        pending={approve.isPending}
        onConfirm={onApprove}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete this draft?"
        description="Its jobs and adjustments leave it: the jobs are free for another run."
        pending={remove.isPending}
        onConfirm={onDelete}
      />
      {dialog === "pay" ? <PayDialog settlement={s} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/**
 * The run's PEVO statements, a page at a time in name order (the API pages them: a run of hundreds
 * of PEVOs reads what a small one does); "Load more PEVOs" appends the next page. While it loads
 * the button keeps keyboard focus (aria-disabled: a disabled button drops it to <body>); once the
 * page is in, focus moves to the first PEVO it added, where reading goes on.
 */
function RunPevos({ settlement: s }: { settlement: TSettlementSummary }) {
  const pages = useSettlementPevos(s.id);
  /** How many PEVOs were on screen when "Load more" was pressed: the index of the first one added. */
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const loaded = pages.data?.pages ?? [];
  const pevos = loaded.flatMap((p) => p.items);
  const firstAdded = focusFrom === null ? undefined : pevos[focusFrom]?.pevoId;
  useEffect(() => {
    if (!firstAdded) return;
    document.getElementById(`pevo-${firstAdded}`)?.focus();
    setFocusFrom(null);
  }, [firstAdded]);
  if (pages.isPending) return <ListSkeleton label="Loading the PEVOs' statements" rows={3} />;
  if (pages.isError && !pages.data)
    return <QueryErrorState message="Error loading the PEVOs' statements" query={pages} />;
  const total = loaded.at(-1)?.total ?? pevos.length;
  const more = total - pevos.length;
  const loadMore = () => {
    if (pages.isFetchingNextPage) return;
    setFocusFrom(pevos.length);
    void pages.fetchNextPage();
  };
  return (
    <>
      {pevos.map((p) => (
        <PevoStatement key={p.pevoId} settlement={s} pevo={p} />
      ))}
      {pages.isFetchNextPageError ? (
        <ErrorState message="Error loading more PEVOs" onRetry={loadMore} />
      ) : pages.hasNextPage ? (
        <Button
          variant="outline"
          className="w-full aria-disabled:cursor-wait aria-disabled:opacity-70 sm:w-auto sm:justify-self-center"
          onClick={loadMore}
          aria-disabled={pages.isFetchingNextPage || undefined}
        >
          {pages.isFetchingNextPage ? (
            <>
              <Spinner />
              Loading more PEVOs...
            </>
          ) : (
            `Load more PEVOs (${more} more)`
          )}
        </Button>
      ) : null}
    </>
  );
}

function StateNote({ settlement: s }: { settlement: TSettlementSummary }) {
  let icon: ReactNode;
  let text: string;
  if (s.status === "draft") {
    icon = null;
    text =
      "Draft: the figures follow today's pay plans, invoices and trip logs until it is approved. Hold a job to pay it in a later run.";
  } else if (s.status === "approved") {
    icon = <Lock aria-hidden className="size-4 shrink-0" />;
    text = `Approved${s.approvedAt ? ` on ${formatDate(s.approvedAt.slice(0, 10))}` : ""}: the figures are locked. A correction is an adjustment in a later settlement.`;
  } else {
    icon = <CheckCircle2 aria-hidden className="size-4 shrink-0 text-green-600 dark:text-green-400" />;
    text = `Paid on ${formatDate(s.paidDate)} by ${s.paidMethod ? SETTLEMENT_PAY_METHOD_LABELS[s.paidMethod] : "-"}${s.paidReference ? ` (${s.paidReference})` : ""}. Each PEVO was emailed their statement.`;
  }
  return (
    <p className="-mt-2 flex items-start gap-2 text-sm text-muted-foreground [overflow-wrap:anywhere]">
      {icon}
      {text}
    </p>
  );
}

function PevoStatement({
  settlement: s,
  pevo: p,
}: {
  settlement: TSettlementSummary;
  pevo: TSettlementPevoSummary;
}) {
  const draft = s.status === "draft";
  const [adding, setAdding] = useState(false);
  const [holding, setHolding] = useState<string | null>(null);
  const hold = useHoldJob(s.id);
  const statement = useSettlementPevo(s.id, p.pevoId);
  const heldJob = statement.data?.jobs.find((j) => j.dispatchId === holding);
  return (
    <section aria-labelledby={`pevo-${p.pevoId}`}>
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <CardTitle
              id={`pevo-${p.pevoId}`}
              // Focused by "Load more PEVOs" when this PEVO is the first it added.
              tabIndex={-1}
              className="w-fit max-w-full rounded-sm [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {p.pevoName}
            </CardTitle>
            <CardDescription>
              {p.jobCount} {p.jobCount === 1 ? "job" : "jobs"} · net {formatMoney(p.totals.net)}
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            {draft ? (
              <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
                <Plus aria-hidden />
                Add adjustment
              </Button>
            ) : null}
            <Button asChild variant="outline" size="sm">
              <a href={statementPdfHref(s.id, p.pevoId)} download>
                <Download aria-hidden />
                Statement PDF
              </a>
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {statement.data ? (
            <PevoLines settlement={s} statement={statement.data} onHold={setHolding} />
          ) : statement.isError ? (
            <QueryErrorState message={`Error loading ${p.pevoName}'s jobs`} query={statement} />
          ) : (
            <ListSkeleton label={`Loading ${p.pevoName}'s jobs`} rows={Math.min(p.jobCount, 3)} />
          )}
          <dl className="grid gap-1 border-t pt-3 text-sm">
            <Row label="Pay">{formatMoney(p.totals.pay)}</Row>
            <Row label="Reimbursed expenses">{formatMoney(p.totals.reimbursed)}</Row>
            <Row label="Adjustments">{formatMoney(p.totals.adjustments)}</Row>
            <Row label="Net" strong>
              {formatMoney(p.totals.net)}
            </Row>
          </dl>
        </CardContent>
        {adding ? (
          <AdjustmentDialog
            settlementId={s.id}
            pevo={{ id: p.pevoId, name: p.pevoName }}
            onClose={() => setAdding(false)}
          />
        ) : null}
        <ConfirmDialog
          open={heldJob !== undefined}
          onOpenChange={(open) => !open && setHolding(null)}
          title="Hold this job?"
          description={
            heldJob
              ? `Job # ${heldJob.jobNumber} leaves this draft and is paid by a later run.`
              : "The job leaves this draft."
          }
          confirmLabel="Hold job"
          confirmVariant="default"
          pending={hold.isPending}
          onConfirm={() =>
            holding &&
            hold.mutate(holding, {
              onSuccess: () => {
                toast.success("Job held for a later run");
                setHolding(null);
              },
              onError: (error) => toast.error(failureMessage(error, "Could not hold the job")),
            })
          }
        />
      </Card>
    </section>
  );
}

/** A PEVO's jobs (pay lines, expenses, Hold in a draft) and adjustments, read on their own. */
function PevoLines({
  settlement: s,
  statement: st,
  onHold,
}: {
  settlement: TSettlementSummary;
  statement: TSettlementPevo;
  onHold: (dispatchId: string) => void;
}) {
  const draft = s.status === "draft";
  const removeAdjustment = useRemoveAdjustment(s.id);
  return (
    <>
      <ul className="grid gap-3" aria-label={`${st.pevoName}'s jobs`}>
        {st.jobs.map((j) => (
          <li key={j.dispatchId} className="rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">
                  Job # {j.jobNumber} · {formatDate(j.date)}
                </p>
                <p className="text-muted-foreground [overflow-wrap:anywhere]">
                  {j.route} · {j.position}
                </p>
                <p className="text-muted-foreground">
                  {j.invoiced === null ? "Not invoiced yet" : `Invoiced ${formatMoney(j.invoiced)}`}
                  {j.planId === null ? " · no pay plan in force" : ""}
                </p>
              </div>
              {draft ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Hold job # ${j.jobNumber}`}
                  onClick={() => onHold(j.dispatchId)}
                >
                  Hold
                </Button>
              ) : null}
            </div>
            <dl className="mt-2 grid gap-1">
              {j.lines.map((l) => (
                <Row key={`${l.kind}-${l.label}`} label={`${l.label}${l.quantity ? ` (${l.quantity})` : ""}`}>
                  {formatMoney(l.amount)}
                </Row>
              ))}
              {j.expenses.map((e, i) => (
                <Row
                  key={`${e.type}-${i}`}
                  label={`${e.label}${e.reimbursed ? " (reimbursed)" : " (not reimbursed)"}`}
                  muted={!e.reimbursed}
                >
                  {formatMoney(e.amount)}
                </Row>
              ))}
              <Row label="Job pay" strong>
                {formatMoney(fromCents(toCents(j.pay) + toCents(j.reimbursed)))}
              </Row>
            </dl>
          </li>
        ))}
      </ul>
      {st.adjustments.length > 0 ? (
        <section aria-label={`${st.pevoName}'s adjustments`} className="grid gap-1 text-sm">
          <h3 className="font-medium">Adjustments</h3>
          <ul className="grid gap-1">
            {st.adjustments.map((a) => (
              <li key={a.id} className="flex items-start justify-between gap-2">
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {ADJUSTMENT_KIND_LABELS[a.kind]}: {a.note}
                </span>
                <span className="flex shrink-0 items-center gap-1 tabular-nums">
                  {formatMoney(fromCents(adjustmentSign(a.kind) * toCents(a.amount)))}
                  {draft ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      className="size-7"
                      aria-label={`Remove the adjustment: ${a.note}`}
                      disabled={removeAdjustment.isPending}
                      onClick={() =>
                        removeAdjustment.mutate(a.id, {
                          onSuccess: () => toast.success("Adjustment removed"),
                          onError: (error) => toast.error(failureMessage(error, "Could not remove it")),
                        })
                      }
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function Row({
  label,
  children,
  strong = false,
  muted = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-3 ${strong ? "font-medium" : ""} ${muted ? "text-muted-foreground" : ""}`}
    >
      <dt className="min-w-0 [overflow-wrap:anywhere]">{label}</dt>
      <dd className="shrink-0 tabular-nums">{children}</dd>
    </div>
  );
}

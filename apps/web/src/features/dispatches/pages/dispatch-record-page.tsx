import { positionLabel, type TDispatch } from "@pevo/shared";
import { FileText, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useAssignAnyway } from "@/components/assign-anyway";
import { MailStatus } from "@/components/mail-status";
import { PageHeader } from "@/components/page-header";
import { BackButton, ErrorState, LoadingState, ProblemState } from "@/components/states";
import { DispatchStatusBadge, InvoiceStatusBadge } from "@/components/status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { DocumentsCard } from "@/features/documents";
import { OfficePaperworkCard } from "@/features/job-paperwork";
import { MarginCard } from "@/features/reports";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate, formatMoney } from "@/lib/format";
import { toast } from "@/lib/toast";
import { inlineLinkClass } from "@/lib/utils";
import { useDispatch, useUpdateDispatch } from "../api";
import { DeleteDispatchDialog } from "../components/delete-dispatch-dialog";
import { DispatchForm } from "../components/dispatch-form";
import { DispatchTimelineCard } from "../components/dispatch-timeline-card";
import { TripLogCard } from "../components/trip-log-card";
import { toFormValues } from "../form-values";

type Mode = "edit" | "details";

/** Loads the dispatch of the address, then shows it as the edit form or the details page. */
function DispatchRecordPage({ mode }: { mode: Mode }) {
  const { id = "" } = useParams();
  const record = useDispatch(id);

  if (record.isPending) return <LoadingState text="Loading dispatch data..." />;
  if (record.isError) {
    if (record.error instanceof ApiError && record.error.status === 404)
      return (
        <ProblemState
          message="Dispatch not found"
          back={<BackButton to="/dispatching" label="Back to Dispatching" />}
        />
      );
    return (
      <ErrorState
        message={failureMessage(record.error, "Error loading dispatch")}
        onRetry={() => void record.refetch()}
      />
    );
  }
  return <DispatchRecord key={record.data.id} dispatch={record.data} mode={mode} />;
}

/** /dispatching/edit/{id} */
export function EditDispatchPage() {
  return <DispatchRecordPage mode="edit" />;
}

/** /dispatching/{id}: the same editable form, plus invoicing, delete and the trip log. */
export function DispatchDetailsPage() {
  return <DispatchRecordPage mode="details" />;
}

const HAS_INVOICES_HINT = "This dispatch has invoices, so it cannot be deleted. Delete its invoices first.";
/** Only a draft invoice can be deleted: a sent or void one keeps its dispatch. */
const BILLED_HINT =
  "This dispatch is billed (an invoice was sent or voided), so it cannot be deleted. Set its status to canceled instead.";

function DispatchRecord({ dispatch, mode }: { dispatch: TDispatch; mode: Mode }) {
  const navigate = useNavigate();
  const update = useUpdateDispatch(dispatch.id);
  const assign = useAssignAnyway(update.isPending);
  const [confirming, setConfirming] = useState(false);
  // The form starts from the record as first loaded.
  const [defaultValues] = useState(() => toFormValues(dispatch));
  const id = encodeURIComponent(dispatch.id);
  const details = mode === "details";

  const subtitle = (
    <span className="flex flex-wrap items-center gap-2">
      <DispatchStatusBadge status={dispatch.status} />
      <span>
        {dispatch.rateConfirmation ? `Job ${dispatch.rateConfirmation.jobNumber} · ` : ""}
        {positionLabel(dispatch) ? `${positionLabel(dispatch)} · ` : ""}
        Pickup {formatDate(dispatch.pickupDate)} at {dispatch.pickupTime}
      </span>
      {dispatch.alertMail ? (
        <span className="flex items-center gap-1">
          <span>· Dispatch alert:</span>
          <MailStatus mail={dispatch.alertMail} />
        </span>
      ) : null}
    </span>
  );

  return (
    <TooltipProvider delayDuration={200}>
      <div className="mx-auto grid max-w-4xl gap-6">
        <div>
          <PageHeader
            title={details ? "Dispatch Details" : "Edit Dispatch"}
            subtitle={subtitle}
            actions={
              details ? (
                <>
                  <Button asChild variant="outline">
                    <Link to={`/invoices/new?dispatchId=${id}`}>
                      <FileText />
                      Create Invoice
                    </Link>
                  </Button>
                  <DeleteButton hasInvoices={dispatch.hasInvoices} onClick={() => setConfirming(true)} />
                </>
              ) : (
                <Button asChild variant="outline">
                  <Link to={`/dispatching/${id}`}>View Details</Link>
                </Button>
              )
            }
          />
          {details && dispatch.hasInvoices ? (
            <p id="dispatch-delete-hint" className="-mt-3 text-sm text-muted-foreground sm:text-right">
              {dispatch.invoices.every((inv) => inv.status === "draft") ? HAS_INVOICES_HINT : BILLED_HINT}
            </p>
          ) : null}
        </div>
        {details ? <DispatchTimelineCard dispatchId={dispatch.id} /> : null}
        <DispatchForm
          dispatchId={dispatch.id}
          defaultValues={defaultValues}
          knownRateConfirmation={dispatch.rateConfirmation}
          submitLabel="Save Dispatch"
          pending={update.isPending}
          onCancel={() => navigate("/dispatching")}
          onSubmit={(data, form) =>
            assign.submit(update.mutate, data, {
              success: () => {
                toast.success("Dispatch updated successfully");
                navigate("/dispatching");
              },
              showFieldErrors: (error) => applyFieldErrors(error, form.setError),
              fail: (error, inline) => {
                toast.error(
                  inline ? "Failed to update dispatch" : failureMessage(error, "Failed to update dispatch"),
                );
              },
            })
          }
        />
        {assign.dialogs}
        {details && dispatch.invoices.length > 0 ? <InvoicesCard invoices={dispatch.invoices} /> : null}
        {details && dispatch.status === "completed" ? <MarginCard dispatchId={dispatch.id} /> : null}
        {details ? <OfficePaperworkCard dispatchId={dispatch.id} /> : null}
        {details ? <TripLogCard dispatchId={dispatch.id} /> : null}
        {details ? (
          <DocumentsCard
            owner={{ kind: "dispatch", id: dispatch.id }}
            description="Photos, proof of delivery, signed forms."
            defaultCategory="photo"
          />
        ) : null}
        {details ? (
          <DeleteDispatchDialog
            dispatchId={confirming ? dispatch.id : null}
            onClose={() => setConfirming(false)}
            onDeleted={() => navigate("/dispatching")}
          />
        ) : null}
      </div>
    </TooltipProvider>
  );
}

/** The dispatch's invoices, as links (so nobody bills it twice by mistake). */
function InvoicesCard({ invoices }: { invoices: TDispatch["invoices"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
        <CardDescription>This dispatch is already billed.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {invoices.map((inv) => (
            <li key={inv.id} className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <Link to={`/invoices/${encodeURIComponent(inv.id)}`} className={`${inlineLinkClass} break-all`}>
                {inv.invoiceNumber}
              </Link>
              <InvoiceStatusBadge status={inv.status} />
              {inv.overdue ? <InvoiceStatusBadge status="overdue" /> : null}
              <span className="tabular-nums text-muted-foreground">{formatMoney(inv.total)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Delete; disabled with the reason in a tooltip when invoices use the dispatch. */
function DeleteButton({ hasInvoices, onClick }: { hasInvoices: boolean; onClick: () => void }) {
  const button = (
    <Button
      variant="outline"
      className="text-destructive hover:bg-destructive/10 hover:text-destructive"
      disabled={hasInvoices}
      aria-describedby={hasInvoices ? "dispatch-delete-hint" : undefined}
      onClick={onClick}
    >
      <Trash2 />
      Delete
    </Button>
  );
  if (!hasInvoices) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* A disabled button gets no pointer events: the wrapper shows the tooltip. */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: lets keyboard users reach the reason */}
        <span tabIndex={0} className="inline-flex">
          {button}
        </span>
      </TooltipTrigger>
      <TooltipContent>{HAS_INVOICES_HINT}</TooltipContent>
    </Tooltip>
  );
}

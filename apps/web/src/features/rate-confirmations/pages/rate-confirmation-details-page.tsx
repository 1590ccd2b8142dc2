import type { TRateConfirmation } from "@pevo/shared";
import { Ban, Copy, MoreHorizontal, RotateCcw, Trash2, Truck } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useAssignAnyway } from "@/components/assign-anyway";
import { CoverageText } from "@/components/coverage-text";
import { PageHeader } from "@/components/page-header";
import { BackButton, ErrorState, LoadingState, ProblemState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Spinner } from "@/components/ui/spinner";
import { DocumentsCard } from "@/features/documents";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { formatDate, todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import {
  useDeleteRateConfirmation,
  useDuplicateRateConfirmation,
  useRateConfirmation,
  useSetCanceled,
  useUpdateRateConfirmation,
} from "../api";
import { focusFirstInvalid } from "../components/field-ids";
import { PositionCoverageCard } from "../components/position-coverage-card";
import { RateConfirmationForm } from "../components/rate-confirmation-form";
import { SignatureCard } from "../components/signature-card";
import { toFormValues } from "../form-values";

const NOT_FOUND = "Rate confirmation not found";

/** /rate-confirmations/{id}: the same form, prefilled; saving is a real update. */
export default function RateConfirmationDetailsPage() {
  const { id = "" } = useParams();
  const record = useRateConfirmation(id);

  // A failed background refresh keeps the loaded record (and whatever is being typed) on screen.
  if (record.data) return <Details key={record.data.id} rc={record.data} />;
  if (record.isPending) return <LoadingState text="Loading rate confirmation..." />;
  if (record.isError) {
    if (record.error instanceof ApiError && record.error.status === 404) {
      return (
        <ProblemState
          message={NOT_FOUND}
          back={<BackButton to="/rate-confirmations" label="Back to List" />}
        />
      );
    }
    return (
      <div className="grid gap-4">
        <ErrorState
          message={failureMessage(record.error, "Error loading rate confirmation")}
          onRetry={() => void record.refetch()}
        />
        <div className="flex justify-center">
          <BackButton to="/rate-confirmations" label="Back to List" />
        </div>
      </div>
    );
  }
  return null;
}

function Details({ rc }: { rc: TRateConfirmation }) {
  const navigate = useNavigate();
  const update = useUpdateRateConfirmation(rc.id);
  const assign = useAssignAnyway(update.isPending);
  // The form starts from the record as first loaded; after a save it is reset from the answer.
  const [defaultValues] = useState(() => toFormValues(rc));

  const canceled = Boolean(rc.canceledAt);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={rc.jobNumber}
        subtitle={
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span>Client: {rc.clientName}</span>
            {rc.coverage.total > 0 ? <CoverageText coverage={rc.coverage} /> : null}
          </span>
        }
        actions={
          <>
            {canceled ? null : (
              <Button asChild>
                <Link to={`/dispatching/new?rcId=${encodeURIComponent(rc.id)}`}>
                  <Truck />
                  Create Dispatch
                </Link>
              </Button>
            )}
            <RecordActions rc={rc} />
            <BackButton to="/rate-confirmations" label="Back to List" />
          </>
        }
      />
      {canceled ? <CanceledBanner rc={rc} /> : null}
      <SignatureCard rc={rc} />
      <PositionCoverageCard rc={rc} />
      <fieldset
        disabled={canceled}
        className="min-w-0"
        aria-label={canceled ? "Canceled (read-only)" : undefined}
      >
        <RateConfirmationForm
          defaultValues={defaultValues}
          rateConfirmationId={rc.id}
          submitLabel="Save Changes"
          pending={update.isPending}
          onCancel={() => navigate("/rate-confirmations")}
          notice={
            rc.signatureStatus === "signed" ||
            rc.signatureStatus === "awaiting_signature" ||
            rc.signatureStatus === "viewed" ? (
              <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
                {rc.signatureStatus === "signed"
                  ? "This rate confirmation is signed. Saving changes will need a new signature from the client."
                  : "This rate confirmation is awaiting the client's signature. Saving changes will need it to be sent again."}
              </p>
            ) : null
          }
          onSubmit={(data, form) =>
            assign.submit(update.mutate, data, {
              success: (saved) => {
                toast.success("Rate confirmation updated successfully");
                form.reset(toFormValues(saved));
              },
              showFieldErrors: (error) => applyFieldErrors(error, form.setError),
              fail: (error, inline) => {
                if (inline) focusFirstInvalid();
                toast.error(failureMessage(error, "Failed to save rate confirmation"));
              },
            })
          }
        />
      </fieldset>
      {assign.dialogs}
      <div className="mt-6">
        <DocumentsCard
          owner={{ kind: "rate_confirmation", id: rc.id }}
          description="Permits, route surveys and the job's other papers."
          defaultCategory="permit"
        />
      </div>
    </div>
  );
}

/** A canceled one: kept for history, read-only, with Restore. */
function CanceledBanner({ rc }: { rc: TRateConfirmation }) {
  const setCanceled = useSetCanceled(rc.id);
  return (
    <div
      role="status"
      className="mb-4 flex flex-col gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
    >
      <p className="min-w-0">
        <strong className="font-semibold">Canceled</strong>
        {rc.canceledAt ? ` on ${formatDate(todayIso(new Date(rc.canceledAt)))}` : null}. It is kept for
        history: it cannot be edited or dispatched and is left out of the dashboard counts.
      </p>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-auto"
        disabled={setCanceled.isPending}
        onClick={() =>
          setCanceled.mutate(false, {
            onSuccess: () => toast.success("Rate confirmation restored"),
            onError: (error) => toast.error(failureMessage(error, "Failed to restore rate confirmation")),
          })
        }
      >
        {setCanceled.isPending ? <Spinner /> : <RotateCcw />}
        Restore
      </Button>
    </div>
  );
}

/** More actions: Duplicate, Cancel (or nothing when canceled: the banner restores), Delete. */
function RecordActions({ rc }: { rc: TRateConfirmation }) {
  const navigate = useNavigate();
  const duplicate = useDuplicateRateConfirmation(rc.id);
  const setCanceled = useSetCanceled(rc.id);
  const remove = useDeleteRateConfirmation(rc.id);
  const [confirm, setConfirm] = useState<"cancel" | "delete" | null>(null);

  const onDuplicate = () =>
    duplicate.mutate(undefined, {
      onSuccess: (copy) => {
        toast.success(`Duplicated as ${copy.jobNumber}`);
        navigate(`/rate-confirmations/${copy.id}`);
      },
      onError: (error) => toast.error(failureMessage(error, "Failed to duplicate rate confirmation")),
    });

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" aria-label={`More actions for ${rc.jobNumber}`}>
            {duplicate.isPending ? <Spinner /> : <MoreHorizontal />}
            More
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem disabled={duplicate.isPending} onSelect={onDuplicate}>
            <Copy />
            Duplicate
          </DropdownMenuItem>
          {rc.canceledAt ? null : (
            <DropdownMenuItem onSelect={() => setConfirm("cancel")}>
              <Ban />
              Cancel Rate Confirmation
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirm("delete")}>
            <Trash2 />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirm === "cancel"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Cancel ${rc.jobNumber}?`}
        description="It stays in the list and on its page for history, but it can no longer be edited or dispatched and is left out of the dashboard counts. Dispatches already made stay. You can restore it later."
        confirmLabel="Cancel Rate Confirmation"
        pending={setCanceled.isPending}
        onConfirm={() =>
          setCanceled.mutate(true, {
            onSuccess: () => {
              setConfirm(null);
              toast.success("Rate confirmation canceled");
            },
            onError: (error) => toast.error(failureMessage(error, "Failed to cancel rate confirmation")),
          })
        }
      />
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={`Delete ${rc.jobNumber}?`}
        description="The rate confirmation, its rates and its positions are deleted for good. This is refused while dispatches refer to it: cancel it instead."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success("Rate confirmation deleted");
              navigate("/rate-confirmations");
            },
            onError: (error) => {
              setConfirm(null);
              toast.error(failureMessage(error, "Failed to delete rate confirmation"));
            },
          })
        }
      />
    </>
  );
}

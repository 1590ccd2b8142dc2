import type { TRateConfirmation } from "@pevo/shared";
import { Truck } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { PageHeader } from "@/components/page-header";
import { BackButton, ErrorState, LoadingState, ProblemState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { useRateConfirmation, useUpdateRateConfirmation } from "../api";
import { focusFirstInvalid } from "../components/field-ids";
import type { PevoOption } from "../components/positions-fields";
import { RateConfirmationForm } from "../components/rate-confirmation-form";
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
  // The form starts from the record as first loaded; after a save it is reset from the answer.
  const [defaultValues] = useState(() => toFormValues(rc));
  const assignedPevos = useMemo<PevoOption[]>(
    () => rc.positions.flatMap((p) => (p.pevoId && p.pevoName ? [{ id: p.pevoId, name: p.pevoName }] : [])),
    [rc.positions],
  );

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={rc.jobNumber}
        subtitle={`Client: ${rc.clientName}`}
        actions={
          <>
            <Button asChild>
              <Link to={`/dispatching/new?rcId=${encodeURIComponent(rc.id)}`}>
                <Truck />
                Create Dispatch
              </Link>
            </Button>
            <BackButton to="/rate-confirmations" label="Back to List" />
          </>
        }
      />
      <RateConfirmationForm
        defaultValues={defaultValues}
        assignedPevos={assignedPevos}
        submitLabel="Save Changes"
        pending={update.isPending}
        onCancel={() => navigate("/rate-confirmations")}
        notice={
          rc.signatureStatus !== "not_sent" ? (
            <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
              {rc.signatureStatus === "signed"
                ? "This rate confirmation is signed. Saving changes will need a new signature from the client."
                : "This rate confirmation is awaiting the client's signature. Saving changes will need it to be sent again."}
            </p>
          ) : null
        }
        onSubmit={(data, form) =>
          update.mutate(data, {
            onSuccess: (saved) => {
              toast.success("Rate confirmation updated successfully");
              form.reset(toFormValues(saved));
            },
            onError: (error) => {
              if (applyFieldErrors(error, form.setError)) focusFirstInvalid();
              toast.error(failureMessage(error, "Failed to save rate confirmation"));
            },
          })
        }
      />
    </div>
  );
}

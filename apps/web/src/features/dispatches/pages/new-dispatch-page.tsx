import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useAssignAnyway } from "@/components/assign-anyway";
import { PageHeader } from "@/components/page-header";
import { LoadingState } from "@/components/states";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { useCreateDispatch, useRateConfirmationRecord } from "../api";
import { DispatchForm } from "../components/dispatch-form";
import { newDispatchValues } from "../form-values";
import { NewDispatchesForPositions } from "./new-dispatches-for-positions";

/**
 * /dispatching/new (SPEC §2): ?rcId={id} links that rate confirmation up front; one with positions
 * offers one dispatch per position (DECISIONS 'One dispatch per position') unless ?single=1 asks for one dispatch.
 */
export default function NewDispatchPage() {
  const [params] = useSearchParams();
  const rcId = params.get("rcId") ?? "";
  const rc = useRateConfirmationRecord(params.get("single") ? null : rcId || null);
  if (rcId && !params.get("single")) {
    if (rc.isPending) return <LoadingState text="Loading rate confirmation..." />;
    if (rc.data && rc.data.positions.length > 0 && !rc.data.canceledAt) {
      return <NewDispatchesForPositions rc={rc.data} />;
    }
  }
  return <NewSingleDispatch />;
}

function NewSingleDispatch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const create = useCreateDispatch();
  const assign = useAssignAnyway(create.isPending);
  const [defaultValues] = useState(() => newDispatchValues(params.get("rcId") ?? ""));

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader title="New Dispatch" subtitle="Assign a PEVO and a driver to a pickup." />
      <DispatchForm
        defaultValues={defaultValues}
        submitLabel="Create Dispatch"
        pending={create.isPending}
        onCancel={() => navigate("/dispatching")}
        onSubmit={(data, form) =>
          assign.submit(create.mutate, data, {
            success: () => {
              toast.success("Dispatch created successfully");
              navigate("/dispatching");
            },
            showFieldErrors: (error) => applyFieldErrors(error, form.setError),
            fail: (error, inline) => {
              toast.error(
                inline ? "Failed to create dispatch" : failureMessage(error, "Failed to create dispatch"),
              );
            },
          })
        }
      />
      {assign.dialogs}
    </div>
  );
}

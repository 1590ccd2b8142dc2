import { coverageText, type TRateConfirmation } from "@pevo/shared";
import { Link, useNavigate } from "react-router";
import { useAssignAnyway } from "@/components/assign-anyway";
import { PageHeader } from "@/components/page-header";
import { failureMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { inlineLinkClass } from "@/lib/utils";
import { useCreateDispatchBatch } from "../batch-api";
import { DispatchPositionsForm } from "../components/dispatch-positions-form";

/** 'Create Dispatch' from a rate confirmation with positions: one dispatch per ticked position. */
export function NewDispatchesForPositions({ rc }: { rc: TRateConfirmation }) {
  const navigate = useNavigate();
  const create = useCreateDispatchBatch();
  const assign = useAssignAnyway(create.isPending);
  const id = encodeURIComponent(rc.id);
  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title="New Dispatch"
        subtitle={
          <span>
            {rc.jobNumber} · {rc.clientName} · {coverageText(rc.coverage)}.{" "}
            <Link to={`/dispatching/new?rcId=${id}&single=1`} className={inlineLinkClass}>
              Create a single dispatch instead
            </Link>
          </span>
        }
      />
      <DispatchPositionsForm
        rc={rc}
        pending={create.isPending}
        onCancel={() => navigate(`/rate-confirmations/${id}`)}
        onSubmit={(data, showFieldErrors) =>
          assign.submit(create.mutate, data, {
            success: (saved) => {
              toast.success(
                saved.ids.length === 1
                  ? "Dispatch created successfully"
                  : `${saved.ids.length} dispatches created`,
              );
              navigate("/dispatching");
            },
            showFieldErrors,
            fail: (error, inline) => {
              toast.error(
                inline ? "Failed to create dispatches" : failureMessage(error, "Failed to create dispatches"),
              );
            },
          })
        }
      />
      {assign.dialogs}
    </div>
  );
}

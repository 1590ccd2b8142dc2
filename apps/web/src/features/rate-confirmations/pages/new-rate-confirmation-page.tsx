import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useAssignAnyway } from "@/components/assign-anyway";
import { PageHeader } from "@/components/page-header";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { todayIso } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreateRateConfirmation, useNextJobNumber } from "../api";
import { focusFirstInvalid } from "../components/field-ids";
import { RateConfirmationForm } from "../components/rate-confirmation-form";
import { emptyFormValues } from "../form-values";

/** /rate-confirmations/new (?clientId= preselects the client). */
export default function NewRateConfirmationPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [defaultValues] = useState(() => emptyFormValues(params.get("clientId") ?? ""));
  const [today] = useState(() => todayIso());
  const jobNumber = useNextJobNumber(today);
  const create = useCreateRateConfirmation();
  const assign = useAssignAnyway(create.isPending);

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="New Rate Confirmation"
        subtitle="The rates and positions agreed with the client for one job."
      />
      <RateConfirmationForm
        defaultValues={defaultValues}
        jobNumberSuggestion={jobNumber.data?.jobNumber}
        submitLabel="Generate Rate Confirmation"
        pending={create.isPending}
        onCancel={() => navigate("/rate-confirmations")}
        onSubmit={(data, form) =>
          assign.submit(create.mutate, data, {
            success: (rc) => {
              toast.success("Rate confirmation created successfully");
              navigate(`/rate-confirmations/${rc.id}`);
            },
            showFieldErrors: (error) => applyFieldErrors(error, form.setError),
            fail: (error, inline) => {
              if (inline) focusFirstInvalid();
              toast.error(failureMessage(error, "Failed to create rate confirmation"));
            },
          })
        }
      />
      {assign.dialogs}
    </div>
  );
}

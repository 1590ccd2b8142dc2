import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useBookingConflicts } from "@/components/booking-conflicts-dialog";
import { PageHeader } from "@/components/page-header";
import { useQualificationOverride } from "@/components/qualification";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { todayIso } from "@/lib/format";
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
  const conflicts = useBookingConflicts(create.isPending);
  const qualification = useQualificationOverride(create.isPending);

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
        onSubmit={function save(data, form) {
          create.mutate(data, {
            onSuccess: (rc) => {
              toast.success("Rate confirmation created successfully");
              navigate(`/rate-confirmations/${rc.id}`);
            },
            onError: (error) => {
              // A position's PEVO is booked on an overlapping job: list them, "Assign anyway" resends.
              if (conflicts.ask(error, () => save({ ...data, allowConflict: true }, form))) return;
              // Everything typed stays; the server's field messages go next to their fields.
              const inline = applyFieldErrors(error, form.setError);
              // A position's PEVO is not qualified for the route: the reasons, "Assign anyway" with a reason resends.
              if (
                qualification.ask(error, (reason) =>
                  save({ ...data, qualificationOverride: { reason } }, form),
                )
              )
                return;
              if (inline) focusFirstInvalid();
              toast.error(failureMessage(error, "Failed to create rate confirmation"));
            },
          });
        }}
      />
      {conflicts.dialog}
      {qualification.dialog}
    </div>
  );
}

import type { TInvoice } from "@pevo/shared";
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { BackButton, LoadingState, ProblemState } from "@/components/states";
import { Button } from "@/components/ui/button";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { useCompany } from "@/lib/shared-queries";
import { toast } from "@/lib/toast";
import { useInvoice, useUpdateInvoice } from "../api";
import { InvoiceForm } from "../components/invoice-form";
import { invoiceValues, summaryOfInvoice } from "../form-values";
import { isValidInvoice } from "../validate";

/** /invoices/edit/{id} (SPEC §2): the create layout, prefilled from the stored draft invoice. */
export default function EditInvoicePage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const invoice = useInvoice(id);
  const company = useCompany();

  if (invoice.isPending || company.isPending) return <LoadingState text="Loading invoice information..." />;
  const error: unknown = invoice.error;
  const stored: unknown = invoice.data;
  const missing = (error instanceof ApiError && error.status === 404) || (!error && !isValidInvoice(stored));
  if (missing || error || !isValidInvoice(stored)) {
    return (
      <ProblemState
        message={
          missing
            ? "Invoice data not found or invalid"
            : error instanceof Error
              ? error.message
              : "Invoice not found"
        }
        onRetry={missing ? undefined : () => void invoice.refetch()}
        back={
          <Button variant="outline" onClick={() => navigate("/invoices")}>
            <ArrowLeft />
            Back
          </Button>
        }
      />
    );
  }
  // DECISIONS 'Invoices': a sent or paid invoice is a record; its page offers notes, or void and reissue.
  if (stored.status !== "draft") {
    return (
      <ProblemState
        message={`Invoice ${stored.invoiceNumber} can no longer be edited`}
        detail="Only a draft invoice is edited. Once sent or paid, its notes can still be changed on its page; to correct anything else, void and reissue it."
        back={<BackButton to={`/invoices/${encodeURIComponent(stored.id)}`} label="Back to the invoice" />}
      />
    );
  }
  return <EditInvoice key={stored.id} invoice={stored} />;
}

function EditInvoice({ invoice }: { invoice: TInvoice }) {
  const navigate = useNavigate();
  const update = useUpdateInvoice(invoice.id);
  const company = useCompany();
  // The form starts from the invoice as first loaded.
  const [defaultValues] = useState(() => invoiceValues(invoice));
  const [dispatch] = useState(() => summaryOfInvoice(invoice));
  const detailsHref = `/invoices/${encodeURIComponent(invoice.id)}`;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader title="Edit Invoice" subtitle={`Update invoice information for ${invoice.invoiceNumber}`} />
      <InvoiceForm
        defaultValues={defaultValues}
        chooseDispatch={false}
        prefilledDispatchId={invoice.dispatchId}
        fixedDispatch={dispatch}
        company={company.data}
        taxRate={invoice.taxRate}
        submitLabel="Save Changes"
        pending={update.isPending}
        onCancel={() => navigate(detailsHref)}
        onSubmit={(data, form) =>
          update.mutate(data, {
            onSuccess: () => {
              toast.success("Invoice updated successfully");
              navigate(detailsHref);
            },
            onError: (error) => {
              const inline = applyFieldErrors(error, form.setError);
              toast.error(
                inline ? "Failed to update invoice" : failureMessage(error, "Failed to update invoice"),
              );
            },
          })
        }
      />
    </div>
  );
}

import type { TClient } from "@pevo/shared";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { LoadingState } from "@/components/states";
import { applyFieldErrors } from "@/lib/api";
import { failureMessage } from "@/lib/errors";
import { todayIso } from "@/lib/format";
import { useClientById, useCompany } from "@/lib/shared-queries";
import { toast } from "@/lib/toast";
import { useCreateInvoice, useInvoiceDispatch, useNextInvoiceNumber } from "../api";
import { InvoiceForm } from "../components/invoice-form";
import { type DispatchSummary, newInvoiceValues } from "../form-values";

/** /invoices/new (SPEC §2), optionally ?dispatchId={id}: the invoice is prefilled from that dispatch. */
export default function NewInvoicePage() {
  const [params] = useSearchParams();
  const dispatchId = params.get("dispatchId") ?? "";
  const company = useCompany();
  const dispatch = useInvoiceDispatch(dispatchId || null);
  // The dispatch's client, for the customer address the invoice starts with.
  const customer = useClientById(dispatch.data?.rateConfirmation?.clientId);
  const [today] = useState(todayIso);
  // The suggestion is only a default: when it cannot be loaded the user types a number.
  const nextNumber = useNextInvoiceNumber(today);
  const [summary, setSummary] = useState<DispatchSummary | null>(null);

  const loading =
    company.isPending ||
    nextNumber.isPending ||
    (dispatchId !== "" &&
      (dispatch.isPending ||
        (Boolean(dispatch.data?.rateConfirmation) && customer.isPending && !customer.isError)));
  const dispatchFailed = dispatchId !== "" && dispatch.isError;
  const jobNumber = summary?.jobNumber ?? dispatch.data?.rateConfirmation?.jobNumber;

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Create Invoice"
        subtitle={jobNumber ? `Creating invoice for Job #${jobNumber}` : "Create a new invoice"}
      />
      {loading ? (
        <LoadingState text={dispatchId ? "Loading dispatch data..." : "Loading..."} />
      ) : (
        <>
          {dispatchFailed ? (
            <p
              role="alert"
              className="mb-6 rounded-md border border-destructive/30 p-4 text-sm text-destructive"
            >
              {failureMessage(dispatch.error, "Dispatch not found")}. Choose the dispatch to bill below.
            </p>
          ) : null}
          <NewInvoiceForm
            key={dispatchId}
            fromDispatch={dispatchFailed ? null : (dispatch.data ?? null)}
            customer={customer.data}
            invoiceNumber={nextNumber.data?.invoiceNumber ?? ""}
            onDispatchChange={setSummary}
          />
        </>
      )}
    </div>
  );
}

function NewInvoiceForm({
  fromDispatch,
  customer,
  invoiceNumber,
  onDispatchChange,
}: {
  fromDispatch: ReturnType<typeof useInvoiceDispatch>["data"] | null;
  customer: TClient | undefined;
  invoiceNumber: string;
  onDispatchChange: (summary: DispatchSummary | null) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const company = useCompany();
  const [defaultValues] = useState(() =>
    newInvoiceValues({
      invoiceNumber,
      paymentTermsDays: company.data?.paymentTermsDays,
      dispatch: fromDispatch,
      clients: customer ? [customer] : undefined,
    }),
  );

  return (
    <InvoiceForm
      defaultValues={defaultValues}
      chooseDispatch={!fromDispatch}
      prefilledDispatchId={fromDispatch?.id ?? null}
      company={company.data}
      taxRate={company.data?.taxRate ?? "0"}
      submitLabel="Create Invoice"
      pending={create.isPending}
      onCancel={() => navigate("/invoices")}
      onDispatchChange={onDispatchChange}
      onSubmit={(data, form) =>
        create.mutate(data, {
          onSuccess: (saved) => {
            toast.success("Invoice created successfully");
            navigate(`/invoices/${encodeURIComponent(saved.id)}`);
          },
          onError: (error) => {
            // Keep what was typed; show the server's field messages inline.
            const inline = applyFieldErrors(error, form.setError);
            toast.error(
              inline ? "Failed to create invoice" : failureMessage(error, "Failed to create invoice"),
            );
          },
        })
      }
    />
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import {
  INVOICE_STATUS_LABELS,
  paymentTermsLabel,
  type TClient,
  type TCompanySettings,
  type TInvoiceData,
  ZInvoice,
} from "@pevo/shared";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { LimitedForm } from "@/components/field-limits";
import { DateField, FormActions, InputField, SelectField, TextareaField } from "@/components/form-fields";
import { ClientPicker } from "@/components/pickers/client-picker";
import { PevoPicker } from "@/components/pickers/pevo-picker";
import { PickerField } from "@/components/pickers/picker-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { clientPickerSource } from "@/features/clients";
import { pevoPickerSource } from "@/features/pevos";
import { formatDate, formatMoney } from "@/lib/format";
import { useClientById } from "@/lib/shared-queries";
import { inlineLinkClass } from "@/lib/utils";
import { useInvoiceDispatch } from "../api";
import {
  customerAddressOf,
  type DispatchSummary,
  dispatchPrefill,
  dueDateFor,
  type InvoiceForm as InvoiceFormApi,
  type InvoiceFormValues,
  isPlaceholderLine,
  POSITION_LABELS,
  summaryOfDispatch,
} from "../form-values";
import { DispatchPicker } from "./dispatch-picker";
import { InfoList } from "./info-list";
import { LineItemsEditor } from "./line-items-editor";

/**
 * The invoice form (SPEC §2, §5), for create and edit. Validation is the shared schema; `onSubmit`
 * gets the parsed data and the form, to put the server's field errors on it.
 */
export function InvoiceForm({
  defaultValues,
  chooseDispatch,
  prefilledDispatchId,
  fixedDispatch,
  company,
  taxRate,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  onDispatchChange,
}: {
  defaultValues: InvoiceFormValues;
  /** Create without ?dispatchId: the dispatch is picked in the form. */
  chooseDispatch: boolean;
  /** The dispatch whose customer, PEVO and first line the default values already hold. */
  prefilledDispatchId: string | null;
  /** Edit: the invoice's own dispatch summary (the dispatch does not change). */
  fixedDispatch?: DispatchSummary | null;
  company: TCompanySettings | undefined;
  /** The rate (%) of the totals preview: the company's current one (create) or the invoice's own (edit). */
  taxRate: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (data: TInvoiceData, form: InvoiceFormApi) => void;
  onCancel: () => void;
  /** Told which dispatch the form bills (for the page's subtitle). */
  onDispatchChange?: (summary: DispatchSummary | null) => void;
}) {
  const form: InvoiceFormApi = useForm<InvoiceFormValues, unknown, TInvoiceData>({
    resolver: zodResolver(ZInvoice) as unknown as Resolver<InvoiceFormValues, unknown, TInvoiceData>,
    defaultValues,
  });
  const { control, register, formState, getValues, setValue } = form;
  const { errors } = formState;
  const guard = useUnsavedChangesGuard(formState.isDirty, pending);
  // The customer's payment terms, else the company's (DECISIONS 'Client billing settings').
  const clientId = useWatch({ control, name: "clientId" });
  const customer = useClientById(clientId || null).data;
  const paymentTerms = customer?.paymentTermsDays ?? company?.paymentTermsDays;

  // Due date follows the issue date (plus payment terms) until the user picks a due date.
  const dueDateEdited = useRef(
    defaultValues.dueDate !== dueDateFor(defaultValues.issueDate, company?.paymentTermsDays),
  );
  useEffect(() => {
    const issueDate = getValues("issueDate");
    if (!dueDateEdited.current && issueDate && paymentTerms !== undefined) {
      const due = dueDateFor(issueDate, paymentTerms);
      if (due !== getValues("dueDate")) setValue("dueDate", due, { shouldDirty: true });
    }
  }, [paymentTerms, getValues, setValue]);

  const dispatchId = useWatch({ control, name: "dispatchId" });
  const dispatch = useInvoiceDispatch(fixedDispatch ? null : dispatchId);
  // The dispatch's client, for its address (read by id once the dispatch is in).
  const dispatchClientId =
    dispatch.data?.id === dispatchId ? dispatch.data.rateConfirmation?.clientId : undefined;
  const dispatchClient = useClientById(dispatchClientId);
  const clientWaiting = Boolean(dispatchClientId) && dispatchClient.isPending && !dispatchClient.isError;

  const summary = useMemo<DispatchSummary | null>(() => {
    if (fixedDispatch !== undefined) return fixedDispatch;
    return dispatch.data && dispatch.data.id === dispatchId ? summaryOfDispatch(dispatch.data) : null;
  }, [fixedDispatch, dispatch.data, dispatchId]);

  // Choosing a dispatch in the form prefills it like ?dispatchId= does (once its data and the customers are in).
  const applied = useRef<{ id: string | null; summary: DispatchSummary | null }>({
    id: prefilledDispatchId,
    summary: null,
  });
  useEffect(() => {
    const data = dispatch.data;
    if (!data || data.id !== dispatchId || applied.current.id === data.id || clientWaiting) return;
    const prefill = dispatchPrefill(data, dispatchClient.data ? [dispatchClient.data] : undefined);
    const touch = { shouldDirty: true } as const;
    setValue("clientId", prefill.clientId, touch);
    setValue("customerName", prefill.customerName, touch);
    setValue("customerAddress", prefill.customerAddress, touch);
    setValue("pevoName", prefill.pevoName, touch);
    setValue("pevoPosition", prefill.pevoPosition, touch);
    const lines = getValues("lineItems");
    if (lines.every((line) => isPlaceholderLine(line, applied.current.summary))) {
      setValue("lineItems", prefill.lineItems, touch);
    }
    applied.current = { id: data.id, summary: summaryOfDispatch(data) };
  }, [dispatch.data, dispatchId, clientWaiting, dispatchClient.data, getValues, setValue]);
  useEffect(() => {
    onDispatchChange?.(summary);
  }, [onDispatchChange, summary]);
  useEffect(() => {
    if (applied.current.id === dispatchId && !applied.current.summary && summary) {
      applied.current = { id: dispatchId, summary };
    }
  }, [dispatchId, summary]);

  const customerName = useWatch({ control, name: "customerName" });
  const pevoPosition = useWatch({ control, name: "pevoPosition" });

  const positionOptions =
    pevoPosition && !POSITION_LABELS.includes(pevoPosition)
      ? [pevoPosition, ...POSITION_LABELS]
      : POSITION_LABELS;

  // Double billing: the picked dispatch's other invoices (create only; an edit keeps its dispatch).
  const existingInvoices =
    !fixedDispatch && dispatch.data && dispatch.data.id === dispatchId ? dispatch.data.invoices : [];
  const allowAdditional = useWatch({ control, name: "allowAdditional" });

  // A chosen dispatch that is not (or no longer) the company's is dropped.
  const dropMissingDispatch = useCallback(() => setValue("dispatchId", ""), [setValue]);

  const rates = summary?.standardRates ?? null;
  const loadingDispatch = Boolean(!fixedDispatch && dispatchId && dispatch.isFetching && !summary);

  return (
    <LimitedForm
      schema={ZInvoice}
      noValidate
      onSubmit={form.handleSubmit((data) => {
        guard.allowLeave();
        onSubmit(data, form);
      })}
      className="grid gap-6"
      aria-busy={pending || undefined}
    >
      <fieldset disabled={pending} className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Invoice Details</CardTitle>
            <CardDescription>Number, dates and status of the invoice.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            {chooseDispatch ? (
              <PickerField
                control={control}
                name="dispatchId"
                id="invoice-dispatchId"
                label="Dispatch"
                className="md:col-span-2"
                hint={
                  loadingDispatch ? (
                    <span className="inline-flex items-center gap-1.5">
                      <Spinner className="size-3" />
                      Loading dispatch data...
                    </span>
                  ) : (
                    <>
                      Invoices are produced from dispatches: choose the job to bill.{" "}
                      <Link to="/dispatching/new" className={inlineLinkClass}>
                        New dispatch
                      </Link>
                    </>
                  )
                }
              >
                {(bound) => <DispatchPicker {...bound} onSelectedMissing={dropMissingDispatch} />}
              </PickerField>
            ) : errors.dispatchId?.message && existingInvoices.length === 0 ? (
              <p role="alert" className="text-sm text-destructive md:col-span-2">
                {errors.dispatchId.message}
              </p>
            ) : null}
            {existingInvoices.length > 0 ? (
              <div
                role="region"
                aria-labelledby="invoice-already-billed-title"
                className="grid min-w-0 gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 md:col-span-2 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
              >
                <p id="invoice-already-billed-title" className="font-medium">
                  This dispatch already has {existingInvoices.length === 1 ? "an invoice" : "invoices"}:
                </p>
                <ul className="grid gap-1">
                  {existingInvoices.map((inv) => (
                    <li key={inv.id} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
                      <Link
                        to={`/invoices/${encodeURIComponent(inv.id)}`}
                        className={`${inlineLinkClass} break-all`}
                      >
                        {inv.invoiceNumber}
                      </Link>
                      <span className="text-amber-900/80 dark:text-amber-100/80">
                        {INVOICE_STATUS_LABELS[inv.status]} · {formatMoney(inv.total)}
                      </span>
                    </li>
                  ))}
                </ul>
                <Controller
                  control={control}
                  name="allowAdditional"
                  render={({ field }) => (
                    <div className="flex items-start gap-3">
                      <Checkbox
                        id="invoice-allowAdditional"
                        ref={field.ref}
                        className="mt-0.5 bg-background"
                        checked={field.value === true}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                        onBlur={field.onBlur}
                        aria-describedby="invoice-allowAdditional-hint"
                      />
                      <div className="grid gap-1">
                        <Label htmlFor="invoice-allowAdditional">Create a supplementary invoice anyway</Label>
                        <p id="invoice-allowAdditional-hint" className="text-xs">
                          Only for a deliberate extra bill (e.g. added days). Otherwise open the invoice
                          above.
                        </p>
                      </div>
                    </div>
                  )}
                />
                {errors.dispatchId?.message && !allowAdditional ? (
                  <p role="alert" className="font-medium text-destructive">
                    {errors.dispatchId.message}
                  </p>
                ) : null}
              </div>
            ) : null}
            <InputField
              id="invoice-invoiceNumber"
              label="Invoice Number"
              error={errors.invoiceNumber?.message}
              className="md:col-span-2"
              autoComplete="off"
              {...register("invoiceNumber")}
            />
            <DateField
              control={control}
              name="issueDate"
              id="invoice-issueDate"
              label="Issue Date"
              className="content-start"
              onValueChange={(value) => {
                if (value && !dueDateEdited.current) {
                  setValue("dueDate", dueDateFor(value, paymentTerms), {
                    shouldDirty: true,
                    shouldValidate: formState.isSubmitted,
                  });
                }
              }}
            />
            <DateField
              control={control}
              name="dueDate"
              id="invoice-dueDate"
              label="Due Date"
              className="content-start"
              hint={`${paymentTermsLabel(paymentTerms ?? 30)}${customer?.paymentTermsDays != null ? ` (${customer.name}'s terms)` : ""}: issue date + ${paymentTerms ?? 30} days unless you pick another date`}
              onValueChange={() => {
                dueDateEdited.current = true;
              }}
            />
            {/* No Status field: the status follows Send, the client's view, payments and Void. */}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Bill To</CardTitle>
            <CardDescription>The customer this invoice is addressed to.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <PickerField
              control={control}
              name="clientId"
              id="invoice-clientId"
              label="Customer"
              onValueChange={(_id, client: TClient | null) => {
                if (client) {
                  setValue("customerName", client.name, { shouldDirty: true });
                  setValue("customerAddress", customerAddressOf(client), { shouldDirty: true });
                }
              }}
            >
              {(bound) => (
                <ClientPicker
                  source={clientPickerSource}
                  {...bound}
                  selectedLabel={customerName || undefined}
                  placeholder={customerName || "Select a customer"}
                />
              )}
            </PickerField>
            <TextareaField
              id="invoice-customerAddress"
              label="Customer Address"
              error={errors.customerAddress?.message}
              rows={3}
              placeholder="Street, city, state and ZIP"
              {...register("customerAddress")}
            />
            {customer?.billToName ? (
              <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                Billed to <span className="font-medium text-foreground">{customer.billToName}</span> (this
                client's bill-to party): the invoice is addressed and emailed to it.
              </p>
            ) : null}
            <InputField
              id="invoice-poNumber"
              label="PO Number"
              error={errors.poNumber?.message}
              autoComplete="off"
              hint={
                customer?.poRequired
                  ? `${customer.name} requires a PO number: the invoice cannot be sent without it`
                  : "Optional: the client's purchase order number"
              }
              {...register("poNumber")}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>PEVO Information</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <PickerField control={control} name="pevoName" id="invoice-pevoName" label="PEVO Name">
              {(bound) => (
                <PevoPicker {...bound} source={pevoPickerSource()} valueBy="name" noneLabel="None" />
              )}
            </PickerField>
            <SelectField
              control={control}
              name="pevoPosition"
              id="invoice-pevoPosition"
              label="PEVO Position"
              placeholder="Select a position"
              noneLabel="None"
              options={positionOptions.map((label) => ({ value: label, label }))}
            />
          </CardContent>
        </Card>

        {loadingDispatch && !chooseDispatch ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading dispatch data...
          </p>
        ) : null}
        {summary?.jobNumber || rates ? (
          <div className="grid gap-6 md:grid-cols-2">
            {summary?.jobNumber ? (
              <Card>
                <CardHeader>
                  <CardTitle>Dispatch Information</CardTitle>
                </CardHeader>
                <CardContent>
                  <InfoList
                    items={[
                      ["Job Number", summary.jobNumber],
                      ["Driver", summary.driverName],
                      ["Pickup Date", formatDate(summary.pickupDate)],
                      ["Origin", summary.originAddress],
                      ["Destination", summary.destinationAddress],
                    ]}
                  />
                </CardContent>
              </Card>
            ) : null}
            {rates ? (
              <Card>
                <CardHeader>
                  <CardTitle>Rate Information</CardTitle>
                </CardHeader>
                <CardContent>
                  <InfoList
                    items={[
                      ["Minimum Daily Rate", formatMoney(rates.minimumDailyRate)],
                      ["Mileage Rate", `${formatMoney(rates.mileageRate)} per mile`],
                    ]}
                  />
                  <p className="mt-3 text-xs text-muted-foreground">
                    A line's charge is the larger of the minimum daily rate and mileage × mileage rate.
                  </p>
                </CardContent>
              </Card>
            ) : null}
          </div>
        ) : null}

        <Card>
          <CardHeader>
            <CardTitle>Line Items</CardTitle>
            <CardDescription>One line per day or leg: date, location, mileage and charge.</CardDescription>
          </CardHeader>
          <CardContent>
            <LineItemsEditor form={form} dispatch={summary} taxRate={taxRate} disabled={pending} />
          </CardContent>
        </Card>

        <Card>
          <CardContent>
            <TextareaField
              id="invoice-notes"
              label="Notes"
              error={errors.notes?.message}
              rows={4}
              placeholder="Payment instructions or anything the customer should know"
              {...register("notes")}
            />
            <TextareaField
              id="invoice-memo"
              label="Internal memo"
              hint="Only the office sees it: never printed, emailed or shown to the client."
              error={errors.memo?.message}
              rows={3}
              className="mt-4"
              {...register("memo")}
            />
          </CardContent>
        </Card>
      </fieldset>

      <FormActions pending={pending} submitLabel={submitLabel} onCancel={onCancel} />
    </LimitedForm>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { INVOICE_STATUSES, type TCompanySettings, type TInvoiceData, ZInvoice } from "@pevo/shared";
import { useEffect, useMemo, useRef } from "react";
import { Controller, type Resolver, useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DatePicker } from "@/components/ui/date-picker";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { formatDate, formatMoney } from "@/lib/format";
import { useActivePevos, useCustomerOptions, useDispatchOptions, useInvoiceDispatch } from "../api";
import {
  customerAddressOf,
  type DispatchSummary,
  dispatchPrefill,
  dueDateFor,
  type InvoiceForm as InvoiceFormApi,
  type InvoiceFormValues,
  isPlaceholderLine,
  POSITION_LABELS,
  STATUS_LABELS,
  summaryOfDispatch,
} from "../form-values";
import { InfoList } from "./info-list";
import { LineItemsEditor } from "./line-items-editor";

/** Radix Select items cannot have an empty value: this stands for 'None'. */
const NONE = "__none__";
const linkClass = "font-medium text-foreground underline underline-offset-4";

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
  const paymentTerms = company?.paymentTermsDays;

  // Due date follows the issue date (plus payment terms) until the user picks a due date.
  const dueDateEdited = useRef(defaultValues.dueDate !== dueDateFor(defaultValues.issueDate, paymentTerms));

  const dispatchId = useWatch({ control, name: "dispatchId" });
  const dispatch = useInvoiceDispatch(fixedDispatch ? null : dispatchId);
  const customers = useCustomerOptions();
  const activePevos = useActivePevos();
  const dispatchOptions = useDispatchOptions(chooseDispatch);

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
    if (!data || data.id !== dispatchId || applied.current.id === data.id || customers.isPending) return;
    const prefill = dispatchPrefill(data, customers.data);
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
  }, [dispatch.data, dispatchId, customers.isPending, customers.data, getValues, setValue]);
  useEffect(() => {
    onDispatchChange?.(summary);
  }, [onDispatchChange, summary]);
  useEffect(() => {
    if (applied.current.id === dispatchId && !applied.current.summary && summary) {
      applied.current = { id: dispatchId, summary };
    }
  }, [dispatchId, summary]);

  const customerName = useWatch({ control, name: "customerName" });
  const pevoName = useWatch({ control, name: "pevoName" });
  const pevoPosition = useWatch({ control, name: "pevoPosition" });

  const pevoOptions = useMemo(() => {
    const names = (activePevos.data ?? []).map((p) => `${p.firstName} ${p.lastName}`);
    return pevoName && !names.includes(pevoName) ? [pevoName, ...names] : names;
  }, [activePevos.data, pevoName]);
  const positionOptions =
    pevoPosition && !POSITION_LABELS.includes(pevoPosition)
      ? [pevoPosition, ...POSITION_LABELS]
      : POSITION_LABELS;

  const rates = summary?.standardRates ?? null;
  const loadingDispatch = Boolean(!fixedDispatch && dispatchId && dispatch.isFetching && !summary);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((data) => onSubmit(data, form))}
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
              <Controller
                control={control}
                name="dispatchId"
                render={({ field, fieldState }) => (
                  <Field
                    label="Dispatch"
                    htmlFor="invoice-dispatchId"
                    error={fieldState.error?.message}
                    className="min-w-0 md:col-span-2"
                    hint={
                      loadingDispatch ? (
                        <span className="inline-flex items-center gap-1.5">
                          <Spinner className="size-3" />
                          Loading dispatch data...
                        </span>
                      ) : dispatchOptions.isSuccess && dispatchOptions.data.length === 0 ? (
                        <>
                          No dispatches yet.{" "}
                          <Link to="/dispatching/new" className={linkClass}>
                            Create one
                          </Link>
                        </>
                      ) : dispatchOptions.isError ? (
                        "Dispatches could not be loaded."
                      ) : (
                        "Invoices are produced from dispatches: choose the job to bill."
                      )
                    }
                  >
                    <Select value={field.value ?? ""} onValueChange={field.onChange}>
                      <SelectTrigger
                        ref={field.ref}
                        onBlur={field.onBlur}
                        {...controlProps("invoice-dispatchId", fieldState.error?.message)}
                      >
                        <SelectValue placeholder="Select a dispatch (Job # / driver / pickup date)" />
                      </SelectTrigger>
                      <SelectContent className="max-w-[calc(100vw-2rem)]">
                        {(dispatchOptions.data ?? []).map((d) => (
                          <SelectItem key={d.id} value={d.id}>
                            {`${d.jobNumber ?? "No job #"} / ${d.driverName} / ${formatDate(d.pickupDate)}`}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </Field>
                )}
              />
            ) : errors.dispatchId?.message ? (
              <p role="alert" className="text-sm text-destructive md:col-span-2">
                {errors.dispatchId.message}
              </p>
            ) : null}
            <Field
              label="Invoice Number"
              htmlFor="invoice-invoiceNumber"
              error={errors.invoiceNumber?.message}
              className="md:col-span-2"
            >
              <Input
                {...controlProps("invoice-invoiceNumber", errors.invoiceNumber?.message)}
                autoComplete="off"
                {...register("invoiceNumber")}
              />
            </Field>
            <Controller
              control={control}
              name="issueDate"
              render={({ field, fieldState }) => (
                <Field
                  label="Issue Date"
                  htmlFor="invoice-issueDate"
                  error={fieldState.error?.message}
                  className="content-start"
                >
                  <DatePicker
                    id="invoice-issueDate"
                    value={field.value}
                    onChange={(value) => {
                      field.onChange(value ?? "");
                      if (value && !dueDateEdited.current) {
                        setValue("dueDate", dueDateFor(value, paymentTerms), {
                          shouldDirty: true,
                          shouldValidate: formState.isSubmitted,
                        });
                      }
                    }}
                    disabled={pending}
                    invalid={Boolean(fieldState.error)}
                  />
                </Field>
              )}
            />
            <Controller
              control={control}
              name="dueDate"
              render={({ field, fieldState }) => (
                <Field
                  label="Due Date"
                  htmlFor="invoice-dueDate"
                  error={fieldState.error?.message}
                  className="content-start"
                  hint={`Issue date + ${paymentTerms ?? 30} days unless you pick another date`}
                >
                  <DatePicker
                    id="invoice-dueDate"
                    value={field.value}
                    onChange={(value) => {
                      dueDateEdited.current = true;
                      field.onChange(value ?? "");
                    }}
                    disabled={pending}
                    invalid={Boolean(fieldState.error)}
                  />
                </Field>
              )}
            />
            <Controller
              control={control}
              name="status"
              render={({ field, fieldState }) => (
                <Field
                  label="Status"
                  htmlFor="invoice-status"
                  error={fieldState.error?.message}
                  className="content-start"
                >
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger
                      ref={field.ref}
                      onBlur={field.onBlur}
                      {...controlProps("invoice-status", fieldState.error?.message)}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {INVOICE_STATUSES.map((status) => (
                        <SelectItem key={status} value={status}>
                          {STATUS_LABELS[status]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Bill To</CardTitle>
            <CardDescription>The customer this invoice is addressed to.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Controller
              control={control}
              name="clientId"
              render={({ field, fieldState }) => (
                <Field
                  label="Customer"
                  htmlFor="invoice-clientId"
                  error={fieldState.error?.message}
                  className="min-w-0"
                  hint={customers.isError ? "Customers could not be loaded." : undefined}
                >
                  <Select
                    value={field.value ?? ""}
                    onValueChange={(id) => {
                      const client = customers.data?.find((c) => c.id === id);
                      field.onChange(id);
                      if (client) {
                        setValue("customerName", client.name, { shouldDirty: true });
                        setValue("customerAddress", customerAddressOf(client), { shouldDirty: true });
                      }
                    }}
                  >
                    <SelectTrigger
                      ref={field.ref}
                      onBlur={field.onBlur}
                      {...controlProps("invoice-clientId", fieldState.error?.message)}
                    >
                      <SelectValue placeholder={customerName || "Select a customer"} />
                    </SelectTrigger>
                    <SelectContent className="max-w-[calc(100vw-2rem)]">
                      {(customers.data ?? []).map((c) => (
                        <SelectItem key={c.id} value={c.id}>
                          {c.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
            />
            <Field
              label="Customer Address"
              htmlFor="invoice-customerAddress"
              error={errors.customerAddress?.message}
            >
              <Textarea
                {...controlProps("invoice-customerAddress", errors.customerAddress?.message)}
                rows={3}
                placeholder="Street, city, state and ZIP"
                {...register("customerAddress")}
              />
            </Field>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>PEVO Information</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            <Controller
              control={control}
              name="pevoName"
              render={({ field, fieldState }) => (
                <Field
                  label="PEVO Name"
                  htmlFor="invoice-pevoName"
                  error={fieldState.error?.message}
                  className="min-w-0"
                >
                  <Select
                    value={field.value || NONE}
                    onValueChange={(value) => field.onChange(value === NONE ? "" : value)}
                  >
                    <SelectTrigger
                      ref={field.ref}
                      onBlur={field.onBlur}
                      {...controlProps("invoice-pevoName", fieldState.error?.message)}
                    >
                      <SelectValue placeholder="Select a PEVO" />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>None</SelectItem>
                      {pevoOptions.map((name) => (
                        <SelectItem key={name} value={name}>
                          {name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
            />
            <Controller
              control={control}
              name="pevoPosition"
              render={({ field, fieldState }) => (
                <Field
                  label="PEVO Position"
                  htmlFor="invoice-pevoPosition"
                  error={fieldState.error?.message}
                  className="min-w-0"
                >
                  <Select
                    value={field.value || NONE}
                    onValueChange={(value) => field.onChange(value === NONE ? "" : value)}
                  >
                    <SelectTrigger
                      ref={field.ref}
                      onBlur={field.onBlur}
                      {...controlProps("invoice-pevoPosition", fieldState.error?.message)}
                    >
                      <SelectValue placeholder="Select a position" />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>None</SelectItem>
                      {positionOptions.map((label) => (
                        <SelectItem key={label} value={label}>
                          {label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </Field>
              )}
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
            <LineItemsEditor
              form={form}
              dispatch={summary}
              taxRate={company?.taxRate ?? "0"}
              disabled={pending}
            />
          </CardContent>
        </Card>

        <Card>
          <CardContent>
            <Field label="Notes" htmlFor="invoice-notes" error={errors.notes?.message}>
              <Textarea
                {...controlProps("invoice-notes", errors.notes?.message)}
                rows={4}
                placeholder="Payment instructions or anything the customer should know"
                {...register("notes")}
              />
            </Field>
          </CardContent>
        </Card>
      </fieldset>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import {
  CLIENT_PAYMENT_TERMS,
  displayPhone,
  paymentTermsLabel,
  type TClient,
  type TClientData,
  type TClientInput,
  ZClient,
} from "@pevo/shared";
import { type RefObject, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { InputField, SelectField, TextareaField } from "@/components/form-fields";
import { ClientPicker } from "@/components/pickers/client-picker";
import { PickerField } from "@/components/pickers/picker-field";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useConfirmDiscard } from "@/components/unsaved-changes";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { useCompany } from "@/lib/shared-queries";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useSaveClient } from "../api";
import { clientPickerSource } from "../picker-source";

/** Every text value starts as an empty string (SPEC §5); the billing settings have their own types. */
type FormValues = {
  [K in keyof Omit<Required<TClientInput>, "poRequired" | "billToClientId" | "paymentTermsDays">]: string;
} & { poRequired: boolean; billToClientId: string | null; paymentTermsDays: string };

function toFormValues(client?: TClient | null): FormValues {
  return {
    name: client?.name ?? "",
    contactPerson: client?.contactPerson ?? "",
    mcNumber: client?.mcNumber ?? "",
    dotNumber: client?.dotNumber ?? "",
    email: client?.email ?? "",
    billingEmail: client?.billingEmail ?? "",
    phone: displayPhone(client?.phone),
    cellPhone: displayPhone(client?.cellPhone),
    fax: displayPhone(client?.fax),
    address: client?.address ?? "",
    paymentTermsDays: client?.paymentTermsDays == null ? "" : String(client.paymentTermsDays),
    poRequired: client?.poRequired ?? false,
    billToClientId: client?.billToClientId ?? null,
    quickPayPercent: client?.quickPayPercent == null ? "" : String(Number(client.quickPayPercent)),
    quickPayDays: client?.quickPayDays == null ? "" : String(client.quickPayDays),
  };
}

const TERMS_OPTIONS = CLIENT_PAYMENT_TERMS.map((days) => ({
  value: String(days),
  label: paymentTermsLabel(days),
}));

/** The form's fields in the spec's order; Address spans both columns. */
const FIELDS: {
  name: Exclude<
    keyof FormValues,
    "poRequired" | "billToClientId" | "paymentTermsDays" | "quickPayPercent" | "quickPayDays"
  >;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
  wide?: boolean;
}[] = [
  { name: "name", label: "Company Name", autoComplete: "organization" },
  { name: "contactPerson", label: "Contact Person", autoComplete: "name" },
  { name: "mcNumber", label: "MC Number" },
  { name: "dotNumber", label: "DOT Number" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "cellPhone", label: "Cell Phone", type: "tel" },
  { name: "fax", label: "Fax", type: "tel" },
  { name: "address", label: "Address", autoComplete: "street-address", wide: true },
];

/**
 * Add / edit a client in a modal. Add mode when `client` is null, edit mode when it has an id.
 * The form is mounted fresh each time the dialog opens, so it always starts from `client`.
 */
export function ClientFormDialog({
  open,
  client,
  onClose,
}: {
  open: boolean;
  client: TClient | null;
  onClose: () => void;
}) {
  const save = useSaveClient();
  const editing = Boolean(client?.id);
  // The form asks before discarding what was typed (useConfirmDiscard); it sets how to close.
  const requestClose = useRef(onClose);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !save.isPending) requestClose.current();
      }}
    >
      <DialogContent className="sm:max-w-[700px]">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Client" : "Add New Client"}</DialogTitle>
          <DialogDescription>
            {editing ? "Update the client company's details." : "Enter the details of the client company."}
          </DialogDescription>
        </DialogHeader>
        <ClientForm
          key={client?.id ?? "new"}
          client={client}
          editing={editing}
          onClose={onClose}
          requestClose={requestClose}
          save={save}
        />
      </DialogContent>
    </Dialog>
  );
}

function ClientForm({
  client,
  editing,
  onClose,
  requestClose,
  save,
}: {
  client: TClient | null;
  editing: boolean;
  onClose: () => void;
  requestClose: RefObject<() => void>;
  save: ReturnType<typeof useSaveClient>;
}) {
  const form = useForm<FormValues, unknown, TClientData>({
    resolver: zodResolver(ZClient) as never,
    defaultValues: toFormValues(client),
  });
  const company = useCompany();
  const companyTerms = company.data ? ` (${paymentTermsLabel(company.data.paymentTermsDays)})` : "";
  const discard = useConfirmDiscard(form.formState.isDirty, onClose);
  requestClose.current = discard.requestClose;
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((data) =>
    save.mutate(
      { id: client?.id, data },
      {
        onSuccess: () => {
          toast.success(editing ? "Client updated successfully" : "Client added successfully");
          onClose();
        },
        onError: (error) => {
          // Keep the dialog open with what was typed; show the server's field messages inline.
          applyFieldErrors(error, form.setError);
          toast.error(
            error instanceof ApiError && error.status === 401
              ? "You must be logged in to perform this action"
              : "Failed to save client",
          );
        },
      },
    ),
  );

  return (
    <LimitedForm schema={ZClient} noValidate onSubmit={onSubmit} className="grid gap-6">
      <fieldset disabled={save.isPending} className="grid min-w-0 gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, label, type, autoComplete, hint, wide }) => {
          const common = {
            id: `client-${name}`,
            label,
            hint,
            error: errors[name]?.message,
            autoComplete: autoComplete ?? "off",
            className: cn("content-start", wide && "sm:col-span-2"),
            ...form.register(name),
          };
          return wide ? (
            <TextareaField key={name} rows={3} {...common} />
          ) : (
            <InputField key={name} type={type ?? "text"} {...common} />
          );
        })}
      </fieldset>
      <fieldset
        disabled={save.isPending}
        aria-labelledby="client-billing-title"
        className="grid min-w-0 gap-4 border-t pt-4 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <h3 id="client-billing-title" className="text-sm font-semibold">
            Billing
          </h3>
          <p className="text-xs text-muted-foreground">
            How this client's invoices are due, checked and addressed.
          </p>
        </div>
        <SelectField
          control={form.control}
          name="paymentTermsDays"
          id="client-paymentTermsDays"
          label="Payment terms"
          options={TERMS_OPTIONS}
          noneLabel={`Company default${companyTerms}`}
          hint="New invoices are due this many days after the issue date"
        />
        <InputField
          id="client-billingEmail"
          type="email"
          label="Accounts payable email (optional)"
          hint="Invoices are sent here; the contact email when empty"
          error={errors.billingEmail?.message}
          autoComplete="off"
          className="content-start"
          {...form.register("billingEmail")}
        />
        <PickerField
          control={form.control}
          name="billToClientId"
          id="client-billToClientId"
          label="Bill to (optional)"
          emptyValue={null}
          hint="Another client who pays for this client's jobs (e.g. a broker); invoices show it under Bill To"
          className="content-start"
        >
          {(bound) => (
            <ClientPicker
              {...bound}
              source={clientPickerSource}
              placeholder="This client itself"
              emptyHint="No other clients yet."
            />
          )}
        </PickerField>
        <Controller
          control={form.control}
          name="poRequired"
          render={({ field }) => (
            <div className="flex items-start gap-3 self-center">
              <Checkbox
                id="client-poRequired"
                ref={field.ref}
                className="mt-0.5"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                aria-describedby="client-poRequired-hint"
              />
              <div className="grid gap-1">
                <Label htmlFor="client-poRequired">PO number required</Label>
                <p id="client-poRequired-hint" className="text-xs text-muted-foreground">
                  An invoice is not sent until it has the client's PO number.
                </p>
              </div>
            </div>
          )}
        />
        <InputField
          id="client-quickPayPercent"
          label="Quick pay discount % (optional)"
          type="number"
          min={0.01}
          max={25}
          step={0.01}
          inputMode="decimal"
          hint="Taken off the total when paid within the days; invoices show gross, discount and net"
          error={errors.quickPayPercent?.message}
          className="content-start"
          {...form.register("quickPayPercent")}
        />
        <InputField
          id="client-quickPayDays"
          label="Quick pay within (days)"
          type="number"
          min={1}
          max={60}
          step={1}
          inputMode="numeric"
          hint="Days from the invoice's issue date"
          error={errors.quickPayDays?.message}
          className="content-start"
          {...form.register("quickPayDays")}
        />
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={discard.requestClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {editing ? "Update Client" : "Add Client"}
        </Button>
      </DialogFooter>
      {discard.prompt}
    </LimitedForm>
  );
}

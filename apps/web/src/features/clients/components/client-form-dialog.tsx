import { zodResolver } from "@hookform/resolvers/zod";
import { type TClient, type TClientData, type TClientInput, ZClient } from "@pevo/shared";
import { type RefObject, useRef } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { LimitedForm } from "@/components/field-limits";
import { InputField, TextareaField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useConfirmDiscard } from "@/components/unsaved-changes";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { cn } from "@/lib/utils";
import { useSaveClient } from "../api";

/** Every form value starts as an empty string (SPEC §5). */
type FormValues = { [K in keyof Required<TClientInput>]: string };

function toFormValues(client?: TClient | null): FormValues {
  return {
    name: client?.name ?? "",
    contactPerson: client?.contactPerson ?? "",
    mcNumber: client?.mcNumber ?? "",
    dotNumber: client?.dotNumber ?? "",
    email: client?.email ?? "",
    billingEmail: client?.billingEmail ?? "",
    phone: client?.phone ?? "",
    cellPhone: client?.cellPhone ?? "",
    fax: client?.fax ?? "",
    address: client?.address ?? "",
  };
}

/** The form's fields in the spec's order; Address spans both columns. */
const FIELDS: {
  name: keyof FormValues;
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
  {
    name: "billingEmail",
    label: "Billing Email (optional)",
    type: "email",
    hint: "Invoices are sent here; the contact email when empty",
  },
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
  const form = useForm<TClientInput, unknown, TClientData>({
    resolver: zodResolver(ZClient),
    defaultValues: toFormValues(client),
  });
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

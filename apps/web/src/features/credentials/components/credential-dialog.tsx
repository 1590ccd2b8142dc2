import { zodResolver } from "@hookform/resolvers/zod";
import {
  INSURANCE_TYPE_LABELS,
  type TCertification,
  type TCertificationData,
  type TCertificationInput,
  type TInsurance,
  type TInsuranceData,
  type TInsuranceInput,
  US_STATES,
  ZCertification,
  ZInsurance,
} from "@pevo/shared";
import { Controller, useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { DateField, InputField, optionsFrom, SelectField } from "@/components/form-fields";
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
import { DocumentField } from "@/features/documents";
import { applyFieldErrors } from "@/lib/api";
import { toast } from "@/lib/toast";
import { type CredentialsOwner, documentsOwnerOf, type SaveCredentialArgs, useSaveCredential } from "../api";

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s, label: s }));
const TYPE_OPTIONS = optionsFrom(INSURANCE_TYPE_LABELS);

/** What the dialog edits: a new or an existing certification / policy; null when closed. */
export type Editing =
  | { kind: "certifications"; item: TCertification | null }
  | { kind: "insurance"; item: TInsurance | null }
  | null;

export function CredentialDialog({
  owner,
  editing,
  onClose,
}: {
  owner: CredentialsOwner;
  editing: Editing;
  onClose: () => void;
}) {
  const title = editing
    ? `${editing.item ? "Edit" : "Add"} ${editing.kind === "certifications" ? "certification" : "insurance"}`
    : "";
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[95svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {owner.kind === "portal"
              ? "Your office reviews the change before it counts."
              : "Saved by the office: approved at once."}
          </DialogDescription>
        </DialogHeader>
        {editing?.kind === "certifications" ? (
          <CertificationForm owner={owner} item={editing.item} onClose={onClose} />
        ) : editing?.kind === "insurance" ? (
          <InsuranceForm owner={owner} item={editing.item} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Footer({ pending, editing, onClose }: { pending: boolean; editing: boolean; onClose: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" className="h-11 md:h-9" onClick={onClose} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" className="h-11 md:h-9" disabled={pending}>
        {pending ? <Spinner /> : null}
        {editing ? "Save" : "Add"}
      </Button>
    </DialogFooter>
  );
}

/**
 * The one save of both forms: add (no item) or update, the toast, and the server's field errors on
 * the form's fields.
 */
function useSubmitCredential(
  owner: CredentialsOwner,
  item: { id: string } | null,
  setError: (name: never, error: { type: string; message: string }) => void,
  onClose: () => void,
) {
  const save = useSaveCredential(owner);
  const submit = (args: SaveCredentialArgs) => {
    const label = args.kind === "certifications" ? "Certification" : "Insurance";
    save.mutate(args, {
      onSuccess: () => {
        toast.success(`${label} ${item ? "updated" : "added"}`);
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(error, setError);
        toast.error(`Failed to save ${label.toLowerCase()}: ${error.message}`);
      },
    });
  };
  return { submit, pending: save.isPending };
}

function CertificationForm({
  owner,
  item,
  onClose,
}: {
  owner: CredentialsOwner;
  item: TCertification | null;
  onClose: () => void;
}) {
  const form = useForm<TCertificationInput, unknown, TCertificationData>({
    resolver: zodResolver(ZCertification),
    defaultValues: {
      state: item?.state,
      certificateNumber: item?.certificateNumber ?? "",
      issuedOn: item?.issuedOn ?? "",
      expiresOn: item?.expiresOn ?? "",
      documentId: item?.document?.id ?? null,
    },
  });
  const { errors } = form.formState;
  const { submit, pending } = useSubmitCredential(owner, item, form.setError, onClose);
  const onSubmit = form.handleSubmit((data) => submit({ kind: "certifications", id: item?.id, data }));
  return (
    <LimitedForm schema={ZCertification} noValidate onSubmit={onSubmit} className="grid gap-6">
      <fieldset disabled={pending} className="grid min-w-0 items-start gap-4 sm:grid-cols-2">
        <SelectField
          control={form.control}
          name="state"
          id="cert-state"
          label="Issuing state"
          options={STATE_OPTIONS}
          placeholder="Choose a state"
        />
        <InputField
          id="cert-number"
          label="Certificate number"
          autoComplete="off"
          error={errors.certificateNumber?.message}
          {...form.register("certificateNumber")}
        />
        <DateField control={form.control} name="issuedOn" id="cert-issued" label="Issue date" clearable />
        <DateField control={form.control} name="expiresOn" id="cert-expires" label="Expiry date" />
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="documentId"
            render={({ field }) => (
              <DocumentField
                owner={documentsOwnerOf(owner)}
                category="certificate"
                value={field.value ?? null}
                onChange={field.onChange}
                error={errors.documentId?.message}
                disabled={pending}
              />
            )}
          />
        </div>
      </fieldset>
      <Footer pending={pending} editing={item !== null} onClose={onClose} />
    </LimitedForm>
  );
}

function InsuranceForm({
  owner,
  item,
  onClose,
}: {
  owner: CredentialsOwner;
  item: TInsurance | null;
  onClose: () => void;
}) {
  const form = useForm<TInsuranceInput, unknown, TInsuranceData>({
    resolver: zodResolver(ZInsurance),
    defaultValues: {
      type: item?.type ?? "auto_liability",
      carrier: item?.carrier ?? "",
      policyNumber: item?.policyNumber ?? "",
      coverageAmount: item?.coverageAmount ?? "",
      expiresOn: item?.expiresOn ?? "",
      documentId: item?.document?.id ?? null,
    },
  });
  const { errors } = form.formState;
  const { submit, pending } = useSubmitCredential(owner, item, form.setError, onClose);
  const onSubmit = form.handleSubmit((data) => submit({ kind: "insurance", id: item?.id, data }));
  return (
    <LimitedForm schema={ZInsurance} noValidate onSubmit={onSubmit} className="grid gap-6">
      <fieldset disabled={pending} className="grid min-w-0 items-start gap-4 sm:grid-cols-2">
        <SelectField control={form.control} name="type" id="ins-type" label="Type" options={TYPE_OPTIONS} />
        <InputField
          id="ins-carrier"
          label="Carrier"
          autoComplete="off"
          error={errors.carrier?.message}
          {...form.register("carrier")}
        />
        <InputField
          id="ins-policy"
          label="Policy number"
          autoComplete="off"
          error={errors.policyNumber?.message}
          {...form.register("policyNumber")}
        />
        <InputField
          id="ins-coverage"
          label="Coverage amount ($)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.coverageAmount?.message}
          {...form.register("coverageAmount")}
        />
        <DateField control={form.control} name="expiresOn" id="ins-expires" label="Expiry date" />
        <div className="sm:col-span-2">
          <Controller
            control={form.control}
            name="documentId"
            render={({ field }) => (
              <DocumentField
                owner={documentsOwnerOf(owner)}
                category="insurance"
                value={field.value ?? null}
                onChange={field.onChange}
                error={errors.documentId?.message}
                disabled={pending}
              />
            )}
          />
        </div>
      </fieldset>
      <Footer pending={pending} editing={item !== null} onClose={onClose} />
    </LimitedForm>
  );
}

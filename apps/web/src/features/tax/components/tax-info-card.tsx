import { zodResolver } from "@hookform/resolvers/zod";
import {
  TAX_CLASSIFICATION_LABELS,
  TIN_TYPE_LABELS,
  type TTaxInfo,
  type TTaxProfileData,
  type TTaxProfileInput,
  US_STATES,
  ZTaxProfileInput,
} from "@pevo/shared";
import { Eye, FileText, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { InputField, optionsFrom, SelectField } from "@/components/form-fields";
import { ListSkeleton, QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { documentFileHref, useUploadDocument } from "@/features/documents";
import { applyFieldErrors } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { type TaxOwner, useRevealTin, useSaveTaxInfo, useTaxInfo } from "../api";

const CLASSIFICATIONS = optionsFrom(TAX_CLASSIFICATION_LABELS);
const TIN_TYPES = optionsFrom(TIN_TYPE_LABELS);
const STATES = US_STATES.map((s) => ({ value: s, label: s }));

const toValues = (info: TTaxInfo): TTaxProfileInput => {
  const p = info.profile;
  return {
    legalName: p?.legalName ?? "",
    businessName: p?.businessName ?? "",
    classification: p?.classification ?? ("" as TTaxProfileInput["classification"]),
    classificationOther: p?.classificationOther ?? "",
    address: p?.address ?? "",
    city: p?.city ?? "",
    state: p?.state ?? ("" as TTaxProfileInput["state"]),
    zip: p?.zip ?? "",
    tinType: p?.tinType ?? "ssn",
    tin: "",
  };
};

/**
 * The W-9 on file (DECISIONS 'Year end: W-9 and 1099-NEC'): the PEVO's own in the portal (My
 * Profile → Tax info) or a PEVO's on the office's PEVO page. The TIN is shown masked and never comes
 * back to the form; a blank TIN keeps it. The signed W-9 is a document of category "Signed W-9".
 * The office's admins may reveal the TIN on an explicit, logged action.
 */
export function TaxInfoCard({ owner }: { owner: TaxOwner }) {
  const info = useTaxInfo(owner);
  return (
    <Card id="tax-info" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Tax info (W-9)
          {info.data ? (
            info.data.complete ? (
              <Badge variant="secondary">On file</Badge>
            ) : (
              <Badge variant="outline">Incomplete</Badge>
            )
          ) : null}
        </CardTitle>
        <CardDescription>
          {owner.kind === "portal"
            ? "Your office needs it for your 1099-NEC. Your TIN is stored encrypted and shown masked."
            : "For the PEVO's 1099-NEC. The TIN is stored encrypted and shown masked."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {info.isError ? (
          <QueryErrorState message="Error loading tax info" query={info} />
        ) : info.data ? (
          <>
            <TaxForm key={info.data.profile?.updatedAt ?? "new"} owner={owner} info={info.data} />
            <W9Document owner={owner} info={info.data} />
          </>
        ) : (
          <ListSkeleton label="Loading tax info" rows={3} />
        )}
      </CardContent>
    </Card>
  );
}

function TaxForm({ owner, info }: { owner: TaxOwner; info: TTaxInfo }) {
  const save = useSaveTaxInfo(owner);
  const form = useForm<TTaxProfileInput, unknown, TTaxProfileData>({
    resolver: zodResolver(ZTaxProfileInput),
    defaultValues: toValues(info),
  });
  const { register, control, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const classification = useWatch({ control, name: "classification" });
  const tinType = useWatch({ control, name: "tinType" });
  const masked = info.profile?.tinMasked;

  const onSubmit = handleSubmit(async (data) => {
    try {
      await save.mutateAsync(data);
      toast.success("Tax info saved");
    } catch (error) {
      if (!applyFieldErrors(error, setError))
        toast.error(error instanceof Error ? error.message : "Could not save");
    }
  });

  return (
    <LimitedForm schema={ZTaxProfileInput} onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField
        id="tax-legal-name"
        label="Legal name (as shown on your income tax return)"
        autoComplete="name"
        error={errors.legalName?.message}
        {...register("legalName")}
      />
      <InputField
        id="tax-business-name"
        label="Business name / disregarded entity name (optional)"
        autoComplete="organization"
        error={errors.businessName?.message}
        {...register("businessName")}
      />
      <SelectField
        control={control}
        name="classification"
        id="tax-classification"
        label="Federal tax classification"
        options={CLASSIFICATIONS}
        placeholder="Choose..."
      />
      {classification === "other" ? (
        <InputField
          id="tax-classification-other"
          label="Other classification"
          error={errors.classificationOther?.message}
          {...register("classificationOther")}
        />
      ) : null}
      <InputField
        id="tax-address"
        label="Address (number, street, apt. or suite)"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register("address")}
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_7rem_9rem]">
        <InputField
          id="tax-city"
          label="City"
          autoComplete="address-level2"
          error={errors.city?.message}
          {...register("city")}
        />
        <SelectField
          control={control}
          name="state"
          id="tax-state"
          label="State"
          options={STATES}
          placeholder="--"
        />
        <InputField
          id="tax-zip"
          label="ZIP code"
          inputMode="numeric"
          autoComplete="postal-code"
          error={errors.zip?.message}
          {...register("zip")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          control={control}
          name="tinType"
          id="tax-tin-type"
          label="TIN type"
          options={TIN_TYPES}
        />
        <InputField
          id="tax-tin"
          label={tinType === "ein" ? "EIN" : "SSN"}
          inputMode="numeric"
          autoComplete="off"
          placeholder={masked ?? (tinType === "ein" ? "12-3456789" : "123-45-6789")}
          hint={masked ? `On file: ${masked}. Leave blank to keep it.` : "9 digits"}
          error={errors.tin?.message}
          {...register("tin")}
        />
      </div>
      {owner.kind === "pevo" && info.profile ? <RevealTin pevoId={owner.id} /> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          Save tax info
        </Button>
      </div>
    </LimitedForm>
  );
}

/** The admin's look at the TIN: recorded in the activity (who, when); shown until hidden. */
function RevealTin({ pevoId }: { pevoId: string }) {
  const reveal = useRevealTin(pevoId);
  const [tin, setTin] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {tin ? (
        <>
          <span>
            TIN: <span className="font-mono">{tin}</span>
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => setTin(null)}>
            Hide
          </Button>
        </>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={reveal.isPending}
          onClick={async () => {
            try {
              setTin((await reveal.mutateAsync()).tin);
            } catch (error) {
              toast.error(error instanceof Error ? error.message : "Could not reveal the TIN");
            }
          }}
        >
          {reveal.isPending ? <Spinner /> : <Eye aria-hidden />}
          Reveal TIN
        </Button>
      )}
      <span className="text-muted-foreground">Each reveal is recorded in the activity.</span>
    </div>
  );
}

/** The signed W-9: the newest one on file, and an upload of a new one (PDF or photo). */
function W9Document({ owner, info }: { owner: TaxOwner; info: TTaxInfo }) {
  const documentsOwner = owner.kind === "portal" ? ({ kind: "portal_profile" } as const) : owner;
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadDocument(documentsOwner, setProgress);
  const refreshInfo = useTaxInfo(owner).refetch;
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="mt-6 grid gap-2 border-t pt-4">
      <p className="font-medium text-sm">Signed W-9</p>
      {info.w9 ? (
        <a
          className="flex min-w-0 items-center gap-2 text-sm underline-offset-4 hover:underline"
          href={documentFileHref(documentsOwner, info.w9.id)}
        >
          <FileText className="size-4 shrink-0" aria-hidden />
          <span className="truncate">{info.w9.fileName}</span>
          <span className="shrink-0 text-muted-foreground">· {formatDate(info.w9.uploadedAt)}</span>
        </a>
      ) : (
        <p className="text-muted-foreground text-sm">
          Not uploaded yet: sign the W-9 and upload it (PDF or photo).
        </p>
      )}
      <input
        ref={input}
        type="file"
        accept="application/pdf,image/*"
        className="sr-only"
        id="w9-file"
        aria-label="Signed W-9 file"
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          try {
            await upload.mutateAsync({ file, category: "w9" });
            await refreshInfo();
            toast.success("Signed W-9 uploaded");
          } catch (error) {
            toast.error(error instanceof Error ? error.message : "Could not upload the W-9");
          } finally {
            setProgress(null);
          }
        }}
      />
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? <Spinner /> : <Upload aria-hidden />}
          {upload.isPending && progress !== null
            ? `Uploading ${Math.round(progress * 100)}%`
            : info.w9
              ? "Upload a new signed W-9"
              : "Upload the signed W-9"}
        </Button>
      </div>
    </div>
  );
}

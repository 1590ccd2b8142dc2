import { zodResolver } from "@hookform/resolvers/zod";
import { type TFactoringSettings, type TFactoringSettingsInput, ZFactoringSettings } from "@pevo/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { InputField, TextareaField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { applyFieldErrors } from "@/lib/api";
import { call, client } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const FACTORING_KEY = ["company", "factoring"] as const;

const toForm = (f: TFactoringSettings): TFactoringSettingsInput => ({
  name: f.name ?? "",
  email: f.email ?? "",
  remitTo: f.remitTo ?? "",
  notice: f.notice ?? "",
});

/**
 * Settings → Factoring (DECISIONS 'Quick pay and factoring'): the factoring company an invoice is
 * assigned to from its page. Its remit-to address and notice print on a factored invoice's PDF.
 */
export function FactoringCard() {
  const factoring = useQuery({
    queryKey: FACTORING_KEY,
    queryFn: () => call(client.api.company.factoring.$get()),
  });
  if (factoring.isPending) return <p className="text-muted-foreground">Loading factoring...</p>;
  if (factoring.isError) {
    return (
      <div className="flex items-center gap-3 text-destructive">
        Error loading factoring
        <Button size="sm" variant="outline" onClick={() => factoring.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  return <FactoringForm settings={factoring.data} />;
}

function FactoringForm({ settings }: { settings: TFactoringSettings }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: TFactoringSettingsInput) => call(client.api.company.factoring.$put({ json: body })),
    onSuccess: (data) => queryClient.setQueryData(FACTORING_KEY, data),
  });
  const form = useForm<TFactoringSettingsInput, unknown, TFactoringSettings>({
    resolver: zodResolver(ZFactoringSettings),
    defaultValues: toForm(settings),
  });
  const { register, handleSubmit, formState } = form;
  const e = formState.errors;
  useUnsavedChangesGuard(formState.isDirty, save.isPending);
  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success("Factoring saved");
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        toast.error(error.message || "Failed to save factoring");
      },
    }),
  );
  return (
    <LimitedForm schema={ZFactoringSettings} onSubmit={onSubmit} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Factoring company</CardTitle>
          <CardDescription>
            An invoice you mark factored tells the client to pay this company: its remit-to address and notice
            of assignment print on the invoice. Send to factor emails it the invoice, the signed rate
            confirmation and the trip log. Leave everything empty if you do not factor.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <InputField
            id="factoring-name"
            label="Factoring company"
            error={e.name?.message}
            {...register("name")}
          />
          <InputField
            id="factoring-email"
            label="Email for documents"
            type="email"
            error={e.email?.message}
            {...register("email")}
          />
          <TextareaField
            id="factoring-remitTo"
            label="Remit-to address"
            className="sm:col-span-2"
            rows={3}
            error={e.remitTo?.message}
            {...register("remitTo")}
          />
          <TextareaField
            id="factoring-notice"
            label="Notice of assignment"
            hint="Printed on every factored invoice, e.g. 'This invoice has been assigned to … Pay only to …'."
            className="sm:col-span-2"
            rows={4}
            error={e.notice?.message}
            {...register("notice")}
          />
        </CardContent>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !formState.isDirty}>
          {save.isPending ? <Spinner /> : null}
          Save Factoring
        </Button>
      </div>
    </LimitedForm>
  );
}

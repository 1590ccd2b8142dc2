import { zodResolver } from "@hookform/resolvers/zod";
import { displayPhone, type TPevo, type TPevoData, type TPevoInput, ZPevo } from "@pevo/shared";
import { useEffect, useRef } from "react";
import { Controller, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { LimitedForm } from "@/components/field-limits";
import { DateField, FormActions, InputField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { ApiError, applyFieldErrors } from "@/lib/api";
import { toast } from "@/lib/toast";
import { useSavePevo } from "../api";

/** Empty strings, active (SPEC §4/§5); an existing PEVO fills them in. */
function toFormValues(pevo?: TPevo | null): TPevoInput {
  return {
    firstName: pevo?.firstName ?? "",
    lastName: pevo?.lastName ?? "",
    email: "",
    phone: displayPhone(pevo?.phone),
    licenseNumber: pevo?.licenseNumber ?? "",
    certificationExpiry: pevo?.certificationExpiry ?? "",
    status: pevo?.status ?? "active",
  };
}

/** The message of a failed save: the server's own words when it gave a reason, else the spec's fallback. */
function saveErrorMessage(error: unknown, adding: boolean) {
  if (!(error instanceof ApiError)) return "Failed to save PEVO";
  if (error.status === 401) return adding ? "You must be logged in to add a PEVO" : error.message;
  if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  return "Failed to save PEVO";
}

/**
 * Add a PEVO (no `pevo`) or edit one. Email only when adding: it creates the portal login and the
 * invitation. On failure everything typed stays, with the server's field messages inline. The
 * licence is the driver's licence; state certifications are credentials with their number, expiry
 * and proof (DECISIONS 'One model of state certifications'): adding, "Save and add a state certification"
 * saves and opens the certification form on the PEVO's page; editing, they are in Credentials below.
 */
export function PevoForm({ pevo }: { pevo?: TPevo }) {
  const adding = !pevo;
  const navigate = useNavigate();
  const save = useSavePevo();
  // Where a successful add goes: the list, or the PEVO's page with the certification form open.
  const then = useRef<"list" | "certification">("list");
  const form = useForm<TPevoInput, unknown, TPevoData>({
    resolver: zodResolver(ZPevo),
    defaultValues: toFormValues(pevo),
  });
  const { errors } = form.formState;
  const busy = save.isPending;
  const guard = useUnsavedChangesGuard(form.formState.isDirty, busy);
  // A field the server refused gets the focus once the form is enabled again (a disabled field cannot).
  const focusAfterSave = useRef<keyof TPevoInput | null>(null);
  useEffect(() => {
    if (!busy && focusAfterSave.current) {
      form.setFocus(focusAfterSave.current);
      focusAfterSave.current = null;
    }
  }, [busy, form]);

  const onSubmit = form.handleSubmit((data) => {
    guard.allowLeave();
    return save.mutate(
      { id: pevo?.id, data },
      {
        onSuccess: (saved) => {
          if (adding) {
            const invited = saved?.hasLogin && saved.email;
            toast.success(
              "PEVO added successfully",
              invited ? { description: `Invitation sent to ${saved.email}` } : undefined,
            );
          } else {
            toast.success("PEVO updated successfully");
          }
          navigate(
            adding && then.current === "certification"
              ? `/pevos/edit/${saved.id}?add=certification#credentials`
              : "/pevos",
          );
        },
        onError: (error) => {
          then.current = "list";
          if (applyFieldErrors(error, form.setError) && error instanceof ApiError) {
            const first = Object.keys(error.fields)[0] as keyof TPevoInput | undefined;
            if (first && first in toFormValues()) focusAfterSave.current = first;
          }
          toast.error(saveErrorMessage(error, adding));
        },
      },
    );
  });

  return (
    <LimitedForm schema={ZPevo} noValidate onSubmit={onSubmit} className="grid max-w-3xl gap-6">
      <Card>
        <CardContent>
          <fieldset disabled={busy} className="grid min-w-0 gap-5 sm:grid-cols-2">
            <InputField
              id="pevo-firstName"
              label="First Name"
              className="content-start"
              error={errors.firstName?.message}
              autoComplete="given-name"
              {...form.register("firstName")}
            />
            <InputField
              id="pevo-lastName"
              label="Last Name"
              className="content-start"
              error={errors.lastName?.message}
              autoComplete="family-name"
              {...form.register("lastName")}
            />
            {adding ? (
              <InputField
                id="pevo-email"
                label="Email"
                className="content-start"
                error={errors.email?.message}
                hint="An invitation to the PEVO portal is emailed to this address. Without an email the PEVO has no portal access."
                type="email"
                autoComplete="off"
                inputMode="email"
                {...form.register("email")}
              />
            ) : null}
            <InputField
              id="pevo-phone"
              label="Phone"
              className="content-start"
              error={errors.phone?.message}
              type="tel"
              autoComplete="off"
              {...form.register("phone")}
            />
            <InputField
              id="pevo-licenseNumber"
              label="License Number"
              className="content-start"
              error={errors.licenseNumber?.message}
              autoComplete="off"
              {...form.register("licenseNumber")}
            />
            <DateField
              control={form.control}
              name="certificationExpiry"
              id="pevo-certificationExpiry"
              label="Driver's License Expiry"
              className="content-start"
              disablePast
              clearable
            />
            <StateCertifications
              adding={adding}
              busy={busy}
              onAddWithCertification={() => {
                then.current = "certification";
              }}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <div className="flex items-start gap-3 sm:col-span-2">
                  <Checkbox
                    id="pevo-status"
                    ref={field.ref}
                    className="mt-0.5"
                    checked={field.value !== "inactive"}
                    onCheckedChange={(checked) => field.onChange(checked === true ? "active" : "inactive")}
                    onBlur={field.onBlur}
                    aria-describedby="pevo-status-hint"
                  />
                  <div className="grid gap-1.5">
                    <Label htmlFor="pevo-status">Active Status</Label>
                    <p id="pevo-status-hint" className="text-xs text-muted-foreground">
                      Only active PEVOs can be assigned to new jobs.
                    </p>
                  </div>
                </div>
              )}
            />
          </fieldset>
        </CardContent>
      </Card>
      <FormActions
        pending={busy}
        submitLabel={adding ? "Add PEVO" : "Update PEVO"}
        onCancel={() => navigate("/pevos")}
      />
    </LimitedForm>
  );
}

/**
 * Where the state certifications are: each one is a credential (state, number, expiry, proof) that
 * the route check reads. Adding, a second submit saves the PEVO and opens the certification form on
 * their page; editing, the link goes to the Credentials card below the form.
 */
function StateCertifications({
  adding,
  busy,
  onAddWithCertification,
}: {
  adding: boolean;
  busy: boolean;
  onAddWithCertification: () => void;
}) {
  // A region of its own only on the Add form: editing, the Credentials card below is the
  // "State certifications" region, and two landmarks of one name are one too many (axe landmark-unique).
  const Box = adding ? "section" : "div";
  return (
    <Box
      aria-labelledby={adding ? "pevo-certifications-title" : undefined}
      className="grid gap-2 rounded-lg border border-dashed p-4 sm:col-span-2"
    >
      <h2 id="pevo-certifications-title" className="text-sm font-semibold">
        State certifications
      </h2>
      <p className="text-sm text-muted-foreground">
        Each state certification is recorded with its certificate number, expiry date and proof, and the route
        check uses exactly those. {/* A new tab: what is typed here stays. */}
        <a
          href="/pevos/reciprocity"
          target="_blank"
          rel="noreferrer"
          className="text-foreground underline underline-offset-4"
        >
          Which states certify, and whose cards they accept
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </p>
      <div>
        {adding ? (
          <Button
            type="submit"
            variant="outline"
            className="h-11 md:h-9"
            disabled={busy}
            onClick={onAddWithCertification}
          >
            Save and add a state certification
          </Button>
        ) : (
          <Button asChild variant="outline" className="h-11 md:h-9">
            <a href="#credentials">Go to state certifications</a>
          </Button>
        )}
      </div>
    </Box>
  );
}

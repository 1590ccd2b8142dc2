import { zodResolver } from "@hookform/resolvers/zod";
import { displayPhone, type TPevoProfile, type TPevoProfileInput, ZPevoProfile } from "@pevo/shared";
import { Controller, useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { PageHeader } from "@/components/page-header";
import { QueryErrorState } from "@/components/states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DatePicker } from "@/components/ui/date-picker";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useUnsavedChangesGuard } from "@/components/unsaved-changes";
import { CredentialsCard } from "@/features/credentials";
import { DocumentsCard } from "@/features/documents";
import { TaxInfoCard } from "@/features/tax";
import { applyFieldErrors } from "@/lib/api";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { usePortalProfile, useSavePortalProfile } from "../api";
import { tapTarget } from "../lib";

/** What the schema hands to submit. */
type ProfileData = Omit<TPevoProfile, "id" | "email" | "status" | "licenceReviewStatus">;

type FormValues = {
  firstName: string;
  lastName: string;
  phone: string;
  licenseNumber: string;
  certificationExpiry: string | null;
};

const toFormValues = (profile: TPevoProfile): FormValues => ({
  firstName: profile.firstName ?? "",
  lastName: profile.lastName ?? "",
  phone: displayPhone(profile.phone),
  licenseNumber: profile.licenseNumber ?? "",
  certificationExpiry: profile.certificationExpiry ?? null,
});

/** A change of the licence number or expiry waits for the office (the qualification check too). */
const licenceHint = {
  approved: "A change waits for your office's review.",
  pending: "Waiting for your office's review.",
  rejected: "Your office rejected the last change: see Credentials below.",
} as const;

/** /pevo/profile: the PEVO edits their own row (the same one the office sees). */
export default function PortalProfilePage() {
  const profile = usePortalProfile();
  return (
    <div>
      <PageHeader title="My Profile" subtitle="Your contact details and certification" />
      {profile.isError ? (
        <QueryErrorState message="Error loading profile" query={profile} retryClassName={tapTarget} />
      ) : profile.data ? (
        <ProfileForm key={profile.data.id} profile={profile.data} />
      ) : (
        <Card className="max-w-2xl" role="status" aria-label="Loading profile">
          <CardContent className="grid gap-5">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="grid gap-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-11 w-full md:h-9" />
              </div>
            ))}
          </CardContent>
        </Card>
      )}
      <div className="mt-6 max-w-2xl">
        <CredentialsCard owner={{ kind: "portal" }} />
      </div>
      <div className="mt-6 max-w-2xl">
        <TaxInfoCard owner={{ kind: "portal" }} />
      </div>
      <div className="mt-6 max-w-2xl">
        <DocumentsCard
          owner={{ kind: "portal_profile" }}
          title="My documents"
          description="Certification cards, insurance and licence: your office sees them."
          defaultCategory="certificate"
        />
      </div>
    </div>
  );
}

function ProfileForm({ profile }: { profile: TPevoProfile }) {
  const save = useSavePortalProfile();
  const form = useForm<TPevoProfileInput, unknown, ProfileData>({
    resolver: zodResolver(ZPevoProfile),
    defaultValues: toFormValues(profile),
  });
  const { errors } = form.formState;
  useUnsavedChangesGuard(form.formState.isDirty, save.isPending);

  const onSubmit = form.handleSubmit((data) =>
    save.mutate(data, {
      onSuccess: (saved) => {
        form.reset(toFormValues(saved));
        // SPEC's words; a licence change shows "Waiting for your office's review." under the field.
        toast.success("Profile updated successfully");
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        toast.error(`Failed to update profile: ${error.message}`);
      },
    }),
  );

  const control = (name: keyof FormValues) => {
    const error = errors[name]?.message;
    const id = `profile-${name}`;
    return {
      id,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id}-error` : undefined,
    };
  };

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Personal Information
          <Badge variant={profile.status === "active" ? "green" : "gray"}>
            {profile.status === "active" ? "Active" : "Inactive"}
          </Badge>
        </CardTitle>
        <CardDescription>Your office sees these details when it dispatches you.</CardDescription>
      </CardHeader>
      <CardContent>
        <LimitedForm schema={ZPevoProfile} noValidate onSubmit={onSubmit} className="grid gap-6">
          <fieldset disabled={save.isPending} className="grid min-w-0 items-start gap-4 sm:grid-cols-2">
            <Field label="First Name" htmlFor="profile-firstName" error={errors.firstName?.message}>
              <Input
                {...control("firstName")}
                className={tapTarget}
                autoComplete="given-name"
                {...form.register("firstName")}
              />
            </Field>
            <Field label="Last Name" htmlFor="profile-lastName" error={errors.lastName?.message}>
              <Input
                {...control("lastName")}
                className={tapTarget}
                autoComplete="family-name"
                {...form.register("lastName")}
              />
            </Field>
            <Field
              label="Email"
              htmlFor="profile-email"
              hint="Your login email. Ask your office to change it."
              className="sm:col-span-2"
            >
              <Input
                id="profile-email"
                type="email"
                value={profile.email ?? ""}
                readOnly
                aria-readonly
                className={cn("bg-muted text-muted-foreground", tapTarget)}
              />
            </Field>
            <Field label="Phone Number" htmlFor="profile-phone" error={errors.phone?.message}>
              <Input
                {...control("phone")}
                type="tel"
                inputMode="tel"
                className={tapTarget}
                autoComplete="tel"
                {...form.register("phone")}
              />
            </Field>
            <Field
              label="License Number"
              htmlFor="profile-licenseNumber"
              error={errors.licenseNumber?.message}
              hint={licenceHint[profile.licenceReviewStatus]}
            >
              <Input
                {...control("licenseNumber")}
                className={tapTarget}
                autoComplete="off"
                {...form.register("licenseNumber")}
              />
            </Field>
            <Field
              label="Driver's License Expiry"
              htmlFor="profile-certificationExpiry"
              error={errors.certificationExpiry?.message}
            >
              <div className="[&>button]:h-11 md:[&>button]:h-9">
                <Controller
                  control={form.control}
                  name="certificationExpiry"
                  render={({ field }) => (
                    <DatePicker
                      id="profile-certificationExpiry"
                      value={field.value}
                      onChange={field.onChange}
                      invalid={Boolean(errors.certificationExpiry)}
                      placeholder="No expiry date"
                      clearable
                    />
                  )}
                />
              </div>
            </Field>
          </fieldset>
          <div className="flex sm:justify-end">
            <Button type="submit" className={cn("w-full sm:w-auto", tapTarget)} disabled={save.isPending}>
              {save.isPending ? <Spinner /> : null}
              {save.isPending ? "Saving..." : "Save Changes"}
            </Button>
          </div>
        </LimitedForm>
      </CardContent>
    </Card>
  );
}

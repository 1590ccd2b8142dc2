import { zodResolver } from "@hookform/resolvers/zod";
import {
  EQUIPMENT_ITEMS,
  type TVehicle,
  type TVehicleData,
  type TVehicleInput,
  US_STATES,
  ZVehicle,
} from "@pevo/shared";
import { Controller, useForm } from "react-hook-form";
import { LimitedForm } from "@/components/field-limits";
import { InputField, SelectField } from "@/components/form-fields";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { applyFieldErrors } from "@/lib/api";
import { toast } from "@/lib/toast";
import { type CredentialsOwner, useSaveVehicle } from "../api";
import { ReviewBadge, ReviewControls } from "./review-controls";
import { PendingVersion, VersionHistory } from "./versions";

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s, label: s }));

const toValues = (v: TVehicle | null): TVehicleInput => ({
  year: v?.year ?? "",
  make: v?.make ?? "",
  model: v?.model ?? "",
  plate: v?.plate ?? "",
  plateState: v?.plateState ?? "",
  equipment: Object.fromEntries(
    EQUIPMENT_ITEMS.map(({ key }) => [
      key,
      { has: v?.equipment[key]?.has ?? false, detail: v?.equipment[key]?.detail ?? "" },
    ]),
  ),
});

/** The escort vehicle and the equipment checklist (the maintained list in packages/shared). */
export function VehicleForm({ owner, vehicle }: { owner: CredentialsOwner; vehicle: TVehicle | null }) {
  const save = useSaveVehicle(owner);
  const form = useForm<TVehicleInput, unknown, TVehicleData>({
    resolver: zodResolver(ZVehicle),
    // The PEVO corrects what they sent; the office edits the values in force.
    defaultValues: toValues(
      owner.kind === "portal" && vehicle?.pendingVersion
        ? { ...vehicle, ...vehicle.pendingVersion }
        : vehicle,
    ),
  });
  const { errors } = form.formState;
  const renewal = vehicle?.reviewStatus === "approved" ? vehicle.pendingVersion : null;
  const onSubmit = form.handleSubmit((data) =>
    save.mutate(data, {
      onSuccess: () => toast.success("Vehicle and equipment saved"),
      onError: (error) => {
        applyFieldErrors(error, form.setError);
        toast.error(`Failed to save vehicle: ${error.message}`);
      },
    }),
  );

  return (
    <section className="grid gap-3" aria-label="Vehicle and equipment">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold">Vehicle and equipment</h3>
        {vehicle ? <ReviewBadge status={vehicle.reviewStatus} /> : null}
        {renewal ? <Badge variant="yellow">Update pending review</Badge> : null}
      </div>
      {renewal ? (
        <PendingVersion
          owner={owner}
          submittedAt={renewal.submittedAt}
          detail={
            [renewal.year, renewal.make, renewal.model, renewal.plate].filter(Boolean).join(" · ") ||
            "Equipment"
          }
          expiresOn={null}
        />
      ) : null}
      {vehicle?.reviewStatus === "rejected" && vehicle.reviewNote ? (
        <p className="text-xs text-destructive [overflow-wrap:anywhere]">Rejected: {vehicle.reviewNote}</p>
      ) : null}
      {owner.kind === "office" && vehicle && (vehicle.reviewStatus === "pending" || renewal) ? (
        <ReviewControls
          pevoId={owner.pevoId}
          target={{ kind: "vehicle", id: vehicle.id }}
          what="Vehicle and equipment"
        />
      ) : null}
      {vehicle ? <VersionHistory versions={vehicle.versions} /> : null}
      <LimitedForm schema={ZVehicle} noValidate onSubmit={onSubmit} className="grid gap-4">
        <fieldset
          disabled={save.isPending}
          className="grid min-w-0 items-start gap-4 grid-cols-2 sm:grid-cols-3"
        >
          <InputField
            id="vehicle-year"
            label="Year"
            inputMode="numeric"
            autoComplete="off"
            error={errors.year?.message}
            {...form.register("year")}
          />
          <InputField
            id="vehicle-make"
            label="Make"
            autoComplete="off"
            error={errors.make?.message}
            {...form.register("make")}
          />
          <InputField
            id="vehicle-model"
            label="Model"
            autoComplete="off"
            error={errors.model?.message}
            {...form.register("model")}
          />
          <InputField
            id="vehicle-plate"
            label="Plate"
            autoComplete="off"
            error={errors.plate?.message}
            {...form.register("plate")}
          />
          <SelectField
            control={form.control}
            name="plateState"
            id="vehicle-plate-state"
            label="Plate state"
            options={STATE_OPTIONS}
            noneLabel="None"
          />
        </fieldset>
        <fieldset disabled={save.isPending} className="grid min-w-0 gap-1">
          <legend className="mb-2 text-sm font-medium">Equipment carried</legend>
          <ul className="divide-y rounded-lg border">
            {EQUIPMENT_ITEMS.map((item) => (
              <li key={item.key} className="flex flex-wrap items-center gap-x-3 gap-y-2 p-2.5">
                <Controller
                  control={form.control}
                  name={`equipment.${item.key}.has`}
                  render={({ field }) => (
                    <div className="flex min-h-11 flex-1 items-center gap-3 text-sm md:min-h-0">
                      <Checkbox
                        id={`equipment-${item.key}`}
                        checked={Boolean(field.value)}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                      />
                      <label htmlFor={`equipment-${item.key}`} className="cursor-pointer">
                        {item.label}
                      </label>
                    </div>
                  )}
                />
                {"detail" in item ? (
                  <Input
                    aria-label={`${item.label}: ${item.detail}`}
                    placeholder={item.detail}
                    className="h-11 w-full sm:w-56 md:h-9"
                    maxLength={100}
                    {...form.register(`equipment.${item.key}.detail`)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="flex sm:justify-end">
          <Button type="submit" className="h-11 w-full sm:w-auto md:h-9" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            Save vehicle
          </Button>
        </div>
      </LimitedForm>
    </section>
  );
}

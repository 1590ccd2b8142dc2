import { HEIGHT_POLE_WARNING, heightPoleWithoutHeight, US_STATES, type UsState } from "@pevo/shared";
import { Plus, TriangleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { type FieldPath, useController, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { InputField, SelectField, TextareaField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { RcFormValues } from "../form-values";
import { RemovableRow } from "./removable-row";
import { RouteStatesInput } from "./route-states-input";

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s, label: s }));

/** Load details and the route: all optional; part of what the client signs. */
export function LoadDetailsFields() {
  const { control, register, formState } = useFormContext<RcFormValues>();
  const errors = formState.errors.loadDetails;
  const positions = useWatch({ control, name: "positions" }) ?? [];
  const height = useWatch({ control, name: "loadDetails.heightInches" });
  const heightMissing = height === null || height === undefined || String(height).trim() === "";
  const warnHeightPole = heightPoleWithoutHeight(positions, { heightInches: heightMissing ? null : 0 });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Load Details</CardTitle>
        <CardDescription>The load, the truck and the route the escorts follow.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {warnHeightPole ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2 lg:col-span-4 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {HEIGHT_POLE_WARNING}
          </p>
        ) : null}
        <InputField
          id="rc-loadDetails-description"
          label="Load Description"
          error={errors?.description?.message}
          className="sm:col-span-2 lg:col-span-4"
          placeholder="e.g. Transformer on a 13-axle trailer"
          autoComplete="off"
          {...register("loadDetails.description")}
        />
        <FeetInchesField name="loadDetails.widthInches" id="rc-loadDetails-width" label="Width" />
        <FeetInchesField name="loadDetails.heightInches" id="rc-loadDetails-height" label="Height" />
        <FeetInchesField name="loadDetails.lengthInches" id="rc-loadDetails-length" label="Length" />
        <InputField
          id="rc-loadDetails-weight"
          label="Weight (lb)"
          error={errors?.weightPounds?.message}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          {...register("loadDetails.weightPounds")}
        />
        <FeetInchesField
          name="loadDetails.frontOverhangInches"
          id="rc-loadDetails-frontOverhang"
          label="Front Overhang"
        />
        <FeetInchesField
          name="loadDetails.rearOverhangInches"
          id="rc-loadDetails-rearOverhang"
          label="Rear Overhang"
        />
        <InputField
          id="rc-loadDetails-truckNumber"
          label="Truck Number"
          error={errors?.truckNumber?.message}
          autoComplete="off"
          {...register("loadDetails.truckNumber")}
        />
        <InputField
          id="rc-loadDetails-trailerNumber"
          label="Trailer Number"
          error={errors?.trailerNumber?.message}
          autoComplete="off"
          {...register("loadDetails.trailerNumber")}
        />
        <InputField
          id="rc-loadDetails-cbChannel"
          label="CB Channel"
          error={errors?.cbChannel?.message}
          type="number"
          inputMode="numeric"
          min={1}
          max={40}
          step={1}
          {...register("loadDetails.cbChannel")}
        />
        <RouteStatesField />
        <PermitsFields />
        <TextareaField
          id="rc-loadDetails-routeDescription"
          label="Route Description"
          error={errors?.routeDescription?.message}
          className="sm:col-span-2 lg:col-span-4"
          rows={3}
          placeholder="Highways, turns, bridges and curfews along the permitted route"
          {...register("loadDetails.routeDescription")}
        />
      </CardContent>
    </Card>
  );
}

type InchesField = Extract<
  FieldPath<RcFormValues>,
  `loadDetails.${"width" | "height" | "length" | "frontOverhang" | "rearOverhang"}Inches`
>;

/** Splits whole inches into the two boxes' text ("" for none). */
function split(value: unknown): { feet: string; inches: string } {
  if (value === null || value === undefined || value === "") return { feet: "", inches: "" };
  const total = Number(value);
  if (!Number.isFinite(total)) return { feet: "", inches: "" };
  return { feet: String(Math.trunc(total / 12)), inches: String(total % 12) };
}

/** The boxes' text as whole inches; text the schema refuses (a fraction of an inch) passes through. */
function combine(feet: string, inches: string): number | string | null {
  if (feet.trim() === "" && inches.trim() === "") return null;
  const total = Number(feet || 0) * 12 + Number(inches || 0);
  return Number.isFinite(total) ? total : `${feet}'${inches}"`;
}

/**
 * A length entered as feet and inches, stored as whole inches (the schema's unit). The boxes keep
 * what was typed; a reset of the form (after a save) fills them from the stored value.
 */
function FeetInchesField({ name, id, label }: { name: InchesField; id: string; label: string }) {
  const { control } = useFormContext<RcFormValues>();
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const [text, setText] = useState(() => split(field.value));
  const sent = useRef<unknown>(field.value);
  useEffect(() => {
    if (field.value !== sent.current) {
      sent.current = field.value;
      setText(split(field.value));
    }
  }, [field.value]);
  const update = (next: { feet: string; inches: string }) => {
    setText(next);
    const value = combine(next.feet, next.inches);
    sent.current = value;
    field.onChange(value);
  };
  const errorId = `${id}-error`;
  return (
    <fieldset className="grid min-w-0 gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <div className="flex items-center gap-2">
        <div className="flex min-w-0 flex-1 items-center gap-1">
          <Input
            id={id}
            ref={field.ref}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={text.feet}
            onChange={(e) => update({ ...text, feet: e.target.value })}
            onBlur={field.onBlur}
            aria-label={`${label}, feet`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span className="text-sm text-muted-foreground" aria-hidden>
            ft
          </span>
        </div>
        <div className="flex min-w-0 flex-1 items-center gap-1">
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={11}
            step={1}
            value={text.inches}
            onChange={(e) => update({ ...text, inches: e.target.value })}
            onBlur={field.onBlur}
            aria-label={`${label}, inches`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <span className="text-sm text-muted-foreground" aria-hidden>
            in
          </span>
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function RouteStatesField() {
  const { control } = useFormContext<RcFormValues>();
  const { field, fieldState } = useController({ control, name: "loadDetails.routeStates" });
  const error =
    fieldState.error?.message ??
    (Array.isArray(fieldState.error) ? fieldState.error.find((e) => e?.message)?.message : undefined);
  const id = "rc-loadDetails-routeStates";
  return (
    <div className="grid gap-2 sm:col-span-2 lg:col-span-4">
      <label htmlFor={id} className="text-sm leading-none font-medium">
        States on Route
      </label>
      <RouteStatesInput
        id={id}
        value={(field.value ?? []) as UsState[]}
        onChange={field.onChange}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : `${id}-hint`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          In driving order. Certification is checked for each of them when a PEVO is assigned.
        </p>
      )}
    </div>
  );
}

function PermitsFields() {
  const { control, register, formState, getValues } = useFormContext<RcFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "loadDetails.permits" });
  const errors = formState.errors.loadDetails?.permits;
  // A new permit row starts at the first state on the route that has none yet.
  const nextState = (): UsState | "" => {
    const taken = new Set((getValues("loadDetails.permits") ?? []).map((p) => p.state));
    return ((getValues("loadDetails.routeStates") ?? []) as UsState[]).find((s) => !taken.has(s)) ?? "";
  };
  return (
    <div className="grid gap-2 sm:col-span-2 lg:col-span-4">
      <span className="text-sm leading-none font-medium">Permit Numbers</span>
      {errors?.message ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.message}
        </p>
      ) : null}
      {fields.map((row, index) => (
        <RemovableRow
          key={row.id}
          id={`rc-loadDetails-permits-${index}`}
          title={`Permit ${index + 1}`}
          removeLabel={`Remove permit ${index + 1}`}
          onRemove={() => remove(index)}
        >
          <div className="grid items-start gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
            <SelectField
              control={control}
              name={`loadDetails.permits.${index}.state`}
              id={`rc-loadDetails-permits-${index}-state`}
              label="State"
              placeholder="State"
              options={STATE_OPTIONS}
            />
            <InputField
              id={`rc-loadDetails-permits-${index}-number`}
              label="Permit Number"
              error={errors?.[index]?.number?.message}
              autoComplete="off"
              {...register(`loadDetails.permits.${index}.number`)}
            />
          </div>
        </RemovableRow>
      ))}
      <div>
        <Button
          variant="outline"
          onClick={() => append({ state: nextState() as UsState, number: "" })}
          disabled={fields.length >= US_STATES.length}
        >
          <Plus />
          Add Permit
        </Button>
      </div>
    </div>
  );
}

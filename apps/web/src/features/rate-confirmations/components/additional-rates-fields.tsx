import { RATE_KINDS } from "@pevo/shared";
import { Controller, useFormContext } from "react-hook-form";
import { InputField } from "@/components/form-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { controlProps, Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import type { RcFormValues } from "../form-values";
import { MoneyInput } from "./money-input";

/** In pairs where they go together (deadhead miles and rate, standby rate and threshold). */
const FIELDS = [
  {
    name: "mileageMinimum",
    label: "Mileage Minimum (miles per day)",
    hint: "A shorter day bills these miles",
    money: false,
  },
  { name: "perDiemRate", label: "Per Diem (per day)", hint: "Each logged day", money: true },
  {
    name: "highPoleRate",
    label: "High-Pole Surcharge (per day)",
    hint: "Each worked day of a high pole car",
    money: true,
  },
  {
    name: "deadheadMiles",
    label: "Deadhead Miles",
    hint: "Empty miles to the pickup and back",
    money: false,
  },
  { name: "deadheadRate", label: "Deadhead Rate (per mile)", hint: "Billed once per job", money: true },
  {
    name: "standbyRate",
    label: "Standby / Wait Rate (per hour)",
    hint: "The trip log's standby hours",
    money: true,
  },
] as const;

/**
 * The rate kinds beyond the standard five (packages/shared RATE_KINDS), all optional: a blank field
 * is not charged and not printed on the confirmation.
 */
export function AdditionalRatesFields() {
  const { control, register, formState } = useFormContext<RcFormValues>();
  const errors = formState.errors.additionalRates;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Additional Rates</CardTitle>
        <CardDescription>Optional. Leave a rate blank when it is not charged.</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FIELDS.map(({ name, label, hint, money }) => {
          const id = `rc-additionalRates-${name}`;
          const error = errors?.[name]?.message;
          return money ? (
            <Field
              key={name}
              label={label}
              htmlFor={id}
              error={error}
              hint={hint}
              // The standby rate starts the row its threshold ends.
              className={name === "standbyRate" ? "lg:col-start-1" : undefined}
            >
              <MoneyInput
                {...controlProps(id, error)}
                placeholder="None"
                {...register(`additionalRates.${name}`)}
              />
            </Field>
          ) : (
            <InputField
              key={name}
              id={id}
              label={label}
              hint={hint}
              error={error}
              inputMode="decimal"
              placeholder="None"
              autoComplete="off"
              {...register(`additionalRates.${name}`)}
            />
          );
        })}
        <InputField
          id="rc-additionalRates-standbyThreshold"
          label="Standby Threshold (hours)"
          hint="Hours not billed each day"
          error={errors?.standbyThreshold?.message}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="0"
          {...register("additionalRates.standbyThreshold")}
        />
        <Controller
          control={control}
          name="additionalRates.tollsAtCost"
          render={({ field }) => (
            <Label className="flex min-h-9 items-center gap-3 self-end rounded-md border p-3 font-normal sm:col-span-2 lg:col-span-3">
              <Checkbox
                id="rc-additionalRates-tollsAtCost"
                checked={field.value ?? false}
                onCheckedChange={(v) => field.onChange(v === true)}
              />
              {RATE_KINDS.tolls.label} billed at cost, with receipts
            </Label>
          )}
        />
      </CardContent>
    </Card>
  );
}

import { RATE_KINDS } from "@pevo/shared";
import { Controller, useFormContext } from "react-hook-form";
import { InputField } from "@/components/form-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { controlProps, Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import type { RcFormValues } from "../form-values";
import { MoneyInput } from "./money-input";

const MONEY_FIELDS = [
  { name: "perDiemRate", label: `${RATE_KINDS.per_diem.label} (per day)`, hint: "Each logged day" },
  {
    name: "highPoleRate",
    label: `${RATE_KINDS.high_pole.label} (per day)`,
    hint: "Each worked day of a high pole car",
  },
  { name: "deadheadRate", label: `${RATE_KINDS.deadhead.label} Rate (per mile)`, hint: undefined },
  {
    name: "standbyRate",
    label: `${RATE_KINDS.standby.label} Rate (per hour)`,
    hint: "The trip log's standby hours",
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
        <InputField
          id="rc-additionalRates-mileageMinimum"
          label={`${RATE_KINDS.mileage_minimum.label} (miles per day)`}
          hint="A shorter day bills these miles"
          error={errors?.mileageMinimum?.message}
          inputMode="decimal"
          placeholder="None"
          autoComplete="off"
          {...register("additionalRates.mileageMinimum")}
        />
        <InputField
          id="rc-additionalRates-deadheadMiles"
          label="Deadhead Miles"
          hint="Empty miles to the pickup and back"
          error={errors?.deadheadMiles?.message}
          inputMode="decimal"
          placeholder="None"
          autoComplete="off"
          {...register("additionalRates.deadheadMiles")}
        />
        {MONEY_FIELDS.map(({ name, label, hint }) => {
          const id = `rc-additionalRates-${name}`;
          const error = errors?.[name]?.message;
          return (
            <Field key={name} label={label} htmlFor={id} error={error} hint={hint}>
              <MoneyInput
                {...controlProps(id, error)}
                placeholder="None"
                {...register(`additionalRates.${name}`)}
              />
            </Field>
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

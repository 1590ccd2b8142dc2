import { RATE_UNITS } from "@pevo/shared";
import { Plus } from "lucide-react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { InputField, optionsFrom, SelectField } from "@/components/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { controlProps, Field } from "@/components/ui/field";
import { newCustomRate, type RcFormValues } from "../form-values";
import { MoneyInput } from "./money-input";
import { RemovableRow } from "./removable-row";

const UNITS = optionsFrom(RATE_UNITS);

/** Custom rates: any number of rows of name, amount and unit. */
export function CustomRatesFields() {
  const { control, register, formState } = useFormContext<RcFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "customRates" });
  const errors = formState.errors.customRates;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Custom Rates</CardTitle>
        <CardDescription>
          Extra charges agreed for this job, such as a bucket truck or a permit fee.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {fields.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
            No custom rates.
          </p>
        ) : null}
        {fields.map((row, index) => {
          const base = `rc-customRates-${index}`;
          const rowErrors = errors?.[index];
          return (
            <RemovableRow
              key={row.id}
              title={`Custom Rate ${index + 1}`}
              id={base}
              removeLabel={`Remove custom rate ${index + 1}`}
              onRemove={() => remove(index)}
            >
              <div className="grid items-start gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
                <InputField
                  id={`${base}-name`}
                  label="Name"
                  error={rowErrors?.name?.message}
                  placeholder="e.g. Bucket truck"
                  autoComplete="off"
                  {...register(`customRates.${index}.name`)}
                />
                <Field label="Amount" htmlFor={`${base}-amount`} error={rowErrors?.amount?.message}>
                  <MoneyInput
                    {...controlProps(`${base}-amount`, rowErrors?.amount?.message)}
                    {...register(`customRates.${index}.amount`)}
                  />
                </Field>
                <SelectField
                  control={control}
                  name={`customRates.${index}.unit`}
                  id={`${base}-unit`}
                  label="Unit"
                  placeholder="Select a unit"
                  options={UNITS}
                />
              </div>
            </RemovableRow>
          );
        })}
        <div>
          <Button variant="outline" onClick={() => append(newCustomRate())}>
            <Plus />
            Add Custom Rate
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

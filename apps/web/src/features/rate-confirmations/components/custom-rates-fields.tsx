import { RATE_UNITS, type RateUnit } from "@pevo/shared";
import { Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { newCustomRate, type RcFormValues } from "../form-values";
import { MoneyInput } from "./money-input";

const UNITS = Object.entries(RATE_UNITS) as [RateUnit, string][];

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
            <div
              key={row.id}
              role="group"
              aria-labelledby={`${base}-title`}
              className="grid gap-3 rounded-lg border bg-muted/30 p-3"
            >
              <div className="flex items-center justify-between gap-2">
                <span id={`${base}-title`} className="text-sm font-medium">
                  Custom Rate {index + 1}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-muted-foreground hover:text-destructive"
                  aria-label={`Remove custom rate ${index + 1}`}
                  onClick={() => remove(index)}
                >
                  <Trash2 />
                  <span className="hidden sm:inline">Remove</span>
                </Button>
              </div>
              <div className="grid items-start gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
                <Field label="Name" htmlFor={`${base}-name`} error={rowErrors?.name?.message}>
                  <Input
                    {...controlProps(`${base}-name`, rowErrors?.name?.message)}
                    placeholder="e.g. Bucket truck"
                    autoComplete="off"
                    {...register(`customRates.${index}.name`)}
                  />
                </Field>
                <Field label="Amount" htmlFor={`${base}-amount`} error={rowErrors?.amount?.message}>
                  <MoneyInput
                    {...controlProps(`${base}-amount`, rowErrors?.amount?.message)}
                    {...register(`customRates.${index}.amount`)}
                  />
                </Field>
                <Controller
                  control={control}
                  name={`customRates.${index}.unit`}
                  render={({ field, fieldState }) => (
                    <Field label="Unit" htmlFor={`${base}-unit`} error={fieldState.error?.message}>
                      <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
                        <SelectTrigger
                          ref={field.ref}
                          onBlur={field.onBlur}
                          {...controlProps(`${base}-unit`, fieldState.error?.message)}
                        >
                          <SelectValue placeholder="Select a unit" />
                        </SelectTrigger>
                        <SelectContent>
                          {UNITS.map(([value, label]) => (
                            <SelectItem key={value} value={value}>
                              {label}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    </Field>
                  )}
                />
              </div>
            </div>
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

import { POSITION_TYPES, type PositionType } from "@pevo/shared";
import { Plus, Trash2 } from "lucide-react";
import { Controller, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { newPosition, type RcFormValues } from "../form-values";

const TYPES = Object.entries(POSITION_TYPES) as [PositionType, string][];
/** Radix Select items cannot have an empty value: this one stands for "no PEVO" (saved as null). */
const UNASSIGNED = "unassigned";

export type PevoOption = { id: string; name: string };

/** Positions: at least one; type, a custom name for Custom Position, and an optional PEVO. */
export function PositionsFields({ pevos, pevosLoading }: { pevos: PevoOption[]; pevosLoading: boolean }) {
  const { control, formState } = useFormContext<RcFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "positions" });
  const errors = formState.errors.positions;
  // The list-level message comes from the schema (root) or from the server ('positions').
  const listError = errors?.root?.message ?? errors?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Positions</CardTitle>
        <CardDescription>The escort vehicles this job needs, and who drives them.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {listError ? (
          <p id="rc-positions-error" role="alert" className="text-sm text-destructive">
            {listError}
          </p>
        ) : null}
        {fields.length === 0 && !listError ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
            Add at least one position.
          </p>
        ) : null}
        {fields.map((row, index) => (
          <PositionRow
            key={row.id}
            index={index}
            pevos={pevos}
            pevosLoading={pevosLoading}
            onRemove={() => remove(index)}
          />
        ))}
        <div>
          <Button variant="outline" onClick={() => append(newPosition())}>
            <Plus />
            Add Position
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PositionRow({
  index,
  pevos,
  pevosLoading,
  onRemove,
}: {
  index: number;
  pevos: PevoOption[];
  pevosLoading: boolean;
  onRemove: () => void;
}) {
  const { control, register, formState } = useFormContext<RcFormValues>();
  const type = useWatch({ control, name: `positions.${index}.positionType` });
  const rowErrors = formState.errors.positions?.[index];
  const base = `rc-positions-${index}`;
  return (
    <div
      role="group"
      aria-labelledby={`${base}-title`}
      className="grid gap-3 rounded-lg border bg-muted/30 p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <span id={`${base}-title`} className="text-sm font-medium">
          Position {index + 1}
        </span>
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={`Remove position ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 />
          <span className="hidden sm:inline">Remove</span>
        </Button>
      </div>
      <div className="grid items-start gap-3 md:grid-cols-3">
        <Controller
          control={control}
          name={`positions.${index}.positionType`}
          render={({ field, fieldState }) => (
            <Field label="Position Type" htmlFor={`${base}-type`} error={fieldState.error?.message}>
              <Select value={field.value} onValueChange={field.onChange} disabled={field.disabled}>
                <SelectTrigger
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...controlProps(`${base}-type`, fieldState.error?.message)}
                >
                  <SelectValue placeholder="Select a position type" />
                </SelectTrigger>
                <SelectContent>
                  {TYPES.map(([value, label]) => (
                    <SelectItem key={value} value={value}>
                      {label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          )}
        />
        {type === "custom" ? (
          <Field label="Custom Name" htmlFor={`${base}-customName`} error={rowErrors?.customName?.message}>
            <Input
              {...controlProps(`${base}-customName`, rowErrors?.customName?.message)}
              placeholder="e.g. Flagger"
              autoComplete="off"
              {...register(`positions.${index}.customName`)}
            />
          </Field>
        ) : null}
        <Controller
          control={control}
          name={`positions.${index}.pevoId`}
          render={({ field, fieldState }) => (
            <Field label="PEVO" htmlFor={`${base}-pevo`} error={fieldState.error?.message}>
              <Select
                // Radix shows a value only if its item exists when it mounts: remount once PEVOs arrive.
                key={pevosLoading ? "loading" : "loaded"}
                value={field.value || UNASSIGNED}
                onValueChange={(value) => field.onChange(value === UNASSIGNED ? null : value)}
                disabled={field.disabled}
              >
                <SelectTrigger
                  ref={field.ref}
                  onBlur={field.onBlur}
                  {...controlProps(`${base}-pevo`, fieldState.error?.message)}
                >
                  <SelectValue placeholder={pevosLoading ? "Loading PEVOs..." : "Unassigned"} />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={UNASSIGNED}>Unassigned</SelectItem>
                  {pevos.map((pevo) => (
                    <SelectItem key={pevo.id} value={pevo.id}>
                      {pevo.name}
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
}

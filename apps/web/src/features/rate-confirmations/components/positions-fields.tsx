import { POSITION_TYPES } from "@pevo/shared";
import { Plus } from "lucide-react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { InputField, optionsFrom, SelectField } from "@/components/form-fields";
import { PevoPicker } from "@/components/pickers/pevo-picker";
import { PickerField } from "@/components/pickers/picker-field";
import { QualificationMarks } from "@/components/qualification";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pevoPickerSource } from "@/features/pevos";
import { newPosition, type RcFormValues } from "../form-values";
import { RemovableRow } from "./removable-row";

const TYPES = optionsFrom(POSITION_TYPES);

/**
 * Positions: at least one; type, a custom name for Custom Position, and an optional PEVO (the picker
 * marks who is not qualified for the route or busy on the dates, before choosing).
 */
export function PositionsFields({ rateConfirmationId }: { rateConfirmationId?: string }) {
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
            rateConfirmationId={rateConfirmationId}
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
  rateConfirmationId,
  onRemove,
}: {
  index: number;
  rateConfirmationId?: string;
  onRemove: () => void;
}) {
  const { control, register, formState } = useFormContext<RcFormValues>();
  const type = useWatch({ control, name: `positions.${index}.positionType` });
  const rowErrors = formState.errors.positions?.[index];
  const pevoId = useWatch({ control, name: `positions.${index}.pevoId` });
  const [routeStates, from, to] = useWatch({
    control,
    name: ["loadDetails.routeStates", "startDate", "endDate"],
  });
  // The route and dates as edited: the check follows the form, before it is saved.
  const job = { routeStates, from, to, editedRateConfirmationId: rateConfirmationId };

  const base = `rc-positions-${index}`;
  return (
    <RemovableRow
      title={`Position ${index + 1}`}
      id={base}
      removeLabel={`Remove position ${index + 1}`}
      onRemove={onRemove}
    >
      <div className="grid items-start gap-3 md:grid-cols-3">
        <SelectField
          control={control}
          name={`positions.${index}.positionType`}
          id={`${base}-type`}
          label="Position Type"
          placeholder="Select a position type"
          options={TYPES}
        />
        {type === "custom" ? (
          <InputField
            id={`${base}-customName`}
            label="Custom Name"
            error={rowErrors?.customName?.message}
            placeholder="e.g. Flagger"
            autoComplete="off"
            {...register(`positions.${index}.customName`)}
          />
        ) : null}
        <PickerField
          control={control}
          name={`positions.${index}.pevoId`}
          id={`${base}-pevo`}
          label="PEVO"
          emptyValue={null}
        >
          {/* A PEVO already on the record stays shown ("(inactive)" when no longer active). */}
          {(bound) => <PevoPicker {...bound} noneLabel="Unassigned" source={pevoPickerSource(job)} />}
        </PickerField>
        <QualificationMarks job={job} pevoId={pevoId} className="md:col-span-3" />
      </div>
    </RemovableRow>
  );
}

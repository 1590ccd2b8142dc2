import type * as React from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

/**
 * The labelled form controls every form uses: a Field (label, error, hint) around one control
 * whose id ties it to both. Inputs take `register(name)`; selects and dates bind to the form.
 */
type Labelled = {
  id: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
};

/** `R` is what the form's resolver turns the values into on submit (see useForm). */
type Bound<T extends FieldValues, R extends FieldValues> = Labelled & {
  control: Control<T, unknown, R>;
  name: FieldPath<T>;
};

type Registered = { error?: string; inputClassName?: string };

/** What a registered control gets: its id and aria ties, its class, and the rest of its own props. */
type ControlOf<P> = ReturnType<typeof controlProps> & { className?: string } & Omit<
    P,
    keyof Labelled | keyof Registered
  >;

/** A Field (label, error, hint, layout) around the control `render` draws with the rest of the props. */
function labelled<P extends Labelled & Registered>(
  { id, label, error, hint, className, inputClassName, ...rest }: P,
  render: (control: ControlOf<P>) => React.ReactNode,
) {
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={className}>
      {render({ ...controlProps(id, error), className: inputClassName, ...rest })}
    </Field>
  );
}

export function InputField(props: Labelled & Registered & React.ComponentProps<"input">) {
  return labelled(props, (control) => <Input {...control} />);
}

export function TextareaField(props: Labelled & Registered & React.ComponentProps<"textarea">) {
  return labelled(props, (control) => <Textarea {...control} />);
}

export type SelectOption = { value: string; label: string };

/** A select's options from a table of labels (statuses, position types, units), in its order. */
export const optionsFrom = (labels: Record<string, string>): SelectOption[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Radix Select items cannot have an empty value: this one stands for the empty choice. */
const NONE = "__none__";

export function SelectField<T extends FieldValues, R extends FieldValues = T>({
  control,
  name,
  id,
  label,
  hint,
  className,
  options,
  placeholder,
  noneLabel,
  emptyValue = "",
  disabled,
  onValueChange,
}: Bound<T, R> & {
  options: readonly SelectOption[];
  placeholder?: string;
  /** Offer an empty choice with this label (stored as `emptyValue`). */
  noneLabel?: string;
  emptyValue?: "" | null;
  disabled?: boolean;
  /** Called after the form's value changed, for fields that fill others. */
  onValueChange?: (value: string) => void;
}) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const value = (field.value as string | null | undefined) || (noneLabel ? NONE : "");
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={cn("min-w-0", className)}>
      <Select
        value={value}
        onValueChange={(next) => {
          field.onChange(next === NONE ? emptyValue : next);
          onValueChange?.(next === NONE ? "" : next);
        }}
        disabled={field.disabled || disabled}
      >
        <SelectTrigger
          ref={field.ref}
          onBlur={field.onBlur}
          // Long option texts end in an ellipsis instead of running out of the trigger.
          className="min-w-0 [&>span]:min-w-0 [&>span]:truncate"
          {...controlProps(id, error)}
        >
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent className="max-w-[calc(100vw-2rem)]">
          {noneLabel ? <SelectItem value={NONE}>{noneLabel}</SelectItem> : null}
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

type PickerProps = React.ComponentProps<typeof DatePicker>;

export function DateField<T extends FieldValues, R extends FieldValues = T>({
  control,
  name,
  id,
  label,
  hint,
  className,
  onValueChange,
  ...picker
}: Bound<T, R> &
  Pick<PickerProps, "minDate" | "disablePast" | "clearable" | "placeholder" | "disabled"> & {
    /** Called after the form's value changed, for fields that follow this one. */
    onValueChange?: (value: string) => void;
  }) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={className}>
      <DatePicker
        id={id}
        value={field.value as string | null | undefined}
        onChange={(value) => {
          field.onChange(value ?? "");
          field.onBlur();
          onValueChange?.(value ?? "");
        }}
        invalid={Boolean(error)}
        {...picker}
        disabled={field.disabled || picker.disabled}
      />
    </Field>
  );
}

/** Cancel and the submit button at the foot of a form; the submit button spins while saving. */
export function FormActions({
  pending,
  submitLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: React.ReactNode;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        {submitLabel}
      </Button>
    </div>
  );
}

import type { ReactNode } from "react";
import { type Control, type FieldPath, type FieldValues, useController } from "react-hook-form";
import { controlProps, Field } from "@/components/ui/field";
import { cn } from "@/lib/utils";

/** What a picker needs from its form field: the value, the change handler and the error's ARIA. */
export type BoundPicker<I = unknown> = {
  id: string;
  value: string | null;
  onChange: (value: string | null, item: I | null) => void;
  onBlur: () => void;
  ref: (element: HTMLButtonElement | null) => void;
  disabled?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A picker bound to a react-hook-form field, with its label, hint and error (like SelectField):
 * `<PickerField control={control} name="clientId" id="rc-clientId" label="Client">{(bound) =>
 * <ClientPicker {...bound} />}</PickerField>`. `emptyValue` is what "none" stores ("" or null).
 */
export function PickerField<I, T extends FieldValues, R extends FieldValues = T>({
  control,
  name,
  id,
  label,
  hint,
  className,
  emptyValue = "",
  onValueChange,
  children,
}: {
  control: Control<T, unknown, R>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  emptyValue?: "" | null;
  /** Called after the form's value changed (fields that fill others). */
  onValueChange?: (value: string | null, item: I | null) => void;
  children: (bound: BoundPicker<I>) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error?.message;
  const { id: _id, ...aria } = controlProps(id, error);
  return (
    <Field label={label} htmlFor={id} error={error} hint={hint} className={cn("min-w-0", className)}>
      {children({
        id,
        value: (field.value as string | null | undefined) || null,
        onChange: (value, item) => {
          field.onChange(value ?? emptyValue);
          onValueChange?.(value, item);
        },
        onBlur: field.onBlur,
        ref: field.ref,
        disabled: field.disabled,
        ...aria,
      })}
    </Field>
  );
}

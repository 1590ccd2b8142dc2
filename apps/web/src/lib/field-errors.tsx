/**
 * A form dialog's field errors (the dialogs that validate with the shared zod schema on submit
 * instead of react-hook-form): the first message of each field, the line under the field, and the
 * attributes that tie the two together for screen readers (`${id}-${key}-error`).
 */

/** The first message of each top-level field of a failed zod parse. */
export function firstErrorPerField<K extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const issue of issues) errors[issue.path[0] as K] ??= issue.message;
  return errors;
}

/** `error(key)`: the message under a field (or nothing); `aria(key)`: its input's attributes. */
export function fieldErrorParts<K extends string>(id: string, errors: Partial<Record<K, string>>) {
  return {
    error: (key: K) =>
      errors[key] ? (
        <p id={`${id}-${key}-error`} className="text-sm text-destructive">
          {errors[key]}
        </p>
      ) : null,
    aria: (key: K) => ({
      "aria-invalid": errors[key] ? true : undefined,
      "aria-describedby": errors[key] ? `${id}-${key}-error` : undefined,
    }),
  };
}

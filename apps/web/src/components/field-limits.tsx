import { maxLengthOf } from "@pevo/shared";
import * as React from "react";
import type { z } from "zod";

const SchemaContext = React.createContext<z.ZodType | null>(null);

/**
 * Gives every text input and textarea inside it the `maxLength` of its field in `schema` (by the
 * input's `name`, which `register(name)` sets): the same bound the API enforces, from one place.
 */
function FieldLimits({ schema, children }: { schema: z.ZodType; children: React.ReactNode }) {
  return <SchemaContext.Provider value={schema}>{children}</SchemaContext.Provider>;
}

/** The `maxLength` of the named field in the enclosing {@link FieldLimits} schema, if it has one. */
export function useMaxLength(name: string | undefined): number | undefined {
  const schema = React.useContext(SchemaContext);
  return React.useMemo(() => (schema && name ? maxLengthOf(schema, name) : undefined), [schema, name]);
}

/** A `<form>` whose text inputs take their `maxLength` from `schema` (see {@link FieldLimits}). */
export function LimitedForm({ schema, ...form }: { schema: z.ZodType } & React.ComponentProps<"form">) {
  return (
    <FieldLimits schema={schema}>
      <form {...form} />
    </FieldLimits>
  );
}

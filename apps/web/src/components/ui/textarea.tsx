import type * as React from "react";
import { cn } from "@/lib/utils";
import { useTextLimit } from "./text-limit";

export function Textarea({
  className,
  maxLength,
  ref,
  onInput,
  onPaste,
  ...props
}: React.ComponentProps<"textarea">) {
  // The bound (a `maxLength` prop, or the field's in the enclosing <FieldLimits schema>) is shown, never a silent stop.
  const limit = useTextLimit({ ...props, maxLength, ref, onInput, onPaste });
  return (
    <>
      <textarea
        data-slot="textarea"
        className={cn(
          "flex min-h-16 w-full rounded-md border border-input bg-transparent px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm dark:bg-input/30",
          className,
        )}
        {...props}
        {...limit.control}
      />
      {limit.note}
    </>
  );
}

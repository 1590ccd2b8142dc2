import type * as React from "react";
import { cn } from "@/lib/utils";
import { useTextLimit } from "./text-limit";

export function Input({
  className,
  type,
  maxLength,
  ref,
  onInput,
  onPaste,
  ...props
}: React.ComponentProps<"input">) {
  // The bound (a `maxLength` prop, or the field's in the enclosing <FieldLimits schema>) is shown, never a silent stop.
  const limit = useTextLimit({ ...props, maxLength, ref, onInput, onPaste });
  return (
    <>
      <input
        type={type}
        data-slot="input"
        className={cn(
          "flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30",
          "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
          "aria-invalid:border-destructive aria-invalid:ring-destructive/20",
          className,
        )}
        {...props}
        {...limit.control}
      />
      {limit.note}
    </>
  );
}

import type * as React from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** A dollar amount: 0 or more, cents allowed, with a $ prefix. The value stays the typed text. */
export function MoneyInput({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <div className="relative">
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
      >
        $
      </span>
      <Input
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        placeholder="0.00"
        className={cn("pl-7", className)}
        {...props}
      />
    </div>
  );
}

import { Popover as PopoverPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";
import { Button } from "./button";

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;

export function PopoverContent({
  className,
  align = "center",
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          "z-50 w-72 rounded-md border bg-popover p-4 text-popover-foreground shadow-md outline-hidden",
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}

/**
 * The outlined, full-width button of a form field that opens a popover (a date, a set of states):
 * red when invalid, muted while nothing is chosen.
 */
export function PopoverFieldTrigger({
  id,
  disabled,
  invalid,
  empty,
  className,
  children,
}: {
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  empty: boolean;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <PopoverPrimitive.Trigger asChild>
      <Button
        id={id}
        variant="outline"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        className={cn(
          "w-full font-normal aria-invalid:border-destructive",
          className,
          empty && "text-muted-foreground",
        )}
      >
        {children}
      </Button>
    </PopoverPrimitive.Trigger>
  );
}

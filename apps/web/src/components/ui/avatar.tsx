import type * as React from "react";
import { cn } from "@/lib/utils";

// Initials only (no photos), so plain spans: the image-loading logic of a Radix avatar would only
// add to every signed-in screen's first load (docs/performance.md).
export function Avatar({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}
export function AvatarFallback({ className, ...props }: React.ComponentProps<"span">) {
  return (
    <span
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground uppercase",
        className,
      )}
      {...props}
    />
  );
}

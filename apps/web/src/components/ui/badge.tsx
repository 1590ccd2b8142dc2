import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        outline: "text-foreground",
        // Dark: the light red of dark text (text-destructive) is too light under white (WCAG 1.4.3).
        destructive: "border-transparent bg-destructive text-white dark:bg-destructive/60",
        gray: "border-transparent bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200",
        yellow: "border-transparent bg-amber-100 text-amber-800 dark:bg-amber-500/20 dark:text-amber-200",
        blue: "border-transparent bg-blue-100 text-blue-800 dark:bg-blue-500/20 dark:text-blue-200",
        green: "border-transparent bg-green-100 text-green-800 dark:bg-green-500/20 dark:text-green-200",
        red: "border-transparent bg-red-100 text-red-800 dark:bg-red-500/20 dark:text-red-200",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
